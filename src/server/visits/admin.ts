/**
 * The office's calendar (issue 35, item 5): the visits of some days with their leads, booking a
 * visit for a caller (a new lead, or one the office has) and moving a visit or recording how it went.
 * An office booking or move meets the same constraint as a visitor's (SlotTaken → 409); it may take
 * any time of any day from now on (the office knows its crews), and the day's cap does not bind it.
 * The visitor hears of each change by e-mail (a new invite and link), as after their own.
 */
import type { Db, Queryable } from "../db/index.ts";
import { badRequest, notFound } from "../http/errors.ts";
import type { AdminDaySlots, AdminVisit, AdminVisitsAnswer, LeadVisit } from "../../lib/contracts/visits.ts";
import type { OfficeBooking, OfficeChange } from "../../lib/visit-schemas.ts";
import type { Logger } from "../logs/logger.ts";
import { submitLead } from "../leads/submit.ts";
import { visitSettings } from "./settings.ts";
import { daySlots, isFree, officeSlot, type Slot } from "./slots.ts";
import { busyBetween, findVisit, insertVisit, moveVisit, setVisitStatus, type VisitRow } from "./store.ts";
import { visitSlot } from "./book.ts";
import { confirmVisit } from "./confirm.ts";
import { queueVisitMail } from "./mail.ts";
import { afterVisitChange } from "./background.ts";
import { addDays, OFFICE_TIME_ZONE, wallClock } from "../../lib/wall-clock.ts";

/** The calendar shows at most this many days at once (a month and a bit). */
export const CALENDAR_MAX_DAYS = 62;

type Row = VisitRow & { full_name: string; phone: string; phone_e164: string | null; email: string; subject: string };

const toAdmin = (v: Row): AdminVisit => ({
  id: v.id,
  leadId: v.lead_id,
  slot: visitSlot(v),
  status: v.status,
  bookedBy: v.booked_by,
  bookedByUser: v.booked_by_user,
  fullName: v.full_name,
  phone: v.phone,
  phoneE164: v.phone_e164,
  email: v.email,
  address: v.address,
  zip: v.zip,
  subject: v.subject,
  notes: v.notes,
  crm: v.crm_state,
  createdAt: new Date(v.created_at).toISOString(),
});

const COLUMNS = `v.id, v.lead_id, v.starts_at, v.ends_at, v.blocked_until, v.local_date::text AS local_date, v.status, v.booked_by, v.booked_by_user, v.address,
  v.zip, v.notes, v.created_at, v.sequence, v.crm_state, l.full_name, l.phone, l.phone_e164, l.email, l.subject`;

/** The visits of the local days from … to (both included), in time order, cancelled ones too. */
export async function visitsBetween(q: Queryable, from: string, to: string, now = new Date()): Promise<AdminVisitsAnswer> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM visits v JOIN leads l ON l.id = v.lead_id WHERE v.local_date BETWEEN $1 AND $2 ORDER BY v.starts_at, v.created_at`, [from, to]);
  return { visits: r.rows.map(toAdmin), today: wallClock(now).date, visitMinutes: (await visitSettings(q)).visitMinutes };
}

/** A lead's visits, newest first (the lead card's line, the calendar's link back). */
export async function visitsOfLead(q: Queryable, leadId: string, now = new Date()): Promise<AdminVisitsAnswer> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM visits v JOIN leads l ON l.id = v.lead_id WHERE v.lead_id = $1 ORDER BY v.starts_at DESC`, [leadId]);
  return { visits: r.rows.map(toAdmin), today: wallClock(now).date, visitMinutes: (await visitSettings(q)).visitMinutes };
}

/**
 * The visit each lead card shows: the next one not cancelled, else the latest. One statement for
 * a page of leads.
 */
export async function leadVisits(q: Queryable, leadIds: string[]): Promise<Record<string, LeadVisit>> {
  if (!leadIds.length) return {};
  const r = await q.query<{ lead_id: string; id: string; starts_at: Date; ends_at: Date; status: VisitRow["status"] }>(
    `SELECT DISTINCT ON (lead_id) lead_id, id, starts_at, ends_at, status FROM visits WHERE lead_id = ANY($1::uuid[])
      ORDER BY lead_id, (status = 'scheduled' AND starts_at > now()) DESC, status <> 'cancelled' DESC, starts_at DESC`,
    [leadIds],
  );
  return Object.fromEntries(r.rows.map((v) => [v.lead_id, { id: v.id, slot: visitSlot(v), status: v.status }]));
}

/** The office's grid of a day, each slot free or not. */
export async function daySlotsFor(q: Queryable, date: string, exceptVisit?: string): Promise<AdminDaySlots> {
  const settings = await visitSettings(q);
  const slots = daySlots(settings, date);
  const busy = await busyBetween(q, new Date(`${addDays(date, -1)}T00:00:00Z`), new Date(`${addDays(date, 2)}T00:00:00Z`), exceptVisit);
  const noCap = { ...settings, maxPerDay: Number.MAX_SAFE_INTEGER };
  return { date, slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), date: s.date, time: s.time, free: isFree(noCap, s, busy) })) };
}

/** The slot the office asked for: any time from now on (400 naming the field otherwise). */
async function officeTime(q: Queryable, date: string, time: string, now: Date): Promise<Slot> {
  const slot = officeSlot(await visitSettings(q), date, time, OFFICE_TIME_ZONE);
  if (!slot) throw badRequest(`Invalid time: ${time} does not exist on ${date} (the clocks change)`, "time");
  if (slot.start <= now) throw badRequest("Invalid date: the visit must be in the future", "date");
  return slot;
}

