/**
 * The text outbox (issue 34, decision 17): every text to a visitor is first a row of `sms_outbox`,
 * written in the transaction that stores its lead, then sent at once by the submit's background
 * work, and retried by the every-minute job (job-alerts) until Twilio takes it or what it says is no
 * longer true (`expires_at`: "within the hour" an hour on, "Monday morning" on Monday at opening).
 *
 * At most one text per number per office day (America/New_York): a unique index on (number, local
 * day), so twenty requests at once from one phone queue one text, whoever commits first.
 *
 * Exactly once. A row is claimed with a lease (FOR UPDATE SKIP LOCKED), so the submit and the job
 * never send it side by side. Before each POST the row is marked `maybe_sent_since` (kept when the
 * answer is lost: a timeout, a 5xx, a connection cut after the request went out, or a sender that
 * stopped mid-way and whose lease ran out); a later attempt then first lists the messages Twilio
 * sent to that number since then (GET Messages.json?To=…&DateSent>=…) and, finding this very text,
 * records it as sent instead of sending it again. A 429 (its Retry-After honoured), a connection
 * refused or a 4xx are answers that nothing was sent: those retry without the check.
 *
 * Previews never text (the row says so, state 'preview'); without Twilio settings a text waits in
 * the outbox with the reason, like mail without SMTP. A number that replied STOP is never texted:
 * checked when a text is queued and again just before it is sent.
 */
import type { Db, Queryable } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { deploySettings } from "../settings/context.ts";
import { isOptedOut, optOut } from "./opt-outs.ts";
import { listMessagesTo, sendMessage, twilioFromEnv, type SendOutcome, type TwilioConfig } from "./twilio.ts";
import { sendSoon } from "../jobs/send-soon.ts";

export type OutboxState = "queued" | "sent" | "failed" | "opted-out" | "preview";

export const PREVIEW_REASON = "not sent: a preview deploy never texts";
export const UNCONFIGURED_REASON = "not sent yet: Twilio is not set up (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID)";

export interface QueueText {
  leadId: string | null;
  /** E.164. */
  to: string;
  body: string;
  /** The office's date it is queued on (YYYY-MM-DD): one text per number per such day. */
  localDay: string;
  /** Not sent after this (what it says would no longer be true). */
  expiresAt: Date;
}

/**
 * Queues a text with `q` (the lead's transaction). Returns its id, or null when that number already
 * has its text for the day. A number on the opt-out list gets a row that says so (the office sees
 * why no text went), which holds no place in the day; on a preview the row is kept, never sent.
 */
export async function queueText(q: Queryable, t: QueueText): Promise<{ id: string; state: OutboxState } | null> {
  if (await isOptedOut(q, t.to)) {
    const r = await q.query<{ id: string }>(
      `INSERT INTO sms_outbox (lead_id, to_e164, local_day, body, expires_at, state, last_error) VALUES ($1, $2, $3, $4, $5, 'opted-out', 'not sent: the number replied STOP')
       RETURNING id`,
      [t.leadId, t.to, t.localDay, t.body, t.expiresAt],
    );
    return { id: String(r.rows[0].id), state: "opted-out" };
  }
  const preview = deploySettings().preview;
  const r = await q.query<{ id: string }>(
    `INSERT INTO sms_outbox (lead_id, to_e164, local_day, body, expires_at, state, last_error) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (to_e164, local_day) WHERE state <> 'opted-out' DO NOTHING
     RETURNING id`,
    [t.leadId, t.to, t.localDay, t.body, t.expiresAt, preview ? "preview" : "queued", preview ? PREVIEW_REASON : null],
  );
  const id = r.rows[0]?.id;
  return id === undefined ? null : { id: String(id), state: preview ? "preview" : "queued" };
}

/** A claimed text is someone else's to retry after this long (a sender stopped mid-way). */
export const LEASE_SECONDS = 60;
/** Retries after a definite "not sent": 2 s, 4 s, 8 s … up to 5 minutes apart. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 2 * 2 ** Math.max(0, attempts - 1));
/**
 * After an answer that was lost, the next try waits at least this long, so Twilio has finished with
 * the first request (it answers in well under a second; a 5xx comes after it is done) and its
 * message list shows the text if it was taken.
 */
export const AMBIGUOUS_DELAY_SECONDS = 3;
/** The submit's background keeps retrying its own text this long (a function lives 10 s); the job takes over after. */
export const SEND_NOW_WITHIN_MS = 9_000;
/** The longest Retry-After honoured (a longer one waits this long, then asks again). */
const MAX_RETRY_AFTER_SECONDS = 600;
/** Twilio's statuses of a message it took (and has not given up on). */
const TAKEN = new Set(["accepted", "scheduled", "queued", "sending", "sent", "delivered", "read", "receiving", "received"]);

export interface TextDelivery {
  tried: number;
  sent: number;
  retry: number;
  failed: number;
  optedOut: number;
  /** Lists asked of Twilio after a lost answer, and texts found there (sent before: not sent again). */
  checked: number;
  found: number;
}

