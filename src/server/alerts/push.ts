/**
 * Web Push to staff devices (issue 34, decision 17): the devices that turned alerts on, the
 * outbox of alerts for them, and its delivery.
 *
 * Exactly once per device: an alert is one push_outbox row per (device, event), so queueing the
 * same event again adds nothing. A row is claimed with a lease before it is sent, and retried with
 * backoff after a 429, a 5xx or a timeout until it is delivered (or given up after a day). A push
 * the service took but whose answer was lost may be sent again: the Topic header lets the service
 * replace the copy it still holds, and the notification's tag makes the phone replace, not repeat,
 * the one it shows. A device the push service says is gone (404, 410) is removed.
 *
 * `web-push` encrypts the payload (RFC 8291) and signs the VAPID header (RFC 8292); the request
 * itself is sent with fetch, so a timeout is an AbortSignal and a local stand-in may speak plain
 * http on loopback (tests; never on a Netlify deploy).
 */
import { createHash } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import { deploySettings, strictDeploy } from "../settings/context.ts";
import type { Logger } from "../logs/logger.ts";
import { sendSoon } from "../jobs/send-soon.ts";

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * A fixed key pair for local runs only (`npm run dev`, tests), so a fresh clone's alerts work and a
 * device subscribed yesterday still works today. Never used on a Netlify deploy (strictDeploy).
 */
const DEV_VAPID: Vapid = {
  publicKey: "BHZ2mMxT1IuGkl1WQDNfQNF05QS_fX-Syj4RVfUJvTeV5FXwMh2ZygxZnuR5NkeJmk1Xn9x6wl22TxVu3K1qa3I",
  privateKey: "GmhjEKdAW4VFyv2toSXBvMTJOpneaoB_jsukhY3RLT8",
  subject: "mailto:dev@localhost",
};

/** The VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), the dev pair locally, or null on a deploy without them. */
export function vapidFromEnv(env: NodeJS.ProcessEnv = process.env): Vapid | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject || `mailto:${env.ADMIN_EMAIL?.split(",")[0]?.trim() || "office@example.com"}` };
  return strictDeploy(env) ? null : DEV_VAPID;
}

/** Alerts are sent here: not on a preview or branch deploy (decision 17), and only with keys. */
export function pushAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return !deploySettings(env).preview && vapidFromEnv(env) !== null;
}

/** Push services browsers use; a subscription elsewhere is refused (the server must not post to any URL it is given). */
const PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /^android\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /\.notify\.windows\.com$/];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Why an endpoint is refused, or null: https to a known push service (or http on loopback off Netlify). */
export function endpointProblem(endpoint: string, env: NodeJS.ProcessEnv = process.env): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not a URL";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (!strictDeploy(env) && LOOPBACK.test(url.hostname)) return null;
  if (url.protocol !== "https:") return "must be https";
  if (!PUSH_HOSTS.some((h) => h.test(url.hostname))) return "is not a known push service (Chrome, Firefox, Safari, Edge)";
  return null;
}

export interface AlertPayload {
  title: string;
  body: string;
  /** Opened when the notification is tapped: a back-office path. */
  url: string;
  /** One notification per tag on the phone: the same event shown twice replaces itself. */
  tag: string;
}

export interface Device {
  id: string;
  /** The first 16 hex digits of the endpoint's SHA-256: a browser finds itself in the list by it. */
  key: string;
  label: string;
  createdAt: string;
  lastSentAt: string | null;
}

/** Adds (or moves to this user) the browser's subscription; returns the device. */
export async function saveDevice(q: Queryable, userId: string, sub: { endpoint: string; p256dh: string; auth: string; label: string }): Promise<Device> {
  const r = await q.query<DeviceRow>(
    `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4, label = $5
     RETURNING id, endpoint, label, created_at, last_sent_at`,
    [userId, sub.endpoint, sub.p256dh, sub.auth, sub.label],
  );
  return toDevice(r.rows[0]);
}

type DeviceRow = { id: string; endpoint: string; label: string; created_at: Date; last_sent_at: Date | null };

/** The first 16 hex digits of an endpoint's SHA-256. */
export const endpointKey = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex").slice(0, 16);

const toDevice = (r: DeviceRow): Device => ({
  id: String(r.id),
  key: endpointKey(r.endpoint),
  label: r.label,
  createdAt: new Date(r.created_at).toISOString(),
  lastSentAt: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
});

