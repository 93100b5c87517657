/** The admin endpoints as the dashboard uses them: shapes and fetchers in one place. */
import { api, ApiError, getToken } from "../../lib/api-client.ts";
import type { AdminLead, DashboardStats, StatusEntry, StoredObject, VitalRow } from "../../lib/contracts/admin.ts";
import type { LeadKind, LeadPhoto } from "../../lib/contracts/lead.ts";
import type { LeadStatus } from "../../lib/lead-status.ts";
import type { PipeReport, PipesAnswer } from "../../lib/contracts/pipes.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";

export type { AdminLead, LeadAnswerDue, Rating, RelatedLead, StatusEntry, StoredObject, VitalRow } from "../../lib/contracts/admin.ts";
export type { LeadPhoto } from "../../lib/contracts/lead.ts";
export type { PipeReport } from "../../lib/contracts/pipes.ts";

export type Range = "5m" | "1h" | "4h" | "1d";
export interface WindowParams {
  range: Range;
  selectedDate: string;
}

/** The server's figures; products may be missing when the catalogue could not be counted. */
export type Stats = Omit<DashboardStats, "products"> & { products: number | null };

export interface QueryAnswer {
  data: Record<string, unknown>[];
  columns: string[];
  truncated: boolean;
  ms: number;
}

/** The browser's IANA zone, so "today" and the day's boundaries are the admin's own. */
export const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || OFFICE_TIME_ZONE;
  } catch {
    return OFFICE_TIME_ZONE;
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

export interface LeadsPage {
  data: AdminLead[];
  page: number;
  pageSize: number;
  total: number;
  /** Leads (not spam) received in the last 7 days. */
  recent: number;
  /** Leads held as possible spam, waiting for the office (decision 15). */
  held: number;
}

/** The list's filters, sent to the server (which filters, pages and exports). */
export interface LeadsFilter {
  kind?: LeadKind | "";
  status?: LeadStatus | "";
  /** One lead (the office e-mail's link, /admin?lead=<id>). */
  id?: string;
  /** 'only': the leads held as possible spam instead of the real ones. */
  held?: "only" | "";
  /** Search: name, phone, e-mail or town (issue 39). */
  q?: string;
}

const filterSearch = (f: LeadsFilter, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams(extra);
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, String(v));
  return p.toString();
};

export async function fetchLeads(page: number, filter: LeadsFilter = {}, signal?: AbortSignal): Promise<LeadsPage> {
  return (await api<LeadsPage>(`admin/leads?${filterSearch(filter, { page: String(page) })}`, { signal })).data!;
}

export async function retryLead(id: string): Promise<AdminLead["crmState"]> {
  return (await api<{ crmState: AdminLead["crmState"] }>(`admin/leads/${encodeURIComponent(id)}/retry`, { method: "POST", body: {} })).data!.crmState;
}

/** 'Not spam': releases a lead held as possible spam (its e-mails and CRM sync then happen). */
export async function releaseLead(id: string): Promise<void> {
  await api(`admin/leads/${encodeURIComponent(id)}/release`, { method: "POST", body: {} });
}

export async function fetchStatusHistory(id: string, signal?: AbortSignal): Promise<StatusEntry[]> {
  return (await api<{ history: StatusEntry[] }>(`admin/leads/${encodeURIComponent(id)}/status`, { signal })).data!.history;
}

/** `amount`: dollars, for quoted and won (null: keep the lead's). */
export async function setLeadStatus(id: string, status: LeadStatus, note: string, amount: number | null = null): Promise<{ status: LeadStatus; entry: StatusEntry }> {
  const body = amount === null ? { status, note } : { status, note, amount };
  return (await api<{ status: LeadStatus; entry: StatusEntry }>(`admin/leads/${encodeURIComponent(id)}/status`, { method: "POST", body })).data!;
}

export async function downloadLeadsCsv(filter: LeadsFilter = {}): Promise<void> {
  await downloadCsv(`/api/admin/leads?${filterSearch(filter, { format: "csv" })}`, "leads.csv");
}

/**
 * An admin CSV (leads, reports): it needs the bearer token, so it is fetched and handed to the
 * browser as a file, named as the server's Content-Disposition says (else `fallbackName`).
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${getToken() ?? ""}` } });
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function fetchBucket(signal?: AbortSignal): Promise<StoredObject[]> {
  return (await api<{ data: StoredObject[] }>("admin/bucket", { signal })).data?.data ?? [];
}

/** A quote request's photos (issue 13), admins only. */
export async function fetchLeadPhotos(id: string, signal?: AbortSignal): Promise<LeadPhoto[]> {
  return (await api<LeadPhoto[]>(`admin/leads/${encodeURIComponent(id)}/photos`, { signal })).data ?? [];
}

/**
 * One lead photo as an object URL: the picture needs the bearer token (lead photos are never
 * public), so it is fetched and handed to <img>. The caller revokes the URL.
 */
export async function fetchPhotoUrl(url: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ""}` }, signal });
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  return URL.createObjectURL(await res.blob());
}

/** Whether leads get out, through the Zoho CRM sync and mail (the banner of a pipe that is down). */
export async function fetchPipes(signal?: AbortSignal): Promise<PipeReport[]> {
  return (await api<PipesAnswer>("admin/pipes", { signal })).data!.pipes;
}

/** 'התקשרתי': records the first call to a lead (once; a second tap keeps the first). */
export async function markContacted(id: string): Promise<{ firstContactAt: string; by: string; already: boolean; status: LeadStatus }> {
  return (await api<{ firstContactAt: string; by: string; already: boolean; status: LeadStatus }>(`admin/leads/${encodeURIComponent(id)}/contacted`, { method: "POST", body: {} })).data!;
}

export interface Shift {
  day: number;
  from: string;
  to: string;
  userId: string;
}
export interface AlertSettings {
  rota: Shift[];
  quiet: { from: string; to: string } | null;
  onCall: string | null;
  escalation: string[];
}
export interface StaffMember {
  id: string;
  email: string;
  name: string;
}
export interface AlertDevice {
  id: string;
  /** The first 16 hex digits of the push endpoint's SHA-256 (which device is this browser). */
  key: string;
  label: string;
  createdAt: string;
  lastSentAt: string | null;
}
export interface AlertsAnswer {
  settings: AlertSettings;
  staff: StaffMember[];
  devices: AlertDevice[];
  publicKey: string | null;
  enabled: boolean;
}

/** Staff alerts (issue 34): the rota, the staff, this admin's devices and the key to subscribe with. */
export async function fetchAlerts(signal?: AbortSignal): Promise<AlertsAnswer> {
  return (await api<AlertsAnswer>("admin/alerts", { signal })).data!;
}

export async function saveAlertSettings(settings: AlertSettings): Promise<AlertSettings> {
  return (await api<{ settings: AlertSettings }>("admin/alerts", { method: "PUT", body: settings })).data!.settings;
}

export async function addAlertDevice(sub: { endpoint: string; keys: { p256dh: string; auth: string }; label: string }): Promise<AlertDevice> {
  return (await api<{ device: AlertDevice }>("admin/alerts/devices", { method: "POST", body: sub })).data!.device;
}

export async function removeAlertDevice(id: string): Promise<void> {
  await api(`admin/alerts/devices/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function sendTestAlert(): Promise<{ devices: number; sent: number }> {
  return (await api<{ devices: number; sent: number }>("admin/alerts/test", { method: "POST", body: {} })).data!;
}