type Claimed = {
  id: string;
  lead_id: string | null;
  to_e164: string;
  body: string;
  attempts: number;
  expires_at: Date;
  /** Set when an earlier attempt may have reached Twilio: check its list before sending. */
  check_since: Date | null;
};

export interface DeliverOptions {
  /** Only these rows (the submit's own text); otherwise every text that is due. */
  ids?: string[];
  limit?: number;
  log?: Logger;
  fetchImpl?: typeof fetch;
  /** Twilio settings (default: the environment's). */
  config?: TwilioConfig | null;
}

/**
 * Sends the texts that are due (or just `ids`), ten at a time; returns what happened. What the
 * submit's background, the every-minute job and a benchmark call. Never sends on a preview.
 */
export async function deliverDueTexts(db: Db, opts: DeliverOptions = {}): Promise<TextDelivery> {
  const result: TextDelivery = { tried: 0, sent: 0, retry: 0, failed: 0, optedOut: 0, checked: 0, found: 0 };
  // `AND id = ANY($n)` when only some rows are meant, with the parameter's number.
  const only = (n: number) => (opts.ids ? `AND id = ANY($${n}::bigint[])` : "");
  const onlyArgs = opts.ids ? [opts.ids] : [];
  if (deploySettings().preview) {
    await db.query(`UPDATE sms_outbox SET state = 'preview', last_error = $1 WHERE state = 'queued' ${only(2)}`, [PREVIEW_REASON, ...onlyArgs]);
    return result;
  }
  const config = opts.config === undefined ? twilioFromEnv() : opts.config;
  // What no longer holds is not sent, unless an earlier attempt may have gone (then Twilio's list
  // decides, below); a day after that, whatever Twilio's list says, it is given up.
  await db.query(
    `UPDATE sms_outbox SET state = 'failed', last_error = 'not sent: too late for what it says (' || coalesce(last_error, 'never tried') || ')'
      WHERE state = 'queued' AND (claimed_until IS NULL OR claimed_until < now())
        AND ((expires_at < now() AND maybe_sent_since IS NULL) OR expires_at < now() - interval '1 day') ${only(1)}`,
    onlyArgs,
  );
  if (!config) {
    await db.query(`UPDATE sms_outbox SET last_error = $1 WHERE state = 'queued' AND last_error IS DISTINCT FROM $1 ${only(2)}`, [UNCONFIGURED_REASON, ...onlyArgs]);
    return result;
  }
  const claimed = await db.query<Claimed>(
    `WITH due AS (
       SELECT id, maybe_sent_since FROM sms_outbox
        WHERE state = 'queued' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
          ${opts.ids ? "AND id = ANY($3::bigint[])" : ""}
        ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE sms_outbox o SET claimed_until = now() + make_interval(secs => $1), attempts = o.attempts + 1,
            maybe_sent_since = coalesce(o.maybe_sent_since, now())
       FROM due WHERE o.id = due.id
     RETURNING o.id, o.lead_id, o.to_e164, o.body, o.attempts, o.expires_at, due.maybe_sent_since AS check_since`,
    opts.ids ? [LEASE_SECONDS, opts.limit ?? 100, opts.ids] : [LEASE_SECONDS, opts.limit ?? 100],
  );
  const rows = claimed.rows;
  const fetchImpl = opts.fetchImpl ?? fetch;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      result.tried++;
      try {
        await sendOne(db, config, row, fetchImpl, result, opts.log);
      } catch (e) {
        // The database failed mid-way: the lease runs out and the next run carries on (checking Twilio first).
        opts.log?.warn(`Text ${row.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(10, rows.length) }, worker));
  return result;
}

/**
 * Sends `ids` now and, while the answer is a retry due within `withinMs`, tries again when it is
 * due: the submit's background, so a 429 or a 5xx costs the visitor seconds, not the job's minute.
 */
export async function deliverTextsNow(db: Db, ids: string[], opts: Omit<DeliverOptions, "ids"> & { withinMs?: number } = {}): Promise<TextDelivery> {
  return sendSoon(ids, opts.withinMs ?? SEND_NOW_WITHIN_MS, {
    send: (pending) => deliverDueTexts(db, { ...opts, ids: pending }),
    due: async (pending) =>
      (
        await db.query<{ id: string; wait: number }>(
          "SELECT id, EXTRACT(EPOCH FROM next_attempt_at - now())::float8 * 1000 AS wait FROM sms_outbox WHERE id = ANY($1::bigint[]) AND state = 'queued'",
          [pending],
        )
      ).rows,
    add: (total, r) => {
      for (const k of ["tried", "sent", "failed", "optedOut", "checked", "found"] as const) total[k] += r[k];
    },
  });
}

async function sendOne(db: Db, config: TwilioConfig, row: Claimed, fetchImpl: typeof fetch, result: TextDelivery, log?: Logger): Promise<void> {
  if (await isOptedOut(db, row.to_e164)) {
    result.optedOut++;
    await db.query(
      "UPDATE sms_outbox SET state = 'opted-out', claimed_until = NULL, last_error = 'not sent: the number replied STOP' WHERE id = $1 AND attempts = $2 AND state = 'queued'",
      [row.id, row.attempts],
    );
    return;
  }
  if (row.check_since) {
    // An earlier attempt's answer was lost: did Twilio take it? Never send again without knowing.
    result.checked++;
    let messages;
    try {
      messages = await listMessagesTo(config, row.to_e164, new Date(new Date(row.check_since).getTime() - 60_000), fetchImpl);
    } catch (e) {
      const after = (e as { retryAfter?: number | null }).retryAfter ?? null;
      return settle(db, row, { kind: "retry", ambiguous: true, after, why: `could not check Twilio's list: ${e instanceof Error ? e.message : String(e)}` }, result, log);
    }
    const since = new Date(row.check_since).getTime() - 5 * 60_000;
    const mine = messages.find((m) => m.to === row.to_e164 && m.body === row.body && (!m.date_created || Date.parse(m.date_created) >= since) && m.status !== "canceled");
    if (mine) {
      result.found++;
      log?.info(`Text ${row.id} was taken by Twilio before its answer was lost (${mine.sid}, ${mine.status}): not sent again`);
      return settle(db, row, TAKEN.has(mine.status) ? { kind: "sent", sid: mine.sid, status: mine.status } : { kind: "refused", why: `Twilio took it as ${mine.sid} but could not deliver it (${mine.status})` }, result, log, true);
    }
    // Not there: nothing went before. From here on, as a first attempt.
  }
  if (new Date(row.expires_at).getTime() < Date.now()) {
    return settle(db, row, { kind: "refused", why: "not sent: too late for what it says" }, result, log);
  }
  const outcome = await sendMessage(config, row.to_e164, row.body, fetchImpl);
  await settle(db, row, outcome, result, log);
}

