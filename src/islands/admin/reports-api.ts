/** GET admin/reports/:table as the reports tab uses it: one table per call, as JSON or as a CSV file. */
import { api, ApiError, getToken } from "../../lib/api-client.ts";
import type { ReportGrouping, ReportPeriodChoice, ReportTable, ServicesReport, SourcesReport, SpeedReport, WeeklyReport } from "../../lib/contracts/reports.ts";
import { timeZone } from "./api.ts";

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

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadReportCsv(table: ReportTable, choice: ReportChoice): Promise<void> {
  const res = await fetch(`/api/admin/reports/${table}?${search(table, choice, { format: "csv" })}`, { headers: { Authorization: `Bearer ${getToken() ?? ""}` } });
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `report-${table}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