export interface OfficeScope {
  by: string;
  log: Logger;
  ip: string;
  userAgent: string | null;
  waitUntil?: (p: Promise<unknown>) => void;
  origin: string;
}

/** Books a visit for a caller (a new lead from their details) or for a lead the office has. */
export async function officeBook(db: Db, b: OfficeBooking, scope: OfficeScope, now = new Date()): Promise<AdminVisit> {
  const slot = await officeTime(db, b.date, b.time, now);
  let visitId: string;
  if (b.leadId) {
    const lead = (await db.query<{ id: string; address: string; spam_reason: string | null }>("SELECT id, address, spam_reason FROM leads WHERE id = $1", [b.leadId])).rows[0];
    if (!lead) throw notFound("No such lead");
    if (lead.spam_reason) throw badRequest("Invalid leadId: the lead is held as possible spam; release it first ('Not spam')", "leadId");
    const zip = /\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/.exec(lead.address)?.[1] ?? "";
    const { visit, sent } = await db.tx(async (q) => {
      const v = await insertVisit(q, { leadId: lead.id, slot, bookedBy: "office", byUser: scope.by, address: lead.address, zip, maxPerDay: null }, now);
      return { visit: v, sent: await confirmVisit(q, v, scope.origin) };
    });
    visitId = visit.id;
    const background = afterVisitChange(db, visit.id, sent);
    if (scope.waitUntil) scope.waitUntil(background);
  } else {
    const c = b.caller!;
    let booked: VisitRow | null = null;
    const out = await submitLead(
      db,
      {
        kind: "quote",
        body: {
          fullName: c.fullName,
          email: c.email,
          phone: c.phone,
          address: c.address.includes(c.zip) ? c.address : `${c.address} ${c.zip}`,
          subject: c.service || "Site visit",
          details: [c.notes, `Site visit booked by the office (${scope.by}) for a caller.`].filter(Boolean).join("\n\n"),
          page: "/admin",
        },
      },
      { ip: scope.ip, userAgent: scope.userAgent, log: scope.log, waitUntil: scope.waitUntil },
      {
        ownConfirmation: true,
        within: async (q, lead) => {
          booked = await insertVisit(q, { leadId: lead.id, slot, bookedBy: "office", byUser: scope.by, address: c.address, zip: c.zip, notes: c.notes, maxPerDay: null }, now);
          return confirmVisit(q, booked, scope.origin);
        },
      },
    );
    const visit = booked as VisitRow | null;
    if (!visit || !out.stored) throw new Error("the caller's visit was not stored");
    visitId = visit.id;
    const background = afterVisitChange(db, visit.id, { mailIds: [], textId: null }, { syncLead: visit.lead_id });
    if (scope.waitUntil) scope.waitUntil(background);
  }
  scope.log.info(`Site visit ${visitId} booked by ${scope.by} for ${slot.date} ${slot.time}`);
  return (await visitsOfVisit(db, visitId))!;
}

/** Moves a visit or records how it went; the visitor hears of a move or a cancellation. Null: no such visit. */
export async function officeChange(db: Db, id: string, change: OfficeChange, scope: OfficeScope, now = new Date()): Promise<AdminVisit | null> {
  const current = await findVisit(db, id);
  if (!current) return null;
  if ("date" in change) {
    const slot = await officeTime(db, change.date, change.time, now);
    const { visit, sent } = await db.tx(async (q) => {
      const moved = await moveVisit(q, id, slot, scope.by, null, now);
      if (!moved) throw badRequest("Invalid status: a cancelled visit cannot be moved; set it to scheduled first", "status");
      const mail = await queueVisitMail(q, "visit-moved", moved, scope.origin);
      return { visit: moved, sent: { mailIds: mail === null ? [] : [mail], textId: null } };
    });
    scope.log.info(`Site visit ${id} moved by ${scope.by} to ${slot.date} ${slot.time}`);
    const background = afterVisitChange(db, visit.id, sent);
    if (scope.waitUntil) scope.waitUntil(background);
  } else {
    const { sent, from } = await db.tx(async (q) => {
      const r = await setVisitStatus(q, id, change.status, scope.by);
      if (!r) throw notFound("No such visit");
      // The visitor hears of a cancellation (and gets a new link if the office restores the visit).
      const kind = change.status === "cancelled" && r.from !== "cancelled" ? "visit-cancelled" : change.status === "scheduled" && r.from === "cancelled" ? "visit-confirm" : null;
      const mail = kind && new Date(r.visit.starts_at) > now ? await queueVisitMail(q, kind, r.visit, scope.origin) : null;
      return { from: r.from, sent: { mailIds: mail === null ? [] : [mail], textId: null } };
    });
    scope.log.info(`Site visit ${id} status ${from} → ${change.status} by ${scope.by}`);
    const background = afterVisitChange(db, id, sent);
    if (scope.waitUntil) scope.waitUntil(background);
  }
  return visitsOfVisit(db, id);
}

async function visitsOfVisit(q: Queryable, id: string): Promise<AdminVisit | null> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM visits v JOIN leads l ON l.id = v.lead_id WHERE v.id = $1`, [id]);
  return r.rows[0] ? toAdmin(r.rows[0]) : null;
}
