/**
 * Writes the office's status changes to the Zoho lead (field Lead_Status), and the lead's amount and
 * the deal's stage to its deal (Amount, Stage; issue 39), from the outbox that
 * `changeLeadStatus` fills. A change waits until its lead has been synced (it needs the Zoho lead's
 * id), is claimed with a lease like lead sync, and is retried with backoff until Zoho accepts it;
 * then it is done and never sent again. Only a lead's newest change is pending at any time, and a
 * lead's change is never claimed while an older one is still in flight, so Zoho ends on the newest.
 */
import type { Db } from "../db/index.ts";
import { zohoFromEnv, type ZohoConfig } from "../crm/config.ts";
import { CrmError, describe } from "../crm/errors.ts";
import { backoffSeconds, crmInput, SYNC_LEASE_SECONDS } from "./crm-queue.ts";
import { dealRecord, leadRef } from "../crm/records.ts";
import { LEAD_COLUMNS, type LeadRow } from "./lead.ts";
import { ZohoClient } from "../crm/zoho.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { LEAD_STATUSES, isBackward, type LeadStatus } from "../../lib/lead-status.ts";

/**
 * The Zoho lead status for each of ours: Zoho's standard Lead Status picklist has no "quoted",
 * "won" or "lost", so the nearest standard values are used. `ZOHO_LEAD_STATUSES` overrides any of
 * them, e.g. "quoted=Quote Sent,won=Converted".
 */
export const DEFAULT_ZOHO_LEAD_STATUS: Record<LeadStatus, string> = {
  new: "Not Contacted",
  contacted: "Contacted",
  quoted: "Pre-Qualified",
  won: "Pre-Qualified",
  lost: "Lost Lead",
};

export function zohoLeadStatuses(env: NodeJS.ProcessEnv = process.env): Record<LeadStatus, string> {
  return withOverrides(DEFAULT_ZOHO_LEAD_STATUS, env.ZOHO_LEAD_STATUSES);
}

/**
 * The Zoho deal stage a status moves the deal to (issue 39: a won job was still 'Qualification' in
 * Zoho): Zoho's standard stages for a quote, a signed job and a lost one. A lead reopened (back to
 * contacted) puts its deal back at the first stage (ZOHO_DEAL_STAGE). `ZOHO_DEAL_STAGES` overrides
 * any of them, e.g. "won=Signed,lost=Lost".
 */
export const DEFAULT_ZOHO_DEAL_STAGE: Partial<Record<LeadStatus, string>> = {
  quoted: "Proposal/Price Quote",
  won: "Closed Won",
  lost: "Closed Lost",
};

export function zohoDealStages(env: NodeJS.ProcessEnv = process.env): Partial<Record<LeadStatus, string>> {
  return withOverrides(DEFAULT_ZOHO_DEAL_STAGE, env.ZOHO_DEAL_STAGES);
}

/** `defaults` with "key=value,…" pairs of `text` over them (unknown keys and empty values ignored). */
function withOverrides<T extends Partial<Record<LeadStatus, string>>>(defaults: T, text: string | undefined): T {
  const map = { ...defaults };
  for (const pair of (text ?? "").split(",")) {
    const [k, v] = pair.split("=").map((s) => s?.trim());
    if (k && v && (LEAD_STATUSES as readonly string[]).includes(k)) (map as Record<string, string>)[k] = v.slice(0, 120);
  }
  return map;
}

type Claimed = { id: string; lead_id: string; from_status: LeadStatus; to_status: LeadStatus; crm_attempts: number; crm_lead_id: string; crm_deal_id: string | null; amount: string | null };

const DUE = `h.crm_state = 'pending' AND h.crm_next_attempt_at <= now()
  AND (h.crm_claimed_until IS NULL OR h.crm_claimed_until < now())
  AND l.crm_lead_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM lead_status_history o WHERE o.lead_id = h.lead_id AND o.id <> h.id AND o.crm_claimed_until > now())`;

async function claim(db: Db, only?: string): Promise<Claimed | null> {
  const r = await db.query<Claimed>(
    `UPDATE lead_status_history c SET crm_claimed_until = now() + make_interval(secs => $1), crm_attempts = crm_attempts + 1
     FROM leads cl
     WHERE c.id = (SELECT h.id FROM lead_status_history h JOIN leads l ON l.id = h.lead_id
                   WHERE ${DUE} ${only ? "AND h.id = $2" : ""}
                   ORDER BY h.crm_next_attempt_at, h.id LIMIT 1 FOR UPDATE OF h SKIP LOCKED)
       AND cl.id = c.lead_id
     RETURNING c.id, c.lead_id, c.from_status, c.to_status, c.crm_attempts, cl.crm_lead_id, cl.crm_deal_id, cl.amount`,
    only ? [SYNC_LEASE_SECONDS, only] : [SYNC_LEASE_SECONDS],
  );
  return r.rows[0] ?? null;
}

