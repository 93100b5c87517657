import type { Queryable } from "../db/index.ts";
import { tooManyRequests } from "../http/errors.ts";

export interface Limit {
  /** Name of the flow it protects; part of the counter key. */
  name: string;
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window resets (meaningful when not allowed). */
  retryAfter: number;
}

/**
 * Counts one hit of `subject` (an IP, an e-mail…) against `limit` in a fixed window kept in
 * Postgres, so every function instance shares the count. One atomic upsert per call.
 */
export async function hit(q: Queryable, limit: Limit, subject: string): Promise<HitResult> {
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const r = await q.query<{ hits: number; reset_in: number }>(
    `INSERT INTO rate_limit AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING hits, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))::float8 AS reset_in`,
    [key, limit.windowSeconds],
  );
  const row = r.rows[0];
  const hits = Number(row.hits);
  return { allowed: hits <= limit.max, hits, retryAfter: Math.max(1, Math.ceil(Number(row.reset_in))) };
}

/** Like `hit`, but throws the API's 429 (with Retry-After) when over the limit. */
export async function enforce(q: Queryable, limit: Limit, subject: string): Promise<HitResult> {
  const r = await hit(q, limit, subject);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
  return r;
}

/** Forgets a subject's count (e.g. after a successful log-in). */
export async function reset(q: Queryable, limit: Limit, subject: string): Promise<void> {
  await q.query("DELETE FROM rate_limit WHERE key = $1", [`${limit.name}:${subject.toLowerCase()}`]);
}

/** Removes expired counters; run from the maintenance schedule. */
export async function pruneRateLimits(q: Queryable, olderThanSeconds = 86_400): Promise<number> {
  return (await q.query("DELETE FROM rate_limit WHERE window_start < now() - make_interval(secs => $1)", [olderThanSeconds])).rowCount;
}
