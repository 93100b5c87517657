/**
 * Site visits (issue 35, item 6): for each week of the period and the whole of it, by the visit's
 * day in Cape Coral, the visits booked online and by the office, how they went (done, no-show,
 * cancelled, still scheduled), the no-show rate among those that took place or should have, and
 * the days from the lead's arrival to its visit (median and average, cancelled visits left out).
 * One statement.
 */
import type { Queryable } from "../db/index.ts";
import type { ReportPeriod, VisitsReport, VisitsRow } from "../../lib/contracts/reports.ts";
import { Params } from "./period.ts";

type Row = {
  week: string | null;
  visits: string;
  online: string;
  office: string;
  scheduled: string;
  done: string;
  no_show: string;
  cancelled: string;
  median_days: number | null;
  avg_days: number | null;
};

const toRow = (r: Row): VisitsRow => {
  const done = Number(r.done);
  const noShow = Number(r.no_show);
  return {
    week: r.week,
    visits: Number(r.visits),
    online: Number(r.online),
    office: Number(r.office),
    scheduled: Number(r.scheduled),
    done,
    noShow,
    cancelled: Number(r.cancelled),
    noShowRate: done + noShow ? noShow / (done + noShow) : null,
    medianDays: r.median_days === null ? null : Number(r.median_days),
    averageDays: r.avg_days === null ? null : Number(r.avg_days),
  };
};

export async function visitsReport(q: Queryable, period: ReportPeriod): Promise<VisitsReport> {
  const p = new Params();
  const from = p.v(period.from, "date");
  const to = p.v(period.to, "date");
  const r = await q.query<Row>(
    `WITH weeks AS (SELECT w::date AS week FROM generate_series((${from} - extract(dow FROM ${from})::int)::timestamp, ${to}::timestamp, interval '7 days') w),
     v AS (SELECT (v.local_date - extract(dow FROM v.local_date)::int) AS week, v.booked_by, v.status,
                  extract(epoch FROM (v.starts_at - l.created_at)) / 86400.0 AS days
             FROM visits v JOIN leads l ON l.id = v.lead_id
            WHERE v.local_date BETWEEN ${from} AND ${to})
     SELECT to_char(wk.week, 'YYYY-MM-DD') AS week,
            count(v.week) AS visits,
            count(v.week) FILTER (WHERE v.booked_by = 'online') AS online,
            count(v.week) FILTER (WHERE v.booked_by = 'office') AS office,
            count(v.week) FILTER (WHERE v.status = 'scheduled') AS scheduled,
            count(v.week) FILTER (WHERE v.status = 'done') AS done,
            count(v.week) FILTER (WHERE v.status = 'no-show') AS no_show,
            count(v.week) FILTER (WHERE v.status = 'cancelled') AS cancelled,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY v.days) FILTER (WHERE v.status <> 'cancelled') AS median_days,
            avg(v.days) FILTER (WHERE v.status <> 'cancelled') AS avg_days
       FROM weeks wk
       LEFT JOIN v ON v.week = wk.week
      GROUP BY GROUPING SETS ((wk.week), ())
      ORDER BY wk.week NULLS LAST`,
    p.values,
  );
  return { period, weeks: r.rows.filter((row) => row.week !== null).map(toRow), total: toRow(r.rows.find((row) => row.week === null)!) };
}