async function push(db: Db, job: Claimed, cfg: ZohoConfig, log: Logger): Promise<boolean> {
  try {
    const zoho = new ZohoClient(db, cfg);
    await zoho.update("Leads", job.crm_lead_id, { Lead_Status: zohoLeadStatuses()[job.to_status] });
    // A lead moved back (reopened) puts its deal back at the first stage.
    const stage = isBackward(job.from_status, job.to_status) ? cfg.dealStage : zohoDealStages()[job.to_status];
    if (job.amount !== null || stage) await pushDeal(db, zoho, job, job.amount === null ? null : Number(job.amount), stage, cfg);
    // A newer change may have superseded this one meanwhile: it stays superseded (and goes next).
    await db.query(
      `UPDATE lead_status_history SET crm_state = CASE WHEN crm_state = 'pending' THEN 'done' ELSE crm_state END,
         crm_done_at = now(), crm_claimed_until = NULL, crm_last_error = NULL WHERE id = $1`,
      [job.id],
    );
    log.info(`Lead ${job.lead_id} status '${job.to_status}' written to Zoho CRM (attempt ${job.crm_attempts})`);
    return true;
  } catch (e) {
    const wait = Math.max(backoffSeconds(job.crm_attempts), e instanceof CrmError ? (e.info.retryAfterSeconds ?? 0) : 0);
    log.warn(`Lead ${job.lead_id} status write to Zoho failed (attempt ${job.crm_attempts}), retry in ${wait} s: ${describe(e)}`);
    await db
      .query(
        `UPDATE lead_status_history SET crm_last_error = $2, crm_next_attempt_at = now() + make_interval(secs => $3), crm_claimed_until = NULL WHERE id = $1`,
        [job.id, describe(e), wait],
      )
      .catch((dbError) => log.error(`Lead ${job.lead_id}: could not record the failed status write: ${describe(dbError)}`));
    return false;
  }
}

/**
 * The lead's amount (its newest, issue 39) as its Zoho deal's Amount, and the stage the status
 * moves the deal to. A product inquiry has no deal until the office quotes it: it gets one when a
 * change carries an amount, found by the lead's reference on a retry after an ambiguous failure,
 * like lead sync's. A stage alone never creates a deal (an inquiry lost before any quote has none).
 */
async function pushDeal(db: Db, zoho: ZohoClient, job: Claimed, amount: number | null, stage: string | undefined, cfg: ZohoConfig): Promise<void> {
  const fields = { ...(amount !== null && { Amount: amount }), ...(stage && { Stage: stage }) };
  if (job.crm_deal_id) return void (await zoho.update("Deals", job.crm_deal_id, fields));
  if (amount === null) return;
  const lead = (await db.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1`, [job.lead_id])).rows[0];
  if (!lead) return;
  const found = job.crm_attempts > 1 ? await zoho.findByRef("Deals", leadRef(lead.id), "Deal_Name") : null;
  if (found) await zoho.update("Deals", found, fields);
  const dealId = found || (await zoho.create("Deals", { ...dealRecord(crmInput(lead), cfg.dealStage, lead.crm_account_id), ...fields }));
  await db.query("UPDATE leads SET crm_deal_id = $2 WHERE id = $1 AND crm_deal_id IS NULL", [lead.id, dealId]);
}

/** Writes one change now (right after the admin made it), if it is due; the job retries otherwise. */
export async function pushStatusChange(db: Db, historyId: string, cfg = zohoFromEnv(), log: Logger = createLogger("crm-status")): Promise<"done" | "failed" | "waiting" | "disabled"> {
  if (!cfg) return "disabled";
  const job = await claim(db, historyId);
  if (!job) return "waiting";
  const ok = await push(db, job, cfg, log);
  await log.flush();
  return ok ? "done" : "failed";
}

/** Writes every due change (scheduled with the CRM sync), one at a time, until none is left or time is up. */
export async function pushDueStatusChanges(
  db: Db,
  opts: { cfg?: ZohoConfig | null; limit?: number; deadlineMs?: number; log?: Logger } = {},
): Promise<{ tried: number; done: number; failed: number }> {
  const cfg = opts.cfg === undefined ? zohoFromEnv() : opts.cfg;
  const out = { tried: 0, done: 0, failed: 0 };
  if (!cfg) return out;
  const log = opts.log ?? createLogger("crm-status");
  const stopAt = Date.now() + (opts.deadlineMs ?? 8_000);
  while (out.tried < (opts.limit ?? 100) && Date.now() < stopAt) {
    const job = await claim(db);
    if (!job) break;
    out.tried++;
    if (await push(db, job, cfg, log)) out.done++;
    else out.failed++;
  }
  await log.flush();
  return out;
}
