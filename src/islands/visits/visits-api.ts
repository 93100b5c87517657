/**
 * The visit endpoints as the booking and change pages call them (issue 35). A plain fetch, not the
 * API client: a 409 carries the next free slots in `data`, and the client's error keeps no data.
 */
import type { BookingInput } from "../../lib/visit-schemas";
import type { Locale } from "../../lib/i18n/locales";
import { warmSlotFormats } from "./warm-intl";
import type { BookAnswer, LinkProblem, ManageAnswer, SlotsAnswer, SlotTakenData } from "../../lib/contracts/visits";

export type Outcome<T> =
  | { kind: "ok"; status: number; data: T }
  | { kind: "taken"; message: string; next: SlotTakenData["next"] }
  | { kind: "field"; field: string; message: string }
  | { kind: "link"; reason: LinkProblem; message: string }
  | { kind: "busy"; retryAfter: number }
  | { kind: "failed" };

async function call<T>(path: string, body?: unknown): Promise<Outcome<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { kind: "failed" };
  }
  const answer = (await res.json().catch(() => null)) as { data?: unknown; message?: string; field?: string; reason?: string } | null;
  if (res.ok && answer) return { kind: "ok", status: res.status, data: answer.data as T };
  if (res.status === 409 && answer) return { kind: "taken", message: answer.message ?? "", next: (answer.data as SlotTakenData | undefined)?.next ?? [] };
  if (res.status === 429) return { kind: "busy", retryAfter: Number(res.headers.get("Retry-After")) || 60 };
  if (answer?.field === "token" && answer.reason) return { kind: "link", reason: answer.reason as LinkProblem, message: answer.message ?? "" };
  if (res.status === 400 && answer?.field) return { kind: "field", field: answer.field, message: answer.message ?? "" };
  return { kind: "failed" };
}

/** An answer that is shown as times, once the date data is loaded off the main thread too (warm-intl.ts). */
const withDates = async <T>(answer: Promise<Outcome<T>>, locale: Locale) => (await Promise.all([answer, warmSlotFormats(locale)]))[0];

export const fetchSlots = (locale: Locale) => withDates(call<SlotsAnswer>("public/visits/slots"), locale);
export const bookVisit = (body: BookingInput) => call<BookAnswer>("public/visits", body);
export const viewVisit = (token: string, locale: Locale) => withDates(call<ManageAnswer>("public/visits/manage", { action: "view", token }), locale);
export const rescheduleVisit = (token: string, slot: string) => call<ManageAnswer>("public/visits/manage", { action: "reschedule", token, slot });
export const cancelVisit = (token: string) => call<ManageAnswer>("public/visits/manage", { action: "cancel", token });
