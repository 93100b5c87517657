/**
 * What a report is asked for: its period (days in the admin's time zone, as the dashboard's other
 * cards count them), the grouping of sources, and JSON or CSV. Days are resolved here from the
 * clock (so tests can set it); Postgres turns them into instants by the zone's rules.
 */
import { z } from "zod";
import { REPORT_GROUPINGS, REPORT_MAX_DAYS, REPORT_PERIODS, type ReportPeriod, type ReportPeriodChoice } from "../../lib/contracts/reports.ts";
import { todayIn, windowQuery } from "../logs/window.ts";

const day = windowQuery.selectedDate;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const reportQuery = z
  .object({
    period: z.enum(REPORT_PERIODS, `must be one of ${REPORT_PERIODS.join(", ")}`).default("30d"),
    from: day,
    to: day,
    group: z.enum(REPORT_GROUPINGS, `must be one of ${REPORT_GROUPINGS.join(", ")}`).default("utm"),
    tz: windowQuery.tz,
    format: z.enum(["json", "csv"], "must be json or csv").default("json"),
  })
  .superRefine((q, ctx) => {
    if (q.period !== "custom") return;
    if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "is required for a custom period (YYYY-MM-DD)" });
    else if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "is required for a custom period (YYYY-MM-DD)" });
    else if (q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
    else if (daysBetween(q.from, q.to) >= REPORT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${REPORT_MAX_DAYS} days after from` });
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The days `choice` covers on the day `now` is in `tz`, both included. */
export function resolvePeriod(q: { period: ReportPeriodChoice; from?: string; to?: string; tz: string }, now = new Date()): ReportPeriod {
  const today = todayIn(q.tz, now);
  const from = {
    month: `${today.slice(0, 7)}-01`,
    "30d": addDays(today, -29),
    "90d": addDays(today, -89),
    year: `${today.slice(0, 4)}-01-01`,
    custom: q.from ?? today,
  }[q.period];
  return { from, to: q.period === "custom" ? (q.to ?? today) : today, timeZone: q.tz };
}

/** The Sunday of each week that holds a day of the period (YYYY-MM-DD), as the statements' `weeks`. */
export function periodWeeks(period: ReportPeriod): string[] {
  const weeks: string[] = [];
  for (let w = addDays(period.from, -new Date(`${period.from}T00:00:00Z`).getUTCDay()); w <= period.to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

/** Builds a statement's parameters: `p.v(value, "date")` adds one and gives its `$n::date`. */
export class Params {
  readonly values: unknown[] = [];
  v(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ""}`;
  }
}

/**
 * The common start of every report's statement: `bounds` (the period as instants: from the first
 * day's midnight to the midnight after the last, in the admin's zone), `weeks` (each week's Sunday
 * from the one holding the first day), and the SQL of a lead's arrival week.
 */
export function periodSql(p: Params, period: ReportPeriod) {
  const from = p.v(period.from, "date");
  const to = p.v(period.to, "date");
  const tz = p.v(period.timeZone, "text");
  return {
    ctes: `bounds AS (SELECT (${from}::timestamp AT TIME ZONE ${tz}) AS f, ((${to} + 1)::timestamp AT TIME ZONE ${tz}) AS t),
     weeks AS (SELECT w::date AS week FROM generate_series((${from} - extract(dow FROM ${from})::int)::timestamp, ${to}::timestamp, interval '7 days') w)`,
    /** The Sunday of the week the lead `alias` arrived in, in the admin's zone. */
    week: (alias: string) => `((${alias}.created_at AT TIME ZONE ${tz})::date - extract(dow FROM (${alias}.created_at AT TIME ZONE ${tz}))::int)`,
    /** A real lead (not held as possible spam) that arrived in the period. */
    inPeriod: (alias: string) => `${alias}.spam_reason IS NULL AND ${alias}.created_at >= bounds.f AND ${alias}.created_at < bounds.t`,
  };
}
