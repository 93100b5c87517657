/**
 * The work of the scheduled functions, callable without HTTP (tests, scripts). Each returns a
 * one-line summary that the function logs.
 */
import type { Db } from "../db/index.ts";
import { createLogger, pruneLogs, type Logger } from "../logs/logger.ts";
import { pruneThrottle } from "../auth/throttle.ts";
import { deliverPending } from "../mail/index.ts";
import { pruneRateLimits } from "../rate-limit/index.ts";
import { retryDueLeads } from "../leads/crm-queue.ts";
import { pushDueStatusChanges } from "../leads/status-sync.ts";
import { retryDuePhotos } from "../leads/photo-sync.ts";
import { pruneSpam } from "../leads/store.ts";
import { pruneIdempotencyKeys } from "../leads/idempotency.ts";
import { pruneOrphanPhotoBlobs } from "../leads/photos.ts";
import { checkPipes } from "../pipes/alerts.ts";

/** Logs are kept this long (the admin log viewer reads them). */
export const LOG_RETENTION_DAYS = 30;
/** Submissions flagged as spam are kept this long, so a false positive can still be found. */
export const SPAM_RETENTION_DAYS = 30;
/** Web-vitals samples older than this no longer feed any range the dashboard offers (≤ 28 days). */
export const VITALS_RETENTION_DAYS = 90;

/**
 * A scheduled function is stopped after 30 s. The CRM job starts no new CRM work after this long,
 * which leaves room for the calls still in flight (each ends by its own ZOHO_TIMEOUT_MS). A run
 * that is stopped anyway loses nothing: a claimed job's lease runs out and every CRM id is saved as
 * soon as it is known, so the next run carries on.
 */
export const CRM_JOB_BUDGET_MS = 18_000;

export async function runCrmRetry(db: Db, log: Logger, deadlineMs = CRM_JOB_BUDGET_MS): Promise<string> {
  const r = await retryDueLeads(db, { log, deadlineMs });
  return `CRM sync retry: ${r.tried} tried, ${r.synced} synced, ${r.failed} failed`;
}

/**
 * The scheduled CRM job: leads whose sync is due, then the office's status changes, then quote
 * photos, within one shared budget. Each stage may use what the earlier ones left: leads up to 60 %
 * of it, status changes half of the rest, photos all that remains.
 */
export async function runCrmJob(db: Db, log: Logger, budgetMs = CRM_JOB_BUDGET_MS): Promise<string> {
  const stopAt = Date.now() + budgetMs;
  const left = () => Math.max(0, stopAt - Date.now());
  const leads = await runCrmRetry(db, log, left() * 0.6);
  const s = await pushDueStatusChanges(db, { log, deadlineMs: left() / 2 });
  const p = await retryDuePhotos(db, { log, deadlineMs: left() });
  const pipe = await checkPipes(db, ["zoho"], log);
  return `${leads}; status changes: ${s.tried} tried, ${s.done} written, ${s.failed} failed; photos: ${p.tried} tried, ${p.synced} attached, ${p.failed} failed${pipe ? `; ${pipe}` : ""}`;
}

export async function runMailRetry(db: Db, log: Logger = createLogger("job/mail-retry")): Promise<string> {
  const r = await deliverPending(db);
  const pipe = await checkPipes(db, ["smtp"], log);
  return `Mail retry: ${r.tried} tried, ${r.sent} sent${pipe ? `; ${pipe}` : ""}`;
}

export async function runMaintenance(db: Db): Promise<string> {
  const logs = await pruneLogs(db, LOG_RETENTION_DAYS);
  const limits = await pruneRateLimits(db);
  const throttles = await pruneThrottle(db);
  const spam = await pruneSpam(db, SPAM_RETENTION_DAYS);
  const vitals = await db.query("DELETE FROM web_vitals WHERE ts < now() - make_interval(days => $1)", [VITALS_RETENTION_DAYS]);
  const keys = await pruneIdempotencyKeys(db);
  const blobs = await pruneOrphanPhotoBlobs(db);
  return `Maintenance: ${logs} log entries, ${limits} rate-limit counters, ${throttles} log-in throttle entries, ${spam} spam submissions, ${vitals.rowCount} web-vitals samples, ${keys} idempotency keys, ${blobs} unused lead photos removed`;
}

/** Runs one job with its own logger; a failure is logged, never thrown (the next run retries). */
export async function runJob(name: string, log: Logger, db: () => Promise<Db>, job: (db: Db) => Promise<string>): Promise<Response> {
  try {
    log.info(await job(await db()));
  } catch (e) {
    log.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await log.flush();
  }
  return new Response(null, { status: 204 });
}
