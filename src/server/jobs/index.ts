/**
 * The work of the scheduled functions, callable without HTTP (tests, scripts). Each returns a
 * one-line summary that the function logs.
 */
import type { Db } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { pruneLogs } from "../logs/logger.ts";
import { pruneThrottle } from "../auth/throttle.ts";
import { deliverPending } from "../mail/index.ts";
import { pruneRateLimits } from "../rate-limit/index.ts";
import { retryDueLeads } from "../leads/crm-queue.ts";
import { pruneSpam } from "../leads/store.ts";
import { pruneIdempotencyKeys } from "../leads/idempotency.ts";
import { pruneOrphanPhotoBlobs } from "../leads/photos.ts";

/** Logs are kept this long (the admin log viewer reads them). */
export const LOG_RETENTION_DAYS = 30;
/** Submissions flagged as spam are kept this long, so a false positive can still be found. */
export const SPAM_RETENTION_DAYS = 30;
/** Web-vitals samples older than this no longer feed any range the dashboard offers (≤ 28 days). */
export const VITALS_RETENTION_DAYS = 90;

export async function runCrmRetry(db: Db, log: Logger): Promise<string> {
  const r = await retryDueLeads(db, { log, deadlineMs: 20_000 });
  return `CRM sync retry: ${r.tried} tried, ${r.synced} synced, ${r.failed} failed`;
}

export async function runMailRetry(db: Db): Promise<string> {
  const r = await deliverPending(db);
  return `Mail retry: ${r.tried} tried, ${r.sent} sent`;
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
