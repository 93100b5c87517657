/**
 * A visitor books the free site visit (issue 35, item 2): the slot is checked against the office's
 * hours and booking window (400 naming `slot`), the ZIP against the service area, then the lead and
 * the visit are stored in one transaction through the ordinary lead path (submitLead: staff alerts,
 * the office's e-mail, Zoho, as for any lead). If the slot was taken meanwhile, the constraint makes
 * the whole transaction fail and nothing is stored: the visitor gets a 409 with the next free slots.
 *
 * Outside the service area the visitor is told kindly, and the request still reaches the office as a
 * quote request (its own confirmation e-mail and text included). A request the spam rules hold books
 * nothing (a bot must not fill the calendar) and is answered like a booked one (decision 15): the
 * office sees it with the slot it asked for, and 'Not spam' sends its confirmation.
 */
import type { Db, Queryable } from "../db/index.ts";
import { badRequest } from "../http/errors.ts";
import type { QuoteRequest } from "../../lib/lead-schemas.ts";
import type { Booking } from "../../lib/visit-schemas.ts";
import type { BookAnswer, PublicSlot } from "../../lib/contracts/visits.ts";
import { spamReason, submitLead, type SubmitScope } from "../leads/submit.ts";
import { visitSettings } from "./settings.ts";
import { freeSlots, slotAt, slotProblem, type Slot } from "./slots.ts";
import { busyBetween, insertVisit, SlotTaken, type VisitRow } from "./store.ts";
import { wallClock } from "../../lib/wall-clock.ts";
import { spokenSlot } from "./words.ts";
import { readLeadBookingToken } from "./tokens.ts";
import { afterVisitChange } from "./background.ts";
import type { VisitSettings } from "../../lib/visit-schemas.ts";

export const publicSlot = (s: Pick<Slot, "start" | "end" | "date" | "time">): PublicSlot => ({ start: s.start.toISOString(), end: s.end.toISOString(), date: s.date, time: s.time });

