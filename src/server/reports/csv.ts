/** Each report table as a CSV file, with the figures the table shows (times in business hours). */
import type { LanguagesReport, MoneyReport, ReportGrouping, ServicesReport, SourceKey, SourcesReport, SpeedReport, SpeedRow, StatusCounts, VisitsReport, VisitsRow, WeeklyReport } from "../../lib/contracts/reports.ts";
import { LEAD_STATUSES } from "../../lib/lead-status.ts";
import { toCsv } from "../http/csv.ts";

type Column<T> = { header: string; value: (row: T) => unknown };

const KEY_HEADERS: Record<ReportGrouping, string[]> = {
  utm: ["utm_source", "utm_medium", "utm_campaign"],
  page: ["page"],
  referrer: ["referrer_host"],
};

/** A source's values, a special one in brackets: (direct), (internal), (none). */
const keyCells = (k: SourceKey) => (k.special ? k.keys.map((v, i) => v ?? (i === 0 ? `(${k.special})` : "")) : k.keys.map((v) => v ?? ""));

const countColumns = <T extends StatusCounts>(): Column<T>[] => [
  ...LEAD_STATUSES.map((s) => ({ header: s, value: (r: T) => r[s] })),
  { header: "total", value: (r) => r.total },
  { header: "won_rate", value: (r) => r.wonRate.toFixed(4) },
];

export function sourcesCsv(r: SourcesReport): string {
  const keys: Column<SourcesReport["rows"][number]>[] = KEY_HEADERS[r.group].map((header, i) => ({ header, value: (row) => keyCells(row)[i] }));
  return toCsv([...keys, ...countColumns()], r.rows);
}

export function servicesCsv(r: ServicesReport): string {
  return toCsv<ServicesReport["rows"][number]>(
    [
      { header: "kind", value: (row) => row.kind },
      { header: "service_or_product_id", value: (row) => row.id ?? "(other)" },
      { header: "product_name", value: (row) => row.name },
      ...countColumns(),
    ],
    r.rows,
  );
}

const hoursCell = (s: number | null) => (s === null ? "" : (s / 3600).toFixed(2));

export function speedCsv(r: SpeedReport): string {
  return toCsv<SpeedRow>(
    [
      { header: "week_from", value: (row) => row.week ?? "all" },
      { header: "leads", value: (row) => row.leads },
      { header: "answered", value: (row) => row.answered },
      { header: "waiting", value: (row) => row.waiting },
      { header: r.hours ? "median_business_hours" : "median_hours", value: (row) => hoursCell(row.medianSeconds) },
      { header: r.hours ? "p90_business_hours" : "p90_hours", value: (row) => hoursCell(row.p90Seconds) },
    ],
    [...r.weeks, r.total],
  );
}

export function weeklyCsv(r: WeeklyReport): string {
  const rows = r.weeks.flatMap((week, w) => r.sources.map((s) => ({ week, s, leads: s.leads[w], won: s.won[w] })));
  const keys: Column<(typeof rows)[number]>[] = KEY_HEADERS[r.group].map((header, i) => ({ header, value: (row) => keyCells(row.s)[i] }));
  return toCsv([{ header: "week_from", value: (row) => row.week }, ...keys, { header: "leads", value: (row) => row.leads }, { header: "won", value: (row) => row.won }], rows);
}

const fixed = (n: number | null, digits: number) => (n === null ? "" : n.toFixed(digits));

/** Leads and won jobs by the site's language (issue 37): en, then es. */
export function languagesCsv(r: LanguagesReport): string {
  return toCsv<LanguagesReport["rows"][number]>([{ header: "language", value: (row) => row.language }, ...countColumns()], r.rows);
}

/** Site visits per week and in all (issue 35): how booked, how they went, no-show rate, days from lead to visit. */
export function visitsCsv(r: VisitsReport): string {
  return toCsv<VisitsRow>(
    [
      { header: "week_from", value: (row) => row.week ?? "all" },
      { header: "visits", value: (row) => row.visits },
      { header: "booked_online", value: (row) => row.online },
      { header: "booked_by_office", value: (row) => row.office },
      { header: "scheduled", value: (row) => row.scheduled },
      { header: "done", value: (row) => row.done },
      { header: "no_show", value: (row) => row.noShow },
      { header: "cancelled", value: (row) => row.cancelled },
      { header: "no_show_rate", value: (row) => fixed(row.noShowRate, 4) },
      { header: "median_days_lead_to_visit", value: (row) => fixed(row.medianDays, 1) },
      { header: "average_days_lead_to_visit", value: (row) => fixed(row.averageDays, 1) },
    ],
    [...r.weeks, r.total],
  );
}

/** The period's money (issue 39): one row per figure, in dollars. */
export function moneyCsv(r: MoneyReport): string {
  const rows = [
    { figure: "pipeline", amount: r.pipeline.amount, leads: r.pipeline.leads, without: r.pipeline.withoutAmount },
    { figure: "won", amount: r.won.amount, leads: r.won.leads, without: r.won.withoutAmount },
    { figure: "average_job", amount: r.averageJob, leads: r.won.leads, without: r.won.withoutAmount },
  ];
  return toCsv<(typeof rows)[number]>(
    [
      { header: "figure", value: (row) => row.figure },
      { header: "amount_usd", value: (row) => (row.amount === null ? "" : row.amount.toFixed(2)) },
      { header: "leads_with_amount", value: (row) => row.leads },
      { header: "leads_without_amount", value: (row) => row.without },
    ],
    rows,
  );
}