export async function listDevices(q: Queryable, userId: string): Promise<Device[]> {
  const r = await q.query<DeviceRow>(
    "SELECT id, endpoint, label, created_at, last_sent_at FROM push_devices WHERE user_id = $1 ORDER BY created_at",
    [userId],
  );
  return r.rows.map(toDevice);
}

/** Removes one of the user's devices (by id or by its endpoint); false when it is not theirs. */
export async function removeDevice(q: Queryable, userId: string, which: { id?: string; endpoint?: string }): Promise<boolean> {
  const r = which.id
    ? await q.query("DELETE FROM push_devices WHERE id = $1 AND user_id = $2", [which.id, userId])
    : await q.query("DELETE FROM push_devices WHERE endpoint = $1 AND user_id = $2", [which.endpoint, userId]);
  return r.rowCount > 0;
}

/**
 * Queues `payload` under `event` for every device of `userIds` (devices that already have it are
 * skipped); returns the new outbox ids.
 */
export async function queueAlert(q: Queryable, userIds: string[], event: string, payload: AlertPayload, leadId?: string): Promise<string[]> {
  if (!userIds.length) return [];
  const r = await q.query<{ id: string }>(
    `INSERT INTO push_outbox (device_id, event, lead_id, payload)
     SELECT d.id, $2, $3, $4 FROM push_devices d WHERE d.user_id = ANY($1::uuid[])
     ON CONFLICT (device_id, event) DO NOTHING
     RETURNING id`,
    [userIds, event, leadId ?? null, JSON.stringify(payload)],
  );
  return r.rows.map((row) => String(row.id));
}

/** Each try waits for the push service this long (PUSH_TIMEOUT_MS, 3 s: they answer in well under one). */
export const pushTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.PUSH_TIMEOUT_MS) || 3000;
/** A claimed alert is someone else's to retry after this long (a sender stopped mid-way). */
const LEASE_SECONDS = 30;
/** Retries: 1 s after the first failure (the sender tries again itself), then 5 s, 10 s, 20 s … up to 10 minutes apart, for a day. */
export const retryDelaySeconds = (attempts: number) => (attempts <= 1 ? 1 : Math.min(600, 5 * 2 ** (attempts - 2)));
const GIVE_UP_AFTER_SECONDS = 86_400;
/** How long the push service keeps an alert for a phone that is off. */
const TTL_SECONDS = 86_400;

type Claimed = { id: string; device_id: string; event: string; payload: AlertPayload; attempts: number; endpoint: string; p256dh: string; auth: string; age: number };

export interface DeliveryResult {
  tried: number;
  sent: number;
  retry: number;
  gone: number;
  failed: number;
}

/**
 * Sends the alerts that are due (or just `ids`), ten at a time; returns what happened. Off where
 * pushes are not allowed (a preview): nothing is sent and the rows say why.
 */
export async function deliverDuePushes(db: Db, opts: { ids?: string[]; limit?: number; log?: Logger; fetchImpl?: typeof fetch } = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { tried: 0, sent: 0, retry: 0, gone: 0, failed: 0 };
  const vapid = vapidFromEnv();
  if (!pushAllowed() || !vapid) {
    // Kept with the reason, so the office sees why, and the job does not pick them up again.
    const why = deploySettings().preview ? "not sent: a preview deploy never pushes" : "not sent: VAPID keys are not set";
    const only = opts.ids ? "AND id = ANY($2::bigint[])" : "";
    await db.query(`UPDATE push_outbox SET failed_at = now(), last_error = $1 WHERE sent_at IS NULL AND failed_at IS NULL ${only}`, opts.ids ? [why, opts.ids] : [why]);
    return result;
  }
  const claimed = await db.query<Claimed>(
    `UPDATE push_outbox o SET claimed_until = now() + make_interval(secs => $1), attempts = o.attempts + 1
       FROM push_devices d
      WHERE d.id = o.device_id AND o.id IN (
        SELECT id FROM push_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
           ${opts.ids ? "AND id = ANY($3::bigint[])" : ""}
         ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.device_id, o.event, o.payload, o.attempts, d.endpoint, d.p256dh, d.auth,
                EXTRACT(EPOCH FROM now() - o.created_at)::float8 AS age`,
    opts.ids ? [LEASE_SECONDS, opts.limit ?? 100, opts.ids] : [LEASE_SECONDS, opts.limit ?? 100],
  );
  const rows = claimed.rows;
  // CommonJS: the namespace's default is module.exports where the bundler wraps it.
  const mod = await import("web-push");
  const webpush = (mod as { default?: WebPush }).default ?? mod;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      result.tried++;
      const outcome = await sendOne(webpush, vapid, row, opts.fetchImpl ?? fetch);
      await settle(db, row, outcome, result, opts.log);
    }
  };
  await Promise.all(Array.from({ length: Math.min(10, rows.length) }, worker));
  return result;
}