/** A stored visit as the API names its slot. */
export const visitSlot = (v: Pick<VisitRow, "starts_at" | "ends_at">): PublicSlot => {
  const start = new Date(v.starts_at);
  const { date, minutes } = wallClock(start);
  return { start: start.toISOString(), end: new Date(v.ends_at).toISOString(), date, time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}` };
};

/** The free slots a visitor may pick now (the page's list, and a 409's alternatives). */
export async function openSlots(q: Queryable, settings: VisitSettings, now = new Date(), exceptVisit?: string): Promise<Slot[]> {
  const horizon = new Date(now.getTime() + (settings.maxDaysAhead + 2) * 86_400_000);
  return freeSlots(settings, now, await busyBetween(q, now, horizon, exceptVisit));
}

/** The next free slots from `after` on (the earliest ones when none is left after it). */
export async function nextSlots(q: Queryable, settings: VisitSettings, after: Date, now = new Date(), n = 6, exceptVisit?: string): Promise<PublicSlot[]> {
  const open = await openSlots(q, settings, now, exceptVisit);
  const later = open.filter((s) => s.start >= after);
  return (later.length ? later : open).slice(0, n).map(publicSlot);
}

/** The slot a visitor asked for, or a 400 naming `slot` that says why it cannot be booked. */
export function requestedSlot(settings: VisitSettings, slot: string, now: Date): Slot {
  const start = new Date(slot);
  const problem = slotProblem(settings, now, start);
  const found = problem ? null : slotAt(settings, start);
  if (!found) throw badRequest(`Invalid slot: ${problem ?? "is not one of the office's visit times"}`, "slot");
  return found;
}

export interface Booked {
  status: 200 | 201;
  data: BookAnswer;
  leadId: string | null;
  visit: VisitRow | null;
}

/** What the booking adds to the visit's transaction: its confirmation (mail, text) once the visit is stored. */
export type Confirm = (q: Queryable, visit: VisitRow) => Promise<{ mailIds: number[]; textId: string | null }>;

/**
 * Books `body.slot` for the visitor (a new lead), or stores the request as a lead when the ZIP is
 * outside the service area. Throws SlotTaken (the caller answers 409) and 400s.
 */
export async function bookVisit(db: Db, body: Booking, scope: SubmitScope, confirm: Confirm, now = new Date(), leadCookie?: string): Promise<Booked> {
  const settings = await visitSettings(db);
  const slot = requestedSlot(settings, body.slot, now);
  const inArea = settings.zips.includes(body.zip);
  if (body.leadToken) return bookForLead(db, body, body.leadToken, slot, inArea, settings, scope, confirm, now);
  // The quote request this browser just sent, with the same e-mail and no visit yet: its visit.
  const followed = leadCookie ? await requestToFollow(db, leadCookie, body.email) : null;
  if (followed) return bookForLead(db, body, leadCookie!, slot, inArea, settings, scope, confirm, now);
  // A request the spam rules hold books nothing: its message says what it asked for, not "booked".
  const quote = quoteOf(body, slot, inArea ? (spamReason(body, now.getTime()) ? "held" : "booked") : "outside");
  if (!inArea) {
    const out = await submitLead(db, { kind: "quote", body: quote }, scope);
    scope.log.info(`Site visit asked for outside the service area (ZIP ${body.zip}): stored as lead ${out.stored?.id}`);
    return { status: 200, data: { booked: false, reason: "outside-area", zip: body.zip }, leadId: out.stored?.id ?? null, visit: null };
  }
  let visit: VisitRow | null = null;
  const out = await submitLead(db, { kind: "quote", body: quote }, scope, {
    ownConfirmation: true,
    within: async (q, lead) => {
      if (lead.spam) return;
      visit = await insertVisit(q, { leadId: lead.id, slot, bookedBy: "online", byUser: null, address: body.address, zip: body.zip, notes: body.notes, maxPerDay: settings.maxPerDay }, now);
      return confirm(q, visit);
    },
  });
  const booked = visit as VisitRow | null;
  if (booked) {
    scope.log.info(`Site visit ${booked.id} booked online for ${slot.date} ${slot.time} (lead ${out.stored?.id})`);
    // The mails and text go with the lead's own background; the Zoho event follows the lead's sync.
    const background = afterVisitChange(db, booked.id, { mailIds: [], textId: null }, { syncLead: booked.lead_id });
    if (scope.waitUntil) scope.waitUntil(background);
  }
  return { status: 201, data: { booked: true, visit: publicSlot(slot) }, leadId: out.stored?.id ?? null, visit: booked };
}

/** The lead a quote request's cookie names, when it is real, has `email` and no visit to come. */
async function requestToFollow(q: Queryable, cookie: string, email: string): Promise<string | null> {
  const leadId = await readLeadBookingToken(cookie);
  if (!leadId) return null;
  const r = await q.query<{ id: string }>(
    `SELECT l.id FROM leads l WHERE l.id = $1 AND l.spam_reason IS NULL AND lower(l.email) = lower($2)
       AND NOT EXISTS (SELECT 1 FROM visits v WHERE v.lead_id = l.id AND v.status = 'scheduled' AND v.starts_at > now())`,
    [leadId, email.trim()],
  );
  return r.rows[0]?.id ?? null;
}

/**
 * Books a visit for the lead a quote request's answer named (its visitToken): no second lead. Outside
 * the service area nothing more is stored (the office has the request and calls).
 */
async function bookForLead(db: Db, body: Booking, token: string, slot: Slot, inArea: boolean, settings: VisitSettings, scope: SubmitScope, confirm: Confirm, now: Date): Promise<Booked> {
  const leadId = await readLeadBookingToken(token);
  const lead = leadId ? (await db.query<{ id: string }>("SELECT id FROM leads WHERE id = $1 AND spam_reason IS NULL", [leadId])).rows[0] : undefined;
  if (!lead) throw badRequest("Invalid leadToken: the link of your request no longer works; book without it", "leadToken");
  if (!inArea) return { status: 200, data: { booked: false, reason: "outside-area", zip: body.zip }, leadId: lead.id, visit: null };
  const { visit, sent } = await db.tx(async (q) => {
    const v = await insertVisit(q, { leadId: lead.id, slot, bookedBy: "online", byUser: null, address: body.address, zip: body.zip, notes: body.notes, maxPerDay: settings.maxPerDay }, now);
    return { visit: v, sent: await confirm(q, v) };
  });
  scope.log.info(`Site visit ${visit.id} booked online for ${slot.date} ${slot.time} after quote request ${lead.id}`);
  const background = afterVisitChange(db, visit.id, sent);
  if (scope.waitUntil) scope.waitUntil(background);
  return { status: 201, data: { booked: true, visit: publicSlot(slot) }, leadId: lead.id, visit };
}

/** The quote request a booking is stored as: the service (or 'Site visit'), the address with its ZIP, and the slot asked for. */
function quoteOf(body: Booking, slot: Slot, outcome: "booked" | "held" | "outside"): QuoteRequest {
  const address = body.address.includes(body.zip) ? body.address : `${body.address} ${body.zip}`;
  const when = `${spokenSlot(slot.start)} (Cape Coral time)`;
  const asked = {
    booked: `Site visit booked online for ${when}.`,
    held: `Asked online for a site visit on ${when}; held as possible spam, so no visit was booked.`,
    outside: `Asked online for a site visit on ${when}; ZIP ${body.zip} is outside the service area, so no visit was booked: please call to arrange one.`,
  }[outcome];
  return {
    fullName: body.fullName,
    email: body.email,
    phone: body.phone,
    address,
    subject: body.service || "Site visit",
    details: [body.notes, asked].filter(Boolean).join("\n\n"),
    website: body.website,
    startedAt: body.startedAt,
    page: body.page,
    landing: body.landing,
    referrer: body.referrer,
    utm: body.utm,
    smsConsent: body.smsConsent,
    smsConsentVersion: body.smsConsentVersion,
    // The page's language (issue 37): the visitor's mails and text about the visit are in it.
    ...(body.language ? { language: body.language } : {}),
  };
}

export { SlotTaken };
