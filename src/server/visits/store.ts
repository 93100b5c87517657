/**
 * The `visits` table (issue 35): booking, moving and closing a visit, and what is busy when.
 *
 * A double booking is impossible because Postgres refuses it: the exclusion constraint
 * visits_no_overlap (migration 022) allows no two visits that are not cancelled to overlap in their
 * time on site and travel buffer. Twenty requests for one slot all try the INSERT; the first to
 * commit wins and the others fail with exclusion_violation (23P01), answered as SlotTaken. Nothing
 * here reads first to decide whether a slot is free. The office's cap on visits a day is a count,
 * so it is taken under a per-day transaction lock: two bookings of one day wait for each other there.
 */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/index.ts";
import type { VisitStatus } from "../../lib/visit-schemas.ts";
import { reminderDue, type Busy, type Slot } from "./slots.ts";

/** The slot is taken (another visit overlaps it) or its day is full. */
export class SlotTaken extends Error {
  readonly reason: "taken" | "day-full";
  constructor(reason: "taken" | "day-full") {
    super(reason === "taken" ? "That time was just booked by someone else" : "That day is fully booked");
    this.reason = reason;
  }
}

/** Postgres's exclusion_violation on visits_no_overlap. */
export const isOverlap = (e: unknown) => (e as { code?: string })?.code === "23P01";

export type VisitRow = {
  id: string;
  lead_id: string;
  starts_at: Date;
  ends_at: Date;
  blocked_until: Date;
  local_date: string;
  status: VisitStatus;
  booked_by: "online" | "office";
  booked_by_user: string | null;
  address: string;
  zip: string;
  notes: string;
  created_at: Date;
  sequence: number;
  manage_nonce: string;
  crm_state: "pending" | "synced" | "disabled";
};

/** The columns of a VisitRow (local_date as text: no zone is involved in a date). */
export const VISIT_COLUMNS = `id, lead_id, starts_at, ends_at, blocked_until, local_date::text AS local_date, status, booked_by, booked_by_user, address, zip, notes,
  created_at, sequence, manage_nonce, crm_state`;

/** A fresh secret for the visitor's link: a link names it, and the next change replaces it (tokens.ts). */
export const newNonce = () => randomBytes(16).toString("base64url");

