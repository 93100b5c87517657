/**
 * The work of the scheduled functions, callable without HTTP (tests, scripts). Each returns a
 * one-line summary that the function logs.
 */
import type { Db } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { pruneLogs } from "../logs/logger.ts";
import { deliverPending } from "../mail/index.ts";
import { pruneRateLimits } from "../rate-limit/index.ts";
import { retryDueLeads } from "../crm/sync.ts";

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
  const spam = await db.query(
    "DELETE FROM leads WHERE spam_reason IS NOT NULL AND created_at < now() - make_interval(days => $1)",
    [SPAM_RETENTION_DAYS],
  );
  const vitals = await db.query("DELETE FROM web_vitals WHERE ts < now() - make_interval(days => $1)", [VITALS_RETENTION_DAYS]);
  return `Maintenance: ${logs} log entries, ${limits} rate-limit counters, ${spam.rowCount} spam submissions, ${vitals.rowCount} web-vitals samples removed`;
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
