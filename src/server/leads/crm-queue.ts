/**
 * The CRM sync queue: the `crm_*` columns of `leads` (state, the CRM's ids, attempts, next try,
 * lease). This module is the only one that moves a lead through it; the CRM itself is reached
 * through src/server/crm with plain values. (The mail `outbox` is a different queue.)
 *
 * A worker first claims a lead with a lease (atomic UPDATE, SKIP LOCKED for batches), so two
 * overlapping runs never sync the same lead; a crashed worker's lease simply expires. Each CRM id
 * is saved as soon as it is known, so a retry never repeats a step.
 *
 * Admin "retry" button: `requeueLead(db, id)`; the scheduled job: `retryDueLeads(db)`.
 */
import type { Db } from "../db/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { zohoFromEnv, type ZohoConfig } from "../crm/config.ts";
import { CrmError, describe } from "../crm/errors.ts";
import { pushLead, type CrmIds } from "../crm/push.ts";
import { estimateLines } from "../../lib/estimate.ts";
import type { CrmLeadInput } from "../crm/records.ts";
import type { CrmState } from "../../lib/contracts/lead.ts";
import { LEAD_COLUMNS, type LeadRow, type NewLead } from "./lead.ts";
import { drain, type DrainResult } from "./drain.ts";
import { recordAttempt } from "../pipes/health.ts";
import { alertLead } from "../alerts/lead-alerts.ts";

/** How long a claimed lead is reserved for its worker (well over 3 steps × request timeout). */
export const SYNC_LEASE_SECONDS = 300;
/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 6 hours. */
export const backoffSeconds = (attempts: number) => Math.min(6 * 3600, 30 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

export type SyncOutcome = "synced" | "failed" | "disabled" | "skipped";

const CLAIMABLE = `crm_state IN ('pending','failed') AND spam_reason IS NULL AND (claimed_until IS NULL OR claimed_until < now())`;

const ID_COLUMN: Record<keyof CrmIds, string> = { accountId: "crm_account_id", leadId: "crm_lead_id", dealId: "crm_deal_id" };

/** Where a new lead enters the queue: waiting for its first sync, or out of it (no CRM, or spam). */
export function initialCrmState(lead: Pick<NewLead, "crmEnabled" | "spamReason">): CrmState {
  return lead.crmEnabled && !lead.spamReason ? "pending" : "disabled";
}

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
): Promise<DrainResult> {
  const cfg = opts.cfg === undefined ? zohoFromEnv() : opts.cfg;
  if (!cfg) return { tried: 0, synced: 0, failed: 0 };
  const log = opts.log ?? createLogger("crm-sync");
  return drain({
    claim: async () =>
      (
        await db.query<LeadRow>(
          `UPDATE leads SET claimed_until = now() + make_interval(secs => $1), attempts = attempts + 1
           WHERE id = (SELECT id FROM leads WHERE ${CLAIMABLE} AND next_attempt_at <= now()
                       ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING ${LEAD_COLUMNS}`,
          [SYNC_LEASE_SECONDS],
        )
      ).rows[0],
    run: (lead) => runSync(db, lead, cfg, log),
    limit: opts.limit ?? 100,
    workers: opts.workers ?? 4,
    deadlineMs: opts.deadlineMs ?? 20_000,
  });
}

/**
 * Admin "retry": puts a lead back in the CRM sync queue, due now. A synced lead stays synced. A
 * lead held as possible spam is not touched: releasing it is 'Not spam' (held.ts), which also
 * sends its e-mails; a retry that cleared the hold would have put it in the CRM without them.
 * Returns the new state, 'held' for a held lead, or null if no such lead exists.
 */
export async function requeueLead(db: Db, leadId: string, cfg = zohoFromEnv()): Promise<CrmState | "held" | null> {
  const r = await db.query<{ crm_state: CrmState | "held" }>(
    `UPDATE leads SET crm_state = CASE WHEN spam_reason IS NOT NULL THEN crm_state WHEN crm_state = 'synced' THEN 'synced' WHEN $2 THEN 'pending' ELSE 'disabled' END,
       next_attempt_at = now(), last_error = CASE WHEN $2 OR spam_reason IS NOT NULL THEN last_error ELSE NULL END
     WHERE id = $1 RETURNING CASE WHEN spam_reason IS NOT NULL THEN 'held' ELSE crm_state END AS crm_state`,
    [leadId, !!cfg],
  );
  const state = r.rows[0]?.crm_state ?? null;
  // Its photos (kept out of the CRM without one) go with it now.
  if (state && state !== "held" && cfg) await db.query("UPDATE lead_photos SET zoho_state = 'pending', zoho_next_attempt_at = now() WHERE lead_id = $1 AND zoho_state = 'disabled'", [leadId]);
  return state;
}

/** The plain values the CRM client takes. */
export function crmInput(lead: LeadRow): CrmLeadInput {
  return {
    id: lead.id,
    kind: lead.kind,
    fullName: lead.full_name,
    email: lead.email,
    phone: lead.phone,
    phoneE164: lead.phone_e164,
    phoneExt: lead.phone_ext,
    address: lead.address,
    subject: lead.subject,
    message: lead.message,
    productId: lead.product_id,
    productName: lead.product_name,
    sourcePage: lead.source_page,
    referrer: lead.referrer,
    utm: lead.utm ?? {},
    estimate: lead.estimate ? estimateLines(lead.estimate) : null,
    language: lead.language,
    amount: lead.amount === null || lead.amount === undefined ? null : Number(lead.amount),
  };
}

async function runSync(db: Db, lead: LeadRow, cfg: ZohoConfig, log: Logger): Promise<SyncOutcome> {
  try {
    await pushLead(
      db,
      cfg,
      crmInput(lead),
      { accountId: lead.crm_account_id, leadId: lead.crm_lead_id, dealId: lead.crm_deal_id },
      {
        mayExist: lead.attempts > 1,
        saved: async (step, id) => void (await db.query(`UPDATE leads SET ${ID_COLUMN[step]} = $2 WHERE id = $1`, [lead.id, id])),
      },
    );
    await db.query(
      `UPDATE leads SET crm_state = 'synced', crm_synced_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1`,
      [lead.id],
    );
    await recordAttempt(db, "zoho", null);
    log.info(`Lead ${lead.id} synced to Zoho CRM (attempt ${lead.attempts})`);
    await log.flush();
    return "synced";
  } catch (e) {
    const wait = Math.max(backoffSeconds(lead.attempts), e instanceof CrmError ? (e.info.retryAfterSeconds ?? 0) : 0);
    log.warn(`Lead ${lead.id} CRM sync attempt ${lead.attempts} failed, retry in ${wait} s: ${describe(e)}`);
    // Every failed lead sync counts against the pipe: a record Zoho refuses keeps a lead out of the CRM too.
    await recordAttempt(db, "zoho", describe(e));
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
    // Staff hear of it on their phones, once per lead (issue 34); the sync goes on retrying.
    await alertLead(db, lead.id, "crm-failed", log);
    await log.flush();
    return "failed";
  }
}
