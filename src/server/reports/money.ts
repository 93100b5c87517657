/**
 * The money in the period's real leads (issue 39), from the amounts the office writes when it
 * quotes or wins a lead: the pipeline (quoted, still open), the won value and the average won job.
 * A lead in either status without an amount is counted apart, so a low figure can be explained.
 * One statement.
 */
import type { Queryable } from "../db/index.ts";
import type { MoneyFigure, MoneyReport, ReportPeriod } from "../../lib/contracts/reports.ts";
import { Params, periodSql } from "./period.ts";

type Row = Record<`${"quoted" | "won"}_${"amount" | "leads" | "without"}`, string | number | null>;

const figure = (r: Row, s: "quoted" | "won"): MoneyFigure => ({
  amount: Number(r[`${s}_amount`] ?? 0),
  leads: Number(r[`${s}_leads`]),
  withoutAmount: Number(r[`${s}_without`]),
});

export async function moneyReport(q: Queryable, period: ReportPeriod): Promise<MoneyReport> {
  const p = new Params();
  const per = periodSql(p, period);
  const sums = (s: "quoted" | "won") =>
    `coalesce(sum(l.amount) FILTER (WHERE l.status = '${s}'), 0) AS ${s}_amount,
     count(*) FILTER (WHERE l.status = '${s}' AND l.amount IS NOT NULL) AS ${s}_leads,
     count(*) FILTER (WHERE l.status = '${s}' AND l.amount IS NULL) AS ${s}_without`;
  const r = await q.query<Row>(`WITH ${per.ctes} SELECT ${sums("quoted")}, ${sums("won")} FROM leads l CROSS JOIN bounds WHERE ${per.inPeriod("l")}`, p.values);
  const won = figure(r.rows[0], "won");
  return { period, pipeline: figure(r.rows[0], "quoted"), won, averageJob: won.leads ? Math.round((won.amount / won.leads) * 100) / 100 : null };
}
