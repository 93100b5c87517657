/** The calendar tab's endpoints (issue 35), with the admin's session. */
import { api } from "../../../lib/api-client.ts";
import type { AdminDaySlots, AdminVisit, AdminVisitsAnswer, FeedState } from "../../../lib/contracts/visits.ts";
import type { VisitSettings } from "../../../lib/visit-schemas.ts";

export const fetchVisits = async (from: string, to: string, signal?: AbortSignal) =>
  (await api<AdminVisitsAnswer>(`admin/visits?from=${from}&to=${to}`, { signal })).data!;

export const fetchDay = async (date: string, except?: string, signal?: AbortSignal) =>
  (await api<AdminDaySlots>(`admin/visits/day/${date}${except ? `?except=${except}` : ""}`, { signal })).data!;

export interface CallerInput {
  fullName: string;
  phone: string;
  email: string;
  address: string;
  zip: string;
  service?: string;
  notes?: string;
}

export const bookForCaller = async (date: string, time: string, caller: CallerInput) =>
  (await api<{ visit: AdminVisit }>("admin/visits", { method: "POST", body: { date, time, caller } })).data!.visit;

export const changeVisit = async (id: string, body: { date: string; time: string } | { status: AdminVisit["status"] }) =>
  (await api<{ visit: AdminVisit }>(`admin/visit/${id}`, { method: "PATCH", body })).data!.visit;

export interface SettingsAnswer {
  settings: VisitSettings;
  updatedAt: string | null;
  updatedBy: string | null;
  history: { savedAt: string; savedBy: string }[];
}
export const fetchVisitSettings = async (signal?: AbortSignal) => (await api<SettingsAnswer>("admin/visits/settings", { signal })).data!;
export const saveVisitSettings = async (settings: VisitSettings) => (await api<SettingsAnswer>("admin/visits/settings", { method: "PUT", body: settings })).data!;

export const fetchFeed = async (signal?: AbortSignal) => (await api<FeedState>("admin/visits/feed", { signal })).data!;
export const makeFeed = async () => (await api<FeedState>("admin/visits/feed", { method: "POST", body: {} })).data!;
export const revokeFeed = async () => (await api<FeedState>("admin/visits/feed", { method: "DELETE" })).data!;
