/**
 * Calendar files for visits (issue 35, decision 18), made with the `ics` package: the invite a
 * visitor's e-mail carries, and the office's private feed. Times are written in UTC (DTSTART:…Z),
 * which every calendar shows in its own zone, so there is no zone table to get wrong across DST.
 * An invite keeps one UID per visit and a SEQUENCE that grows with each change, so a calendar
 * replaces the old time instead of adding a second event; a cancelled visit is METHOD:CANCEL.
 *
 * The visitor's invite is a fixed template like their e-mail: the office's name, address and phone,
 * the visit's time and ZIP, never what the visitor typed.
 */
import { createEvent, createEvents, type EventAttributes } from "ics";
import type { Queryable } from "../db/index.ts";
import { readPublishedPart } from "../content/read.ts";
import { siteBase } from "../settings/context.ts";

export interface Office {
  name: string;
  phone: string | null;
  email: string | null;
  /** One line: "1420 SE 47th Terrace, Cape Coral, FL 33904". */
  address: string | null;
}

const FALLBACK_NAME = "Coastal Marine Construction";

/** The company's published name, phone, e-mail and address. */
export async function officeOf(q: Queryable): Promise<Office> {
  const site = (await readPublishedPart("site", q)) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().replace(/[\r\n]+/g, " ") : null);
  const a = (site?.address ?? {}) as Record<string, unknown>;
  const cityLine = [str(a.city), [str(a.region), str(a.postalCode)].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const address = [str(a.street), cityLine].filter(Boolean).join(", ") || null;
  return { name: str(site?.name) ?? FALLBACK_NAME, phone: str(site?.phone), email: str(site?.email), address };
}

/** What an invite needs of a visit. */
export interface InviteVisit {
  id: string;
  starts_at: Date;
  ends_at: Date;
  sequence: number;
  zip: string;
}

const uid = (visitId: string) => `visit-${visitId}@coastal-marine-visits`;

/** Where a visit is, for the office: the street address with its ZIP. */
export const placeOf = (address: string, zip: string) => (address ? (address.includes(zip) ? address : `${address} ${zip}`) : `ZIP ${zip}`);
const utc = (d: Date) => ({ start: new Date(d).getTime(), startInputType: "utc" as const, startOutputType: "utc" as const });

function build(event: EventAttributes): string {
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`Could not make the calendar invite: ${error?.message ?? "no value"}`);
  return value;
}

/** The visitor's invite (METHOD:PUBLISH), or its cancellation (METHOD:CANCEL, STATUS:CANCELLED); in Spanish for a Spanish visitor (issue 37). */
export function visitInvite(visit: InviteVisit, office: Office, cancelled = false, locale: "en" | "es" = "en"): string {
  const es = locale === "es";
  const description = [
    es
      ? `${office.name} visita su propiedad para ver el trabajo: el canal, el seawall, el acceso a su lote. Después recibe un presupuesto por escrito.`
      : `${office.name} visits your property to look at the job: the canal, the seawall, the access to your lot. You get a written estimate afterwards.`,
    office.phone && (es ? `Preguntas o cambios: llame al ${office.phone}.` : `Questions or changes: call ${office.phone}.`),
    office.address && (es ? `Oficina: ${office.address}` : `Office: ${office.address}`),
  ]
    .filter(Boolean)
    .join("\n");
  return build({
    ...utc(visit.starts_at),
    end: new Date(visit.ends_at).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: es ? `Visita gratis: ${office.name}` : `Free site visit: ${office.name}`,
    description,
    location: es ? `Su propiedad (código postal ${visit.zip})` : `Your property (ZIP ${visit.zip})`,
    uid: uid(visit.id),
    sequence: visit.sequence,
    method: cancelled ? "CANCEL" : "PUBLISH",
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    productId: "coastal-marine/site-visits",
    ...(office.email ? { organizer: { name: office.name, email: office.email } } : {}),
  });
}

/** What the office's feed shows of a visit: who, where, how to reach them, and its lead card. */
export interface FeedVisit extends InviteVisit {
  status: string;
  lead_id: string;
  full_name: string;
  phone: string;
  address: string;
  subject: string;
  booked_by: string;
}

const STATUS_WORDS: Record<string, string> = { scheduled: "", done: "Done: ", "no-show": "No-show: ", cancelled: "Cancelled: " };

/** The office's private feed (Google Calendar, Outlook): every visit with its lead's details. */
export function visitFeed(visits: FeedVisit[], officeName: string): string {
  const base = siteBase("");
  const events: EventAttributes[] = visits.map((v) => ({
    ...utc(v.starts_at),
    end: new Date(v.ends_at).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${STATUS_WORDS[v.status] ?? ""}Site visit: ${v.full_name || "caller"}${v.subject && v.subject !== "Site visit" ? ` (${v.subject})` : ""}`,
    description: [`Phone: ${v.phone || "-"}`, `Booked ${v.booked_by === "office" ? "by the office" : "online"}`, `Lead: ${base}/admin?lead=${v.lead_id}`].join("\n"),
    location: placeOf(v.address, v.zip),
    uid: uid(v.id),
    sequence: v.sequence,
    status: v.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    busyStatus: v.status === "cancelled" ? "FREE" : "BUSY",
  }));
  const { error, value } = createEvents(events, { productId: "coastal-marine/site-visits", method: "PUBLISH", calName: `${officeName}: site visits` });
  if (error || !value) throw new Error(`Could not make the visit feed: ${error?.message ?? "no value"}`);
  return value;
}
