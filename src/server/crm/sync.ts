/**
 * Syncs stored leads to Zoho CRM: account (only when a name was given) → lead → deal (quote
 * requests only). Every created record's id is saved on the lead at once, and done steps are
 * skipped, so a retry never repeats one. A worker first claims a lead with a lease (atomic UPDATE,
 * SKIP LOCKED for batches), so two overlapping runs never sync the same lead; a crashed worker's
 * lease simply expires. After an ambiguous failure (timeout, 5xx after a write) the retry first
 * looks the record up by the lead's reference instead of creating it again.
 *
 * Admin "retry" button: `requeueLead(db, id)` then (optionally) `syncLead(db, id)`.
 */
import type { Db } from "../db/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { LEAD_COLUMNS, type CrmState, type LeadRow } from "../leads/store.ts";
import { zohoFromEnv, type ZohoConfig } from "./config.ts";
import { CrmError, describe } from "./errors.ts";
import { accountRecord, dealRecord, leadRecord, leadRef } from "./records.ts";
import { ZohoClient } from "./zoho.ts";

/** How long a claimed lead is reserved for its worker (well over 3 steps × request timeout). */
export const SYNC_LEASE_SECONDS = 300;
/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 6 hours. */
export const backoffSeconds = (attempts: number) => Math.min(6 * 3600, 30 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

export type SyncOutcome = "synced" | "failed" | "disabled" | "skipped";

const CLAIMABLE = `crm_state IN ('pending','failed') AND spam_reason IS NULL AND (claimed_until IS NULL OR claimed_until < now())`;

/** Syncs one lead now (after a submission, or from the admin), whatever its backoff says. */
export async function syncLead(db: Db, leadId: string, cfg = zohoFromEnv(), log: Logger = createLogger("crm-sync")): Promise<SyncOutcome> {
  if (!cfg) return "disabled";
  const r = await db.query<LeadRow>(
    `UPDATE leads SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id = $1 AND ${CLAIMABLE} RETURNING ${LEAD_COLUMNS}`,
    [leadId, SYNC_LEASE_SECONDS],
  );
  if (!r.rows[0]) return "skipped";
  return runSync(db, r.rows[0], cfg, log);
}

/**
 * Syncs due leads (scheduled function): `workers` loops each claim one due lead at a time until
 * none is left, `limit` leads were tried, or `deadlineMs` has passed (scheduled functions get 30 s).
 */
export async function retryDueLeads(
  db: Db,
  opts: { cfg?: ZohoConfig | null; limit?: number; workers?: number; deadlineMs?: number; log?: Logger } = {},
): Promise<{ tried: number; synced: number; failed: number }> {
  const cfg = opts.cfg === undefined ? zohoFromEnv() : opts.cfg;
  const out = { tried: 0, synced: 0, failed: 0 };
  if (!cfg) return out;
  const log = opts.log ?? createLogger("crm-sync");
  const limit = opts.limit ?? 100;
  const stopAt = Date.now() + (opts.deadlineMs ?? 20_000);
  const worker = async () => {
    while (out.tried < limit && Date.now() < stopAt) {
      const r = await db.query<LeadRow>(
        `UPDATE leads SET claimed_until = now() + make_interval(secs => $1), attempts = attempts + 1
         WHERE id = (SELECT id FROM leads WHERE ${CLAIMABLE} AND next_attempt_at <= now()
                     ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING ${LEAD_COLUMNS}`,
        [SYNC_LEASE_SECONDS],
      );
      const lead = r.rows[0];
      if (!lead) return;
      out.tried++;
      const outcome = await runSync(db, lead, cfg, log);
      if (outcome === "synced") out.synced++;
      else out.failed++;
    }
  };
  await Promise.all(Array.from({ length: opts.workers ?? 4 }, worker));
  return out;
}

/**
 * Puts a lead back in the sync queue, due now (the admin's "retry"). A lead flagged as spam is
 * thereby accepted as genuine. A synced lead stays synced. Returns the new state, or null if no
 * such lead exists.
 */
export async function requeueLead(db: Db, leadId: string, cfg = zohoFromEnv()): Promise<CrmState | null> {
  const r = await db.query<{ crm_state: CrmState }>(
    `UPDATE leads SET crm_state = CASE WHEN crm_state = 'synced' THEN 'synced' WHEN $2 THEN 'pending' ELSE 'disabled' END,
       spam_reason = NULL, next_attempt_at = now(), last_error = CASE WHEN $2 THEN last_error ELSE NULL END
     WHERE id = $1 RETURNING crm_state`,
    [leadId, !!cfg],
  );
  return r.rows[0]?.crm_state ?? null;
}

async function runSync(db: Db, lead: LeadRow, cfg: ZohoConfig, log: Logger): Promise<SyncOutcome> {
  const zoho = new ZohoClient(db, cfg);
  const ref = leadRef(lead.id);
  // On a later attempt an earlier one may have created a record without us learning its id.
  const mayExist = lead.attempts > 1;
  try {
    if (!lead.crm_account_id && lead.full_name.trim()) {
      lead.crm_account_id = await zoho.upsertAccount(accountRecord(lead));
      await saveId(db, lead.id, "crm_account_id", lead.crm_account_id);
    }
    if (!lead.crm_lead_id) {
      lead.crm_lead_id = (mayExist && (await zoho.findByRef("Leads", ref, "Description"))) || (await zoho.create("Leads", leadRecord(lead)));
      await saveId(db, lead.id, "crm_lead_id", lead.crm_lead_id);
    }
    if (lead.kind === "quote" && !lead.crm_deal_id) {
      lead.crm_deal_id = (mayExist && (await zoho.findByRef("Deals", ref, "Deal_Name"))) || (await zoho.create("Deals", dealRecord(lead, cfg.dealStage)));
      await saveId(db, lead.id, "crm_deal_id", lead.crm_deal_id);
    }
    await db.query(
      `UPDATE leads SET crm_state = 'synced', crm_synced_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1`,
      [lead.id],
    );
    log.info(`Lead ${lead.id} synced to Zoho CRM (attempt ${lead.attempts})`);
    await log.flush();
    return "synced";
  } catch (e) {
    const wait = Math.max(backoffSeconds(lead.attempts), e instanceof CrmError ? (e.info.retryAfterSeconds ?? 0) : 0);
    log.warn(`Lead ${lead.id} CRM sync attempt ${lead.attempts} failed, retry in ${wait} s: ${describe(e)}`);
    try {
      await db.query(
        `UPDATE leads SET crm_state = 'failed', last_error = $2, next_attempt_at = now() + make_interval(secs => $3), claimed_until = NULL
         WHERE id = $1`,
        [lead.id, describe(e), wait],
      );
    } catch (dbError) {
      // The database is down too: the lease runs out and a later run picks the lead up again.
      log.error(`Lead ${lead.id}: could not record the failed sync: ${describe(dbError)}`);
    }
    await log.flush();
    return "failed";
  }
}

async function saveId(db: Db, id: string, column: "crm_account_id" | "crm_lead_id" | "crm_deal_id", value: string): Promise<void> {
  await db.query(`UPDATE leads SET ${column} = $2 WHERE id = $1`, [id, value]);
}
