/**
 * Speed to answer: for the leads that arrived in each week of the period (and in the whole
 * period), the median and 90th percentile of the business time from 'new' to the lead's first
 * answer: its first contact ('התקשרתי', issue 34) or its first status change (the first row of
 * its history), whichever came first; and how many still wait; plus every lead waiting
 * now and the oldest of them. One statement.
 *
 * The wait starts when the lead arrived, or when the office released it from the spam hold
 * (decision 15): until then it was not on the office's list.
 */
import type { Queryable } from "../db/index.ts";
import type { BusinessHours, ReportPeriod, SpeedReport, SpeedRow } from "../../lib/contracts/reports.ts";
import { Params, periodSql } from "./period.ts";
import { businessSecondsSql } from "./hours.ts";

type Row = {
  week: string | null;
  leads: string;
  answered: string;
  waiting: string;
  p50: number | null;
  p90: number | null;
  waiting_now: string;
  oldest_id: string | null;
  oldest_since: Date | null;
  oldest_secs: number | null;
};

const toRow = (r: Row): SpeedRow => ({
  week: r.week,
  leads: Number(r.leads),
  answered: Number(r.answered),
  waiting: Number(r.waiting),
  medianSeconds: r.p50 === null ? null : Number(r.p50),
  p90Seconds: r.p90 === null ? null : Number(r.p90),
});

export async function speedReport(q: Queryable, period: ReportPeriod, hours: BusinessHours | null, now = new Date()): Promise<SpeedReport> {
  const p = new Params();
  const per = periodSql(p, period);
  const at = p.v(now, "timestamptz");
  const r = await q.query<Row>(
    `WITH ${per.ctes},
     first AS (SELECT h.lead_id, min(h.changed_at) AS first_at FROM lead_status_history h GROUP BY h.lead_id),
     l AS (SELECT l.id, coalesce(l.released_at, l.created_at) AS since, ${per.week("l")} AS week, least(f.first_at, l.first_contact_at) AS first_at
             FROM leads l CROSS JOIN bounds LEFT JOIN first f ON f.lead_id = l.id
            WHERE ${per.inPeriod("l")}),
     timed AS (SELECT l.week, l.first_at, CASE WHEN l.first_at IS NOT NULL THEN b.secs END AS secs
                 FROM l CROSS JOIN LATERAL ${businessSecondsSql(p, hours, "l.since", "l.first_at")} b),
     waiting AS (SELECT w.id, coalesce(w.released_at, w.created_at) AS since, count(*) OVER () AS n
                   FROM leads w
                  WHERE w.spam_reason IS NULL AND w.first_contact_at IS NULL AND NOT EXISTS (SELECT 1 FROM lead_status_history h WHERE h.lead_id = w.id)
                  ORDER BY since, w.id LIMIT 1),
     oldest AS (SELECT w.id, w.since, w.n, b.secs FROM waiting w CROSS JOIN LATERAL ${businessSecondsSql(p, hours, "w.since", at)} b)
     SELECT to_char(wk.week, 'YYYY-MM-DD') AS week,
            count(t.week) AS leads, count(t.secs) AS answered, count(t.week) FILTER (WHERE t.first_at IS NULL) AS waiting,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY t.secs) AS p50,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY t.secs) AS p90,
            coalesce(min(o.n), 0) AS waiting_now, min(o.id::text) AS oldest_id, min(o.since) AS oldest_since, min(o.secs) AS oldest_secs
       FROM weeks wk
       LEFT JOIN timed t ON t.week = wk.week
       LEFT JOIN oldest o ON true
      GROUP BY GROUPING SETS ((wk.week), ())
      ORDER BY wk.week NULLS LAST`,
    p.values,
  );
  const total = r.rows.find((row) => row.week === null)!;
  return {
    period,
    hours,
    weeks: r.rows.filter((row) => row.week !== null).map(toRow),
    total: toRow(total),
    waitingNow: {
      count: Number(total.waiting_now),
      oldest: total.oldest_id ? { id: total.oldest_id, since: new Date(total.oldest_since!).toISOString(), seconds: Number(total.oldest_secs) } : null,
    },
  };
}
