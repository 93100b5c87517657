/** Each report table as a CSV file, with the figures the table shows (times in business hours). */
import type { ReportGrouping, ServicesReport, SourceKey, SourcesReport, SpeedReport, SpeedRow, StatusCounts, WeeklyReport } from "../../lib/contracts/reports.ts";
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
