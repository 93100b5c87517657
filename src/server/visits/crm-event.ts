/**
 * A visit in Zoho CRM (issue 35, decision 18): an Event linked to the lead's deal (What_Id with
 * $se_module Deals), written from the visits' own sync queue (the crm_* columns) by the CRM job and
 * right after a change. A visit waits until its lead's deal exists (the lead sync makes it).
 *
 * Exactly once: a visit is claimed with a lease (FOR UPDATE SKIP LOCKED), the event's id is saved the
 * moment Zoho names it, and an attempt after one whose answer was lost (a timeout, a 5xx) first looks
 * for the event by the visit's reference in its Description before creating one. Every change bumps
 * crm_version; the job writes the visit as it then is with a PUT (which sets values: a retry changes
 * nothing more), and stops when the written version is the latest.
 */
import type { Db } from "../db/index.ts";
import { zohoFromEnv, type ZohoConfig } from "../crm/config.ts";
import { CrmError, describe } from "../crm/errors.ts";
import { ZohoClient } from "../crm/zoho.ts";
import { backoffSeconds, SYNC_LEASE_SECONDS } from "../leads/crm-queue.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { recordAttempt } from "../pipes/health.ts";
import { isoWithOffset } from "../../lib/wall-clock.ts";
import { spokenSlot } from "./words.ts";
import { placeOf } from "./ics.ts";

/** "WV" + the visit's uuid without dashes: one word, so Zoho's word search finds it. */
export const visitRef = (id: string) => `WV${id.replace(/-/g, "")}`;

type Claimed = {
  id: string;
  lead_id: string;
  starts_at: Date;
  ends_at: Date;
  status: string;
  booked_by: string;
  booked_by_user: string | null;
  address: string;
  zip: string;
  notes: string;
  crm_event_id: string | null;
  crm_version: number;
  crm_attempts: number;
  crm_deal_id: string;
  full_name: string;
  phone: string;
  subject: string;
};

const PREFIX: Record<string, string> = { scheduled: "", done: "Done: ", "no-show": "No-show: ", cancelled: "Cancelled: " };

/** The Event's fields for a visit as it now is. */
export function eventRecord(v: Claimed): Record<string, unknown> {
  const who = v.full_name || "website visitor";
  const about = v.subject && v.subject !== "Site visit" ? ` (${v.subject})` : "";
  return {
    Event_Title: `${PREFIX[v.status] ?? ""}Site visit: ${who}${about}`.slice(0, 255),
    Start_DateTime: isoWithOffset(new Date(v.starts_at)),
    End_DateTime: isoWithOffset(new Date(v.ends_at)),
    What_Id: { id: v.crm_deal_id },
    $se_module: "Deals",
    Venue: placeOf(v.address, v.zip).slice(0, 255),
    Description: [
      `Free site visit, ${spokenSlot(new Date(v.starts_at))} (Cape Coral time).`,
      `Status: ${v.status}. Booked ${v.booked_by === "office" ? `by the office (${v.booked_by_user ?? "staff"})` : "online by the visitor"}.`,
      `Phone: ${v.phone || "-"}`,
      v.notes && `Notes: ${v.notes}`,
      `Website visit ref: ${visitRef(v.id)}`,
    ]
      .filter(Boolean)
      .join("\n")
      .slice(0, 32000),
  };
}

const DUE = `v.crm_state = 'pending' AND v.crm_next_attempt_at <= now() AND (v.crm_claimed_until IS NULL OR v.crm_claimed_until < now()) AND l.crm_deal_id IS NOT NULL`;

