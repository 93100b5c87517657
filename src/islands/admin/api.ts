/** The admin endpoints as the dashboard uses them: shapes and fetchers in one place. */
import { api, ApiError, getToken } from "../../lib/api-client.ts";
import type { DashboardStats } from "../../server/admin/stats.ts";

export type Range = "5m" | "1h" | "4h" | "1d";
export interface WindowParams {
  range: Range;
  selectedDate: string;
}

/** The server's figures; products may be missing when the catalogue could not be counted. */
export type Stats = Omit<DashboardStats, "products"> & { products: number | null };

export type Rating = "good" | "needs-improvement" | "poor";
export interface VitalRow {
  path: string;
  metric: "LCP" | "INP" | "CLS" | "TTFB";
  p75: number;
  samples: number;
  rating: Rating;
}

export interface QueryAnswer {
  data: Record<string, unknown>[];
  columns: string[];
  truncated: boolean;
  ms: number;
}

/** The browser's IANA zone, so "today" and the day's boundaries are the admin's own. */
export const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "America/New_York";
  } catch {
    return "America/New_York";
  }
})();

export function windowSearch(w: WindowParams, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ range: w.range, selectedDate: w.selectedDate, tz: timeZone, ...extra }).toString();
}

export async function fetchStats(w: WindowParams, signal?: AbortSignal): Promise<Stats> {
  return (await api<Stats>(`admin/stats?${windowSearch(w)}`, { signal })).data!;
}

export async function fetchLogs(w: WindowParams & { tail: number; grep: string }, signal?: AbortSignal): Promise<string[]> {
  const extra: Record<string, string> = { tail: String(w.tail) };
  if (w.grep.trim()) extra.grep = w.grep.trim();
  return (await api<{ data: string[] }>(`admin/logs/raw?${windowSearch(w, extra)}`, { signal })).data?.data ?? [];
}

export async function fetchVitals(range: string, signal?: AbortSignal): Promise<VitalRow[]> {
  return (await api<{ data: VitalRow[] }>(`admin/vitals?range=${encodeURIComponent(range)}`, { signal })).data?.data ?? [];
}

export async function runQuery(query: string): Promise<QueryAnswer> {
  return (await api<QueryAnswer>("admin/query", { method: "POST", body: { query } })).data!;
}

export interface AdminLead {
  id: string;
  createdAt: string;
  kind: "quote" | "inquiry";
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  productName: string | null;
  spamReason: string | null;
  crmState: "pending" | "synced" | "failed" | "disabled";
  attempts: number;
  lastError: string | null;
}
export interface LeadsPage {
  data: AdminLead[];
  page: number;
  pageSize: number;
  total: number;
}

export async function fetchLeads(page: number, signal?: AbortSignal): Promise<LeadsPage> {
  return (await api<LeadsPage>(`admin/leads?page=${page}`, { signal })).data!;
}

export async function retryLead(id: string): Promise<AdminLead["crmState"]> {
  return (await api<{ crmState: AdminLead["crmState"] }>(`admin/leads/${encodeURIComponent(id)}/retry`, { method: "POST", body: {} })).data!.crmState;
}

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadLeadsCsv(): Promise<void> {
  const res = await fetch("/api/admin/leads?format=csv", { headers: { Authorization: `Bearer ${getToken() ?? ""}` } });
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "leads.csv";
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  createdAt: string;
}

export async function fetchBucket(signal?: AbortSignal): Promise<StoredObject[]> {
  return (await api<{ data: StoredObject[] }>("admin/bucket", { signal })).data?.data ?? [];
}
