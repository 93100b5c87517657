/**
 * The visitor's link (issue 35, item 4): see the visit, move it to another free slot, or cancel it,
 * without an account. The token is checked (tokens.ts), then the visit itself under a row lock: the
 * nonce it names must still be the visit's, so a link works once, and only the newest e-mail's link
 * works. What no longer works says why, in the visitor's words, with its own `reason` (the page
 * shows each clearly): a forged or broken link 400, one used, expired, for a cancelled or past
 * visit 410. Never a 500.
 *
 * A move is the booking's constraint again (409 with the next free slots); each change queues the
 * visitor's e-mail (a new invite and a new link) and the office's notice in its own transaction.
 */
import type { Db, Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import type { LinkProblem, ManageAnswer, ManagedVisit } from "../../lib/contracts/visits.ts";
import type { Logger } from "../logs/logger.ts";
import { openSlots, publicSlot, requestedSlot, visitSlot } from "./book.ts";
import { visitSettings } from "./settings.ts";
import { moveVisit, setVisitStatus, VISIT_COLUMNS, type VisitRow } from "./store.ts";
import { readVisitToken } from "./tokens.ts";
import { queueOfficeNotice, queueVisitMail } from "./mail.ts";
import { afterVisitChange } from "./background.ts";

const MESSAGES: Record<LinkProblem, string> = {
  invalid: "This link is not valid. Please use the link in the newest e-mail we sent you, or call us.",
  expired: "This visit has already taken place, so its link no longer works. To book another visit, use our booking page or call us.",
  past: "This visit has already taken place, so its link no longer works. To book another visit, use our booking page or call us.",
  used: "This link has already been used. The newest e-mail we sent you has the link that works now.",
  cancelled: "This visit was cancelled, so there is nothing left to change. To book another visit, use our booking page or call us.",
};

const refuse = (problem: LinkProblem) => new HttpError(problem === "invalid" ? 400 : 410, MESSAGES[problem], { field: "token", reason: problem });

/** The visit a token names, locked in `q`'s transaction when `lock`; throws the link's problem. */
async function visitOfToken(q: Queryable, token: string, now: Date, lock: boolean): Promise<VisitRow> {
  const check = await readVisitToken(token);
  if (!check.ok) throw refuse(check.problem);
  const r = await q.query<VisitRow>(`SELECT ${VISIT_COLUMNS} FROM visits WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [check.visitId]);
  const visit = r.rows[0];
  if (!visit) throw refuse("invalid");
  if (visit.status === "cancelled") throw refuse("cancelled");
  if (visit.status !== "scheduled" || new Date(visit.starts_at) <= now) throw refuse("past");
  if (visit.manage_nonce !== check.nonce) throw refuse("used");
  return visit;
}

const managed = (v: VisitRow): ManagedVisit => ({ status: v.status, slot: visitSlot(v), zip: v.zip });

/** The visit and the free slots it may move to (its own time counts as free). */
export async function viewVisit(db: Db, token: string, now = new Date()): Promise<ManageAnswer> {
  const visit = await visitOfToken(db, token, now, false);
  const slots = await openSlots(db, await visitSettings(db), now, visit.id);
  return { visit: managed(visit), slots: slots.filter((s) => s.start.getTime() !== new Date(visit.starts_at).getTime()).map(publicSlot) };
}

/** Moves the visit to `slot` (SlotTaken when it was taken meanwhile; the caller answers 409). */
export interface ChangeScope {
  log: Logger;
  waitUntil?: (p: Promise<unknown>) => void;
  /** The address the request came to (the e-mails' links when SITE_URL is not set). */
  origin?: string;
}

export async function rescheduleVisit(db: Db, token: string, slot: string, { log, waitUntil, origin = "" }: ChangeScope, now = new Date()): Promise<ManageAnswer> {
  const settings = await visitSettings(db);
  const target = requestedSlot(settings, slot, now);
  const { visit, sent, before } = await db.tx(async (q) => {
    const current = await visitOfToken(q, token, now, true);
    const moved = await moveVisit(q, current.id, target, "visitor", settings.maxPerDay, now);
    if (!moved) throw refuse("past");
    const mail = await queueVisitMail(q, "visit-moved", moved, origin);
    const notice = await queueOfficeNotice(q, moved, "moved", new Date(current.starts_at), origin);
    return { visit: moved, before: current, sent: { mailIds: [mail, notice].filter((id): id is number => id !== null), textId: null } };
  });
  log.info(`Site visit ${visit.id} moved by the visitor from ${visitSlot(before).date} ${visitSlot(before).time} to ${target.date} ${target.time}`);
  const background = afterVisitChange(db, visit.id, sent);
  if (waitUntil) waitUntil(background);
  return { visit: managed(visit) };
}

/** Cancels the visit: its time is free again and the link stops working. */
export async function cancelVisit(db: Db, token: string, { log, waitUntil, origin = "" }: ChangeScope, now = new Date()): Promise<ManageAnswer> {
  const { visit, sent } = await db.tx(async (q) => {
    const current = await visitOfToken(q, token, now, true);
    const done = await setVisitStatus(q, current.id, "cancelled", "visitor");
    if (!done) throw refuse("invalid");
    const mail = await queueVisitMail(q, "visit-cancelled", done.visit, origin);
    const notice = await queueOfficeNotice(q, done.visit, "cancelled", null, origin);
    return { visit: done.visit, sent: { mailIds: [mail, notice].filter((id): id is number => id !== null), textId: null } };
  });
  log.info(`Site visit ${visit.id} cancelled by the visitor`);
  const background = afterVisitChange(db, visit.id, sent);
  if (waitUntil) waitUntil(background);
  return { visit: managed(visit) };
}