/**
 * Sends `ids` now and, while some are to be retried within `withinMs`, waits for them and tries
 * again (the submit's background work: an alert should reach the phone in seconds, not at the
 * job's next minute). What is still not sent is left to the every-minute job.
 */
export async function deliverNow(db: Db, ids: string[], opts: { log?: Logger; withinMs?: number; fetchImpl?: typeof fetch } = {}): Promise<DeliveryResult> {
  return sendSoon(ids, opts.withinMs ?? 10_000, {
    send: (pending) => deliverDuePushes(db, { ids: pending, log: opts.log, fetchImpl: opts.fetchImpl }),
    due: async (pending) =>
      (
        await db.query<{ id: string; wait: number }>(
          "SELECT id, EXTRACT(EPOCH FROM next_attempt_at - now())::float8 * 1000 AS wait FROM push_outbox WHERE id = ANY($1::bigint[]) AND sent_at IS NULL AND failed_at IS NULL",
          [pending],
        )
      ).rows,
    add: (total, r) => {
      for (const k of ["tried", "sent", "gone", "failed"] as const) total[k] += r[k];
    },
  });
}

type Outcome = { kind: "sent" } | { kind: "gone"; status: number } | { kind: "retry"; after: number; why: string } | { kind: "failed"; why: string };

type WebPush = typeof import("web-push");

async function sendOne(webpush: WebPush, vapid: Vapid, row: Claimed, fetchImpl: typeof fetch): Promise<Outcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(row.payload), {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: "high",
      topic: createHash("sha256").update(row.event).digest("base64url").slice(0, 32),
      contentEncoding: "aes128gcm",
    });
  } catch (e) {
    return { kind: "failed", why: `cannot encrypt for this device: ${e instanceof Error ? e.message : String(e)}` };
  }
  let res: Response;
  try {
    res = await fetchImpl(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body as unknown as BodyInit,
      signal: AbortSignal.timeout(pushTimeoutMs()),
      redirect: "error",
    });
    await res.arrayBuffer().catch(() => undefined);
  } catch (e) {
    const why = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError") ? `no answer within ${pushTimeoutMs()} ms` : `network: ${e instanceof Error ? e.message : String(e)}`;
    return { kind: "retry", after: retryDelaySeconds(row.attempts), why };
  }
  if (res.ok) return { kind: "sent" };
  if (res.status === 404 || res.status === 410) return { kind: "gone", status: res.status };
  if (res.status === 429 || res.status >= 500) {
    const asked = Number(res.headers.get("retry-after"));
    const after = Number.isFinite(asked) && asked > 0 ? Math.min(3600, asked) : retryDelaySeconds(row.attempts);
    return { kind: "retry", after, why: `push service answered ${res.status}` };
  }
  return { kind: "failed", why: `push service refused it (${res.status})` };
}

async function settle(q: Queryable, row: Claimed, outcome: Outcome, result: DeliveryResult, log?: Logger) {
  switch (outcome.kind) {
    case "sent":
      result.sent++;
      await q.query("UPDATE push_outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1", [row.id]);
      await q.query("UPDATE push_devices SET last_sent_at = now() WHERE id = $1", [row.device_id]);
      return;
    case "gone":
      result.gone++;
      log?.info(`Push device ${row.device_id} is gone (${outcome.status}): removed`);
      await q.query("DELETE FROM push_devices WHERE id = $1", [row.device_id]);
      return;
    case "retry":
      if (row.age + outcome.after > GIVE_UP_AFTER_SECONDS) {
        result.failed++;
        log?.warn(`Push alert ${row.id} given up after a day: ${outcome.why}`);
        await q.query("UPDATE push_outbox SET failed_at = now(), claimed_until = NULL, last_error = $2 WHERE id = $1", [row.id, outcome.why]);
        return;
      }
      result.retry++;
      await q.query(
        "UPDATE push_outbox SET next_attempt_at = now() + make_interval(secs => $2), claimed_until = NULL, last_error = $3 WHERE id = $1",
        [row.id, outcome.after, outcome.why],
      );
      return;
    case "failed":
      result.failed++;
      log?.warn(`Push alert ${row.id} failed: ${outcome.why}`);
      await q.query("UPDATE push_outbox SET failed_at = now(), claimed_until = NULL, last_error = $2 WHERE id = $1", [row.id, outcome.why]);
      return;
  }
}
