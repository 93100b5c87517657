/**
 * Attaches a quote's photos to its Zoho lead (Attachments API), from the outbox that lead_photos
 * is: the `zoho_*` columns (state, attempts, next try, lease, the attachment's id). Like the lead
 * sync and the status writes (crm-queue.ts, status-sync.ts): a photo waits until its lead has been
 * synced (it needs the Zoho lead's id), is claimed with a lease (SKIP LOCKED, so two runs never
 * attach the same photo), and is retried with the same backoff until Zoho accepts it; then its
 * attachment id is kept and it is never sent again. A failure is logged and kept in
 * zoho_last_error (the dashboard shows it with the photo), as a lead's failed sync is.
 *
 * Exactly once: Zoho's upload is not idempotent, so a timeout or a 5xx after the upload leaves us
 * not knowing whether the file is attached. Every later attempt therefore first lists the lead's
 * attachments and looks for the photo's own file name (it carries the photo's id) before
 * uploading again. Remaining risk: an upload that Zoho completes only after that listing (a very
 * slow request still in flight past our timeout and the backoff, at least 30 s) would be attached
 * twice; and the listing reads the newest 200 attachments of the lead (a lead has at most 5 of ours).
 *
 * Photos of spam leads are stored 'disabled' and never sent (unless the admin accepts the lead).
 */
import type { Db } from "../db/index.ts";
import { zohoFromEnv, type ZohoConfig } from "../crm/config.ts";
import { CrmError, describe } from "../crm/errors.ts";
import { ZohoClient } from "../crm/zoho.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { backoffSeconds, SYNC_LEASE_SECONDS } from "./crm-queue.ts";
import { drain, type DrainResult } from "./drain.ts";

type Claimed = {
  id: string;
  lead_id: string;
  seq: number;
  zoho_attempts: number;
  crm_lead_id: string;
  content_type: string;
  bytes: Uint8Array;
};

export type PhotoSyncOutcome = "synced" | "failed";

const EXTENSION: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** The attachment's file name in Zoho: the photo's place and id, so a retry can recognise it. */
export const attachmentName = (p: { id: string; seq: number; content_type: string }) => `lead-photo-${p.seq}-${p.id}.${EXTENSION[p.content_type] ?? "bin"}`;

const DUE = `p.zoho_state IN ('pending','failed') AND p.zoho_next_attempt_at <= now()
  AND (p.zoho_claimed_until IS NULL OR p.zoho_claimed_until < now())
  AND l.crm_lead_id IS NOT NULL AND l.spam_reason IS NULL`;

async function claim(db: Db, leadId?: string): Promise<Claimed | null> {
  const r = await db.query<Claimed>(
    `UPDATE lead_photos c SET zoho_claimed_until = now() + make_interval(secs => $1), zoho_attempts = zoho_attempts + 1
     FROM leads cl, lead_photo_blobs b
     WHERE c.id = (SELECT p.id FROM lead_photos p JOIN leads l ON l.id = p.lead_id
                   WHERE ${DUE} ${leadId ? "AND p.lead_id = $2" : ""}
                   ORDER BY p.zoho_next_attempt_at, p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED)
       AND cl.id = c.lead_id AND b.sha256 = c.blob_sha256
     RETURNING c.id, c.lead_id, c.seq, c.zoho_attempts, cl.crm_lead_id, b.content_type, b.bytes`,
    leadId ? [SYNC_LEASE_SECONDS, leadId] : [SYNC_LEASE_SECONDS],
  );
  return r.rows[0] ?? null;
}

async function attach(db: Db, job: Claimed, cfg: ZohoConfig, log: Logger): Promise<PhotoSyncOutcome> {
  const name = attachmentName(job);
  try {
    const zoho = new ZohoClient(db, cfg);
    // After any failed attempt the upload may have happened anyway: look before uploading again.
    const found = job.zoho_attempts > 1 ? await zoho.findAttachment("Leads", job.crm_lead_id, name) : null;
    const attachmentId = found ?? (await zoho.attach("Leads", job.crm_lead_id, { name, type: job.content_type, bytes: new Uint8Array(job.bytes) }));
    await db.query(
      `UPDATE lead_photos SET zoho_state = 'synced', zoho_attachment_id = $2, zoho_synced_at = now(), zoho_claimed_until = NULL, zoho_last_error = NULL
       WHERE id = $1`,
      [job.id, attachmentId],
    );
    log.info(`Lead ${job.lead_id} photo ${job.seq} attached to the Zoho lead (attempt ${job.zoho_attempts}${found ? ", found already attached" : ""})`);
    return "synced";
  } catch (e) {
    const wait = Math.max(backoffSeconds(job.zoho_attempts), e instanceof CrmError ? (e.info.retryAfterSeconds ?? 0) : 0);
    log.warn(`Lead ${job.lead_id} photo ${job.seq} Zoho attachment attempt ${job.zoho_attempts} failed, retry in ${wait} s: ${describe(e)}`);
    await db
      .query(
        `UPDATE lead_photos SET zoho_state = 'failed', zoho_last_error = $2, zoho_next_attempt_at = now() + make_interval(secs => $3), zoho_claimed_until = NULL
         WHERE id = $1`,
        [job.id, describe(e), wait],
      )
      .catch((dbError) => log.error(`Lead ${job.lead_id} photo ${job.seq}: could not record the failed attachment: ${describe(dbError)}`));
    return "failed";
  }
}

/** Attaches a lead's due photos now (after an upload, or after the lead's own sync); the job retries the rest. */
export async function syncLeadPhotos(
  db: Db,
  leadId: string,
  cfg = zohoFromEnv(),
  log: Logger = createLogger("crm-photos"),
): Promise<{ tried: number; synced: number; failed: number }> {
  const out = { tried: 0, synced: 0, failed: 0 };
  if (!cfg) return out;
  for (let job = await claim(db, leadId); job; job = await claim(db, leadId)) {
    out.tried++;
    if ((await attach(db, job, cfg, log)) === "synced") out.synced++;
    else {
      out.failed++;
      break; // Zoho is failing: leave the lead's other photos to the scheduled retry.
    }
  }
  await log.flush();
  return out;
}

/** Attaches every due photo (scheduled with the CRM sync), `workers` at a time, until none is left or time is up. */
export async function retryDuePhotos(
  db: Db,
  opts: { cfg?: ZohoConfig | null; limit?: number; workers?: number; deadlineMs?: number; log?: Logger } = {},
): Promise<DrainResult> {
  const cfg = opts.cfg === undefined ? zohoFromEnv() : opts.cfg;
  if (!cfg) return { tried: 0, synced: 0, failed: 0 };
  const log = opts.log ?? createLogger("crm-photos");
  const done = await drain({
    claim: () => claim(db),
    run: (job) => attach(db, job, cfg, log),
    limit: opts.limit ?? 100,
    workers: opts.workers ?? 2,
    deadlineMs: opts.deadlineMs ?? 8_000,
  });
  await log.flush();
  return done;
}
