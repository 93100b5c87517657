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
import { deliverDuePushes } from "../alerts/push.ts";
import { escalateWaitingLeads } from "../alerts/lead-alerts.ts";
import { deliverDueTexts } from "../sms/outbox.ts";
import { sendDueReminders } from "../visits/reminders.ts";
import { pushDueVisitEvents } from "../visits/crm-event.ts";

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
 * The scheduled CRM job: leads whose sync is due, then the office's status changes, then the site
 * visits' events (issue 35), then quote photos, within one shared budget. Each stage may use what the
 * earlier ones left: leads up to 60 % of it, status changes and visits half of the rest each, photos
 * all that remains.
 */
export async function runCrmJob(db: Db, log: Logger, budgetMs = CRM_JOB_BUDGET_MS): Promise<string> {
  const stopAt = Date.now() + budgetMs;
  const left = () => Math.max(0, stopAt - Date.now());
  const leads = await runCrmRetry(db, log, left() * 0.6);
  const s = await pushDueStatusChanges(db, { log, deadlineMs: left() / 2 });
  const v = await pushDueVisitEvents(db, { log, deadlineMs: left() / 2 });
  const p = await retryDuePhotos(db, { log, deadlineMs: left() });
  const pipe = await checkPipes(db, ["zoho"], log);
  const visits = v.tried ? `; visit events: ${v.tried} tried, ${v.done} written, ${v.failed} failed` : "";
  return `${leads}; status changes: ${s.tried} tried, ${s.done} written, ${s.failed} failed${visits}; photos: ${p.tried} tried, ${p.synced} attached, ${p.failed} failed${pipe ? `; ${pipe}` : ""}`;
}

/**
 * Every minute: the next person for leads nobody has called, then every staff alert that is due,
 * and the visitors' texts that are due (issue 34: retries; the submit sends each first). Texts run
 * whatever happened to the alerts. Empty when there was nothing to do.
 */
export async function runAlertsJob(db: Db, log: Logger): Promise<string> {
  const texts = deliverDueTexts(db, { log }).catch((e) => {
    log.error(`Texts failed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  });
  const escalated = await escalateWaitingLeads(db);
  const r = await deliverDuePushes(db, { log });
  const t = await texts;
  const textLine = t?.tried ? `; texts ${t.tried} tried, ${t.sent} sent (${t.found} found already sent), ${t.retry} to retry, ${t.optedOut} opted out, ${t.failed} failed` : "";
  if (!escalated && !r.tried) return textLine ? `Alerts: nothing to push${textLine}` : "";
  return `Alerts: ${escalated} lead(s) escalated; pushes ${r.tried} tried, ${r.sent} sent, ${r.retry} to retry, ${r.gone} device(s) gone, ${r.failed} failed${textLine}`;
}

/** Every 10 minutes: the day-before reminders of site visits that are due (issue 35), then every message still to retry. */
export async function runMailRetry(db: Db, log: Logger = createLogger("job/mail-retry")): Promise<string> {
  const reminders = await sendDueReminders(db, { log });
  const r = await deliverPending(db);
  const pipe = await checkPipes(db, ["smtp"], log);
  const visits = reminders.queued ? `; visit reminders: ${reminders.queued} queued, ${reminders.sent} sent` : "";
  return `Mail retry: ${r.tried} tried, ${r.sent} sent${visits}${pipe ? `; ${pipe}` : ""}`;
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
    const summary = await job(await db());
    // A job with nothing to report (the every-minute alerts job, mostly) writes no line.
    if (summary) log.info(summary);
  } catch (e) {
    log.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await log.flush();
  }
  return new Response(null, { status: 204 });
}