/**
 * Records how a try ended. Only the claim that made the try may: `attempts` is the claim's number,
 * so a sender whose lease ran out (and whose row another sender has settled since) changes nothing.
 */
async function settle(q: Queryable, row: Claimed, outcome: SendOutcome, result: TextDelivery, log?: Logger, foundOnList = false): Promise<void> {
  const mine = "id = $1 AND attempts = $2 AND state = 'queued'";
  switch (outcome.kind) {
    case "sent":
      result.sent++;
      await q.query(
        `UPDATE sms_outbox SET state = 'sent', sent_at = now(), twilio_sid = $3, twilio_status = $4, claimed_until = NULL, maybe_sent_since = NULL,
           last_error = $5 WHERE ${mine}`,
        [row.id, row.attempts, outcome.sid, outcome.status, foundOnList ? "found on Twilio's list after a lost answer: not sent again" : null],
      );
      return;
    case "unsubscribed":
      result.optedOut++;
      log?.info(`Text ${row.id}: Twilio has the number on its opt-out list; added to ours`);
      await q.query(`UPDATE sms_outbox SET state = 'opted-out', claimed_until = NULL, maybe_sent_since = NULL, last_error = $3 WHERE ${mine}`, [row.id, row.attempts, outcome.why]);
      await optOut(q, row.to_e164, "twilio-21610");
      return;
    case "refused":
      result.failed++;
      log?.warn(`Text ${row.id} not sent: ${outcome.why}`);
      await q.query(`UPDATE sms_outbox SET state = 'failed', claimed_until = NULL, maybe_sent_since = NULL, last_error = $3 WHERE ${mine}`, [row.id, row.attempts, outcome.why]);
      return;
    case "retry": {
      result.retry++;
      const after = outcome.ambiguous
        ? Math.max(AMBIGUOUS_DELAY_SECONDS, outcome.after ?? 0, retryDelaySeconds(row.attempts))
        : (outcome.after ?? retryDelaySeconds(row.attempts));
      // After a definite "not taken" (and a clean list, if there was one) nothing of it is at Twilio.
      await q.query(
        `UPDATE sms_outbox SET next_attempt_at = now() + make_interval(secs => $3), claimed_until = NULL, last_error = $4,
           maybe_sent_since = CASE WHEN $5 THEN maybe_sent_since ELSE NULL END WHERE ${mine}`,
        [row.id, row.attempts, Math.min(after, MAX_RETRY_AFTER_SECONDS), outcome.why, outcome.ambiguous],
      );
      return;
    }
  }
}

/** How many texts wait (queued) and how long the oldest has waited, for a health line. */
export async function textBacklog(q: Queryable): Promise<{ queued: number; oldestSeconds: number | null }> {
  const r = await q.query<{ n: string; oldest: number | null }>(
    "SELECT count(*) AS n, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest FROM sms_outbox WHERE state = 'queued'",
  );
  return { queued: Number(r.rows[0].n), oldestSeconds: r.rows[0].oldest === null ? null : Number(r.rows[0].oldest) };
}
