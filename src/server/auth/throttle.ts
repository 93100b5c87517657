/**
 * Failed-log-in throttle with a growing delay (ASVS 5.0 §6.3.1): after `freeFailures` failures of
 * a subject (an account or an IP), each further failure locks it for twice as long as the last,
 * up to `maxDelaySeconds`. Counts live in Postgres so every function instance shares them.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/index.ts";
import { tooManyRequests } from "../http/errors.ts";

export interface Throttle {
  name: string;
  /** Failures allowed before the first delay. */
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A subject with no failure for this long starts again from zero. */
  forgetAfterSeconds: number;
}

export const THROTTLED_MESSAGE = "Too many failed log-ins. Please wait before trying again";

const keyOf = (t: Throttle, subject: string) => `${t.name}:${subject.toLowerCase()}`;

/** The delay after the n-th failure (0 while failures are still free). */
export function delayAfter(t: Throttle, failures: number): number {
  if (failures < t.freeFailures) return 0;
  return Math.min(t.maxDelaySeconds, t.baseDelaySeconds * 2 ** (failures - t.freeFailures));
}

/** Throws the API's 429 (Retry-After = seconds left) while the subject is locked. */
export async function checkThrottle(q: Queryable, t: Throttle, subject: string): Promise<void> {
  const r = await q.query<{ wait: number }>(
    "SELECT EXTRACT(EPOCH FROM (locked_until - now()))::float8 AS wait FROM login_throttle WHERE key = $1 AND locked_until > now()",
    [keyOf(t, subject)],
  );
  if (r.rows[0]) throw tooManyRequests(Math.ceil(Number(r.rows[0].wait)), THROTTLED_MESSAGE);
}

/** Counts a failure and sets the lock it earns; returns the failure count and the delay. */
export async function recordFailure(q: Queryable, t: Throttle, subject: string): Promise<{ failures: number; delay: number }> {
  const failures = await countFailure(q, keyOf(t, subject), t.forgetAfterSeconds);
  const delay = delayAfter(t, failures);
  if (delay > 0) {
    await q.query("UPDATE login_throttle SET locked_until = now() + make_interval(secs => $2) WHERE key = $1", [keyOf(t, subject), delay]);
  }
  return { failures, delay };
}

/**
 * Counts an attempt as a failure before it is made, in one statement, so attempts made in parallel
 * are all counted (issue 33: a throttle read before failures are recorded let 20 guesses in flight
 * all through). While the subject is locked nothing is counted and the attempt is refused with a
 * 429 whose Retry-After is the time left. A subject is forgotten only when it has been neither
 * failing nor locked for `forgetAfterSeconds`, so a long lock cannot end in a fresh allowance.
 * Returns the count with this attempt; call `refundAttempt` when the attempt succeeds.
 */
export async function reserveAttempt(q: Queryable, t: Throttle, subject: string): Promise<{ failures: number }> {
  const attempt = randomUUID();
  const r = await q.query<{ failures: number; wait: number; counted: boolean }>(
    `INSERT INTO login_throttle AS t (key, failures, last_failure_at, locked_until, attempt)
       VALUES ($1, 1, now(), CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END, $6)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.locked_until > now() THEN t.failures
                       WHEN coalesce(t.locked_until, t.last_failure_at) < now() - make_interval(secs => $2) THEN 1
                       ELSE t.failures + 1 END,
       last_failure_at = CASE WHEN t.locked_until > now() THEN t.last_failure_at ELSE now() END,
       locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until
                           WHEN coalesce(t.locked_until, t.last_failure_at) < now() - make_interval(secs => $2) THEN
                             CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END
                           WHEN t.failures + 1 >= $3 THEN now() + make_interval(secs => least($5::float8, $4 * power(2, t.failures + 1 - $3)))
                           ELSE t.locked_until END,
       attempt = CASE WHEN t.locked_until > now() THEN t.attempt ELSE $6 END
     RETURNING failures, EXTRACT(EPOCH FROM (locked_until - clock_timestamp()))::float8 AS wait, attempt = $6 AS counted`,
    [keyOf(t, subject), t.forgetAfterSeconds, t.freeFailures, t.baseDelaySeconds, t.maxDelaySeconds, attempt],
  );
  const row = r.rows[0];
  if (!row.counted) throw tooManyRequests(Math.max(1, Math.ceil(Number(row.wait))), THROTTLED_MESSAGE);
  return { failures: Number(row.failures) };
}

/** Takes back a reserved attempt that succeeded (the lock it may have set stays). */
export async function refundAttempt(q: Queryable, t: Throttle, subject: string): Promise<void> {
  await q.query("UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $1", [keyOf(t, subject)]);
}

/** Counts a failure under `key` without ever locking it (a brake, not a lock); returns the count. */
export async function countFailure(q: Queryable, key: string, forgetAfterSeconds: number): Promise<number> {
  const r = await q.query<{ failures: number }>(
    `INSERT INTO login_throttle AS t (key, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.last_failure_at < now() - make_interval(secs => $2) THEN 1 ELSE t.failures + 1 END,
       last_failure_at = now()
     RETURNING failures`,
    [key.toLowerCase(), forgetAfterSeconds],
  );
  return Number(r.rows[0].failures);
}

export async function clearFailures(q: Queryable, t: Throttle, subject: string): Promise<void> {
  await q.query("DELETE FROM login_throttle WHERE key = $1", [keyOf(t, subject)]);
}

/** Forgets every subject of `t` that starts with `prefix` (an account's failures from every IP). */
export async function clearFailuresStartingWith(q: Queryable, t: Throttle, prefix: string): Promise<void> {
  const start = keyOf(t, prefix);
  await q.query("DELETE FROM login_throttle WHERE left(key, length($1)) = $1", [start]);
}

/** Removes throttle rows nobody has failed on for a day or more (maintenance). */
export async function pruneThrottle(q: Queryable, olderThanSeconds = 86_400): Promise<number> {
  return (await q.query("DELETE FROM login_throttle WHERE last_failure_at < now() - make_interval(secs => $1) AND (locked_until IS NULL OR locked_until < now())", [olderThanSeconds])).rowCount;
}