/** The visits that block time between `from` and `to` (not cancelled), as the slot computation needs them. */
export async function busyBetween(q: Queryable, from: Date, to: Date, exceptId?: string): Promise<Busy[]> {
  const r = await q.query<{ starts_at: Date; blocked_until: Date; local_date: string }>(
    `SELECT starts_at, blocked_until, local_date::text AS local_date FROM visits
      WHERE status <> 'cancelled' AND blocked_until > $1 AND starts_at < $2 AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [from, to, exceptId ?? null],
  );
  return r.rows.map((v) => ({ start: new Date(v.starts_at), blockedUntil: new Date(v.blocked_until), date: v.local_date }));
}

/** Waits (in `q`'s transaction) for other bookings of the same local day, then checks its cap. */
async function holdDay(q: Queryable, date: string, maxPerDay: number | null, exceptId?: string): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`visit-day:${date}`]);
  if (maxPerDay === null) return;
  const r = await q.query<{ n: string }>("SELECT count(*) AS n FROM visits WHERE local_date = $1 AND status <> 'cancelled' AND ($2::uuid IS NULL OR id <> $2::uuid)", [
    date,
    exceptId ?? null,
  ]);
  if (Number(r.rows[0].n) >= maxPerDay) throw new SlotTaken("day-full");
}

export interface NewVisit {
  leadId: string;
  slot: Slot;
  bookedBy: "online" | "office";
  /** The staff member's e-mail for an office booking. */
  byUser: string | null;
  address: string;
  zip: string;
  notes?: string;
  /** The day's cap (null: the office books past it). */
  maxPerDay: number | null;
}

/**
 * Books a visit with `q`, which must be a transaction: throws SlotTaken when the slot overlaps
 * another visit (the constraint) or its day is full. The Zoho Event waits for the lead's deal when
 * the lead is synced or on its way there.
 */
export async function insertVisit(q: Queryable, v: NewVisit, now = new Date()): Promise<VisitRow> {
  await holdDay(q, v.slot.date, v.maxPerDay);
  let r;
  try {
    r = await q.query<VisitRow>(
      `INSERT INTO visits (lead_id, starts_at, ends_at, blocked_until, local_date, booked_by, booked_by_user, address, zip, notes, manage_nonce, reminder_due_at, crm_state)
       SELECT l.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN l.crm_state IN ('pending', 'synced', 'failed') THEN 'pending' ELSE 'disabled' END
         FROM leads l WHERE l.id = $1
       RETURNING ${VISIT_COLUMNS}`,
      [v.leadId, v.slot.start, v.slot.end, v.slot.blockedUntil, v.slot.date, v.bookedBy, v.byUser, v.address, v.zip, v.notes ?? "", newNonce(), reminderDue(v.slot.start, now)],
    );
  } catch (e) {
    if (isOverlap(e)) throw new SlotTaken("taken");
    throw e;
  }
  const visit = r.rows[0];
  if (!visit) throw new Error(`no lead ${v.leadId} to book a visit for`);
  await history(q, visit.id, v.byUser ?? "visitor", "booked", visit.starts_at, visit.status);
  return visit;
}

/**
 * Moves a visit to another slot with `q` (a transaction): the same constraint, the cap of the new
 * day, a new reminder, a new sequence for the calendar invite, the visitor's link replaced, and the
 * Zoho Event due again. Returns the visit as it now is (null when there is no such visit still to come).
 */
export async function moveVisit(q: Queryable, id: string, slot: Slot, by: string, maxPerDay: number | null, now = new Date()): Promise<VisitRow | null> {
  await holdDay(q, slot.date, maxPerDay, id);
  let r;
  try {
    r = await q.query<VisitRow>(
      `UPDATE visits SET starts_at = $2, ends_at = $3, blocked_until = $4, local_date = $5, status = 'scheduled', updated_at = now(),
         sequence = sequence + 1, manage_nonce = $6, reminder_due_at = $7, reminder_sent_at = NULL,
         crm_version = crm_version + 1, crm_next_attempt_at = now(), crm_state = CASE WHEN crm_state = 'disabled' THEN 'disabled' ELSE 'pending' END
       WHERE id = $1 AND status IN ('scheduled', 'no-show', 'done')
       RETURNING ${VISIT_COLUMNS}`,
      [id, slot.start, slot.end, slot.blockedUntil, slot.date, newNonce(), reminderDue(slot.start, now)],
    );
  } catch (e) {
    if (isOverlap(e)) throw new SlotTaken("taken");
    throw e;
  }
  const visit = r.rows[0] ?? null;
  if (visit) await history(q, id, by, "moved", visit.starts_at, visit.status);
  return visit;
}

/**
 * Sets a visit's status with `q`: done, no-show, cancelled (its time is free again; the visitor's
 * link stops working) or scheduled again (then the constraint decides whether its time is still
 * free: SlotTaken if not). Returns the visit, or null when there is no such visit.
 */
export async function setVisitStatus(q: Queryable, id: string, status: VisitStatus, by: string): Promise<{ visit: VisitRow; from: VisitStatus } | null> {
  const before = await q.query<{ status: VisitStatus }>("SELECT status FROM visits WHERE id = $1 FOR UPDATE", [id]);
  const from = before.rows[0]?.status;
  if (!from) return null;
  let r;
  try {
    r = await q.query<VisitRow>(
      `UPDATE visits SET status = $2, updated_at = now(),
         manage_nonce = CASE WHEN $2 = 'cancelled' THEN $3 ELSE manage_nonce END,
         sequence = CASE WHEN $2 = 'cancelled' OR status = 'cancelled' THEN sequence + 1 ELSE sequence END,
         crm_version = crm_version + 1, crm_next_attempt_at = now(), crm_state = CASE WHEN crm_state = 'disabled' THEN 'disabled' ELSE 'pending' END
       WHERE id = $1 RETURNING ${VISIT_COLUMNS}`,
      [id, status, newNonce()],
    );
  } catch (e) {
    if (isOverlap(e)) throw new SlotTaken("taken");
    throw e;
  }
  const visit = r.rows[0];
  if (from !== status) await history(q, id, by, "status", visit.starts_at, status);
  return { visit, from };
}

async function history(q: Queryable, visitId: string, by: string, action: "booked" | "moved" | "status", startsAt: Date, status: VisitStatus): Promise<void> {
  await q.query("INSERT INTO visit_history (visit_id, changed_by, action, starts_at, status) VALUES ($1, $2, $3, $4, $5)", [visitId, by, action, startsAt, status]);
}

export async function findVisit(q: Queryable, id: string): Promise<VisitRow | null> {
  const r = await q.query<VisitRow>(`SELECT ${VISIT_COLUMNS} FROM visits WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}
