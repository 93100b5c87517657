/** GET admin/reports/:table as the reports tab uses it: one table per call, as JSON or as a CSV file. */
import { api } from "../../lib/api-client.ts";
import type { LanguagesReport, MoneyReport, ReportGrouping, ReportPeriodChoice, ReportTable, ServicesReport, SourcesReport, SpeedReport, VisitsReport, WeeklyReport } from "../../lib/contracts/reports.ts";
import { downloadCsv, timeZone } from "./api.ts";

/** What the admin chose: the period (the days, for a custom one) and how sources are grouped. */
export interface ReportChoice {
  period: ReportPeriodChoice;
  from: string;
  to: string;
  group: ReportGrouping;
}

export interface ReportAnswers {
  sources: SourcesReport;
  services: ServicesReport;
  speed: SpeedReport;
  weekly: WeeklyReport;
  visits: VisitsReport;
  languages: LanguagesReport;
  money: MoneyReport;
}

function search(table: ReportTable, c: ReportChoice, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ period: c.period, tz: timeZone, ...extra });
  if (c.period === "custom") {
    p.set("from", c.from);
    p.set("to", c.to);
  }
  if (table === "sources" || table === "weekly") p.set("group", c.group);
  return p.toString();
}

export async function fetchReport<T extends ReportTable>(table: T, choice: ReportChoice, signal?: AbortSignal): Promise<ReportAnswers[T]> {
  return (await api<ReportAnswers[T]>(`admin/reports/${table}?${search(table, choice)}`, { signal })).data!;
}

export async function downloadReportCsv(table: ReportTable, choice: ReportChoice): Promise<void> {
  await downloadCsv(`/api/admin/reports/${table}?${search(table, choice, { format: "csv" })}`, `report-${table}.csv`);
}