async function claim(db: Db, only?: string): Promise<Claimed | null> {
  const r = await db.query<Claimed>(
    `UPDATE visits c SET crm_claimed_until = now() + make_interval(secs => $1), crm_attempts = crm_attempts + 1
       FROM leads cl
      WHERE c.id = (SELECT v.id FROM visits v JOIN leads l ON l.id = v.lead_id WHERE ${DUE} ${only ? "AND v.id = $2" : ""}
                    ORDER BY v.crm_next_attempt_at LIMIT 1 FOR UPDATE OF v SKIP LOCKED)
        AND cl.id = c.lead_id
      RETURNING c.id, c.lead_id, c.starts_at, c.ends_at, c.status, c.booked_by, c.booked_by_user, c.address, c.zip, c.notes, c.crm_event_id,
                c.crm_version, c.crm_attempts, cl.crm_deal_id, cl.full_name, cl.phone, cl.subject`,
    only ? [SYNC_LEASE_SECONDS, only] : [SYNC_LEASE_SECONDS],
  );
  return r.rows[0] ?? null;
}

async function push(db: Db, v: Claimed, cfg: ZohoConfig, log: Logger): Promise<boolean> {
  try {
    const zoho = new ZohoClient(db, cfg);
    const fields = eventRecord(v);
    let eventId = v.crm_event_id;
    if (!eventId) {
      // An earlier attempt may have created it without our hearing its id.
      eventId = (v.crm_attempts > 1 && (await zoho.findByRef("Events", visitRef(v.id), "Description"))) || (await zoho.create("Events", fields));
      await db.query("UPDATE visits SET crm_event_id = $2 WHERE id = $1", [v.id, eventId]);
      // A visit found again may be older than its newest version: write it as it is now.
      if (v.crm_attempts > 1) await zoho.update("Events", eventId, fields);
    } else {
      await zoho.update("Events", eventId, fields);
    }
    await db.query(
      `UPDATE visits SET crm_synced_version = $2, crm_state = CASE WHEN crm_version = $2 THEN 'synced' ELSE 'pending' END,
         crm_claimed_until = NULL, crm_last_error = NULL, crm_attempts = 0 WHERE id = $1`,
      [v.id, v.crm_version],
    );
    await recordAttempt(db, "zoho", null);
    log.info(`Visit ${v.id} written to Zoho as event ${eventId} (version ${v.crm_version})`);
    return true;
  } catch (e) {
    const wait = Math.max(backoffSeconds(v.crm_attempts), e instanceof CrmError ? (e.info.retryAfterSeconds ?? 0) : 0);
    log.warn(`Visit ${v.id} Zoho event write failed (attempt ${v.crm_attempts}), retry in ${wait} s: ${describe(e)}`);
    await recordAttempt(db, "zoho", describe(e));
    await db
      .query("UPDATE visits SET crm_last_error = $2, crm_next_attempt_at = now() + make_interval(secs => $3), crm_claimed_until = NULL WHERE id = $1", [v.id, describe(e), wait])
      .catch((dbError) => log.error(`Visit ${v.id}: could not record the failed event write: ${describe(dbError)}`));
    return false;
  }
}

/** Writes one visit's event now (after a change), if it is due and its deal exists; the job retries otherwise. */
export async function pushVisitEvent(db: Db, visitId: string, cfg = zohoFromEnv(), log: Logger = createLogger("crm-visits")): Promise<"done" | "failed" | "waiting" | "disabled"> {
  if (!cfg) return "disabled";
  const v = await claim(db, visitId);
  if (!v) return "waiting";
  const ok = await push(db, v, cfg, log);
  await log.flush();
  return ok ? "done" : "failed";
}

/** Writes every due visit (the CRM job), one at a time, until none is left or time is up. */
export async function pushDueVisitEvents(db: Db, opts: { cfg?: ZohoConfig | null; limit?: number; deadlineMs?: number; log?: Logger } = {}): Promise<{ tried: number; done: number; failed: number }> {
  const cfg = opts.cfg === undefined ? zohoFromEnv() : opts.cfg;
  const out = { tried: 0, done: 0, failed: 0 };
  if (!cfg) return out;
  const log = opts.log ?? createLogger("crm-visits");
  const stopAt = Date.now() + (opts.deadlineMs ?? 8_000);
  while (out.tried < (opts.limit ?? 100) && Date.now() < stopAt) {
    const v = await claim(db);
    if (!v) break;
    out.tried++;
    if (await push(db, v, cfg, log)) out.done++;
    else out.failed++;
  }
  await log.flush();
  return out;
}
