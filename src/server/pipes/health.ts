/**
 * The health of the two pipes a lead leaves through: the Zoho CRM sync ('zoho') and mail ('smtp').
 * The code that tries a pipe records each attempt here (the lead sync in leads/crm-queue.ts,
 * delivery in mail/index.ts); a pipe is down once every attempt has failed for PIPE_DOWN_AFTER_MS.
 * Times come from this process's clock (`at`, `now`), one clock for recording and judging.
 * This module imports nothing of mail or leads, so both can record into it.
 */
import type { Queryable } from "../db/index.ts";
import type { PipeName, PipeState } from "../../lib/contracts/pipes.ts";

export type Pipe = PipeName;
export const PIPES: readonly Pipe[] = ["zoho", "smtp"];

/** Every attempt failed for this long: the office is told (alerts.ts) and the dashboard says so. */
export const PIPE_DOWN_AFTER_MS = 60 * 60 * 1000;

export interface PipeHealth {
  pipe: Pipe;
  lastSuccessAt: Date | null;
  /** The first failed attempt since the last one that worked; null while the pipe works. */
  failingSince: Date | null;
  lastFailureAt: Date | null;
  /** Failed attempts since the last one that worked. */
  failures: number;
  lastError: string | null;
}

const MAX_ERROR = 500;

/**
 * Records one attempt: `error` null when it worked. Never throws: the attempt's own outcome is
 * what matters to its caller, and a missed record only delays the alarm.
 */
export async function recordAttempt(q: Queryable, pipe: Pipe, error: string | null, at = new Date()): Promise<void> {
  try {
    await q.query(
      `INSERT INTO pipe_health AS h (pipe, last_success_at, failing_since, last_failure_at, failures, last_error)
       VALUES ($1, CASE WHEN $2::boolean THEN $3::timestamptz END, CASE WHEN $2::boolean THEN NULL ELSE $3::timestamptz END,
               CASE WHEN $2::boolean THEN NULL ELSE $3::timestamptz END, CASE WHEN $2::boolean THEN 0 ELSE 1 END, $4)
       ON CONFLICT (pipe) DO UPDATE SET
         last_success_at = CASE WHEN $2::boolean THEN GREATEST(h.last_success_at, $3::timestamptz) ELSE h.last_success_at END,
         failing_since = CASE WHEN $2::boolean THEN NULL ELSE COALESCE(h.failing_since, $3::timestamptz) END,
         last_failure_at = CASE WHEN $2::boolean THEN h.last_failure_at ELSE GREATEST(h.last_failure_at, $3::timestamptz) END,
         failures = CASE WHEN $2::boolean THEN 0 ELSE h.failures + 1 END,
         last_error = CASE WHEN $2::boolean THEN h.last_error ELSE $4 END
       -- Every lead sync and every e-mail records here, so this one row is hot: a success while the
       -- pipe works only moves last_success_at on once a minute (an hour is what the alarm counts).
       WHERE NOT $2::boolean OR h.failing_since IS NOT NULL OR h.last_success_at IS NULL OR h.last_success_at < $3::timestamptz - interval '1 minute'`,
      [pipe, error === null, at, error?.slice(0, MAX_ERROR) ?? null],
    );
  } catch (e) {
    console.error(`[pipes] could not record a ${pipe} attempt: ${e instanceof Error ? e.message : e}`);
  }
}

/**
 * Forgets a pipe's failures: it was switched off (its settings removed), so nothing tries it and
 * nothing can fail; switched on again, it starts from its next attempt.
 */
export async function forgetFailures(q: Queryable, pipe: Pipe): Promise<void> {
  await q.query("UPDATE pipe_health SET failing_since = NULL, failures = 0 WHERE pipe = $1 AND failing_since IS NOT NULL", [pipe]);
}

export async function readHealth(q: Queryable): Promise<Record<Pipe, PipeHealth>> {
  const r = await q.query<{ pipe: Pipe; last_success_at: Date | null; failing_since: Date | null; last_failure_at: Date | null; failures: number; last_error: string | null }>(
    "SELECT pipe, last_success_at, failing_since, last_failure_at, failures, last_error FROM pipe_health",
  );
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  const out = Object.fromEntries(
    PIPES.map((pipe) => [pipe, { pipe, lastSuccessAt: null, failingSince: null, lastFailureAt: null, failures: 0, lastError: null }]),
  ) as Record<Pipe, PipeHealth>;
  for (const row of r.rows) {
    if (!PIPES.includes(row.pipe)) continue;
    out[row.pipe] = {
      pipe: row.pipe,
      lastSuccessAt: date(row.last_success_at),
      failingSince: date(row.failing_since),
      lastFailureAt: date(row.last_failure_at),
      failures: Number(row.failures),
      lastError: row.last_error,
    };
  }
  return out;
}

/** 'down': every attempt has failed for PIPE_DOWN_AFTER_MS; 'failing': for less; 'ok': the last one worked. */
export function pipeState(h: PipeHealth, now = new Date()): PipeState {
  if (!h.failingSince) return "ok";
  return now.getTime() - h.failingSince.getTime() >= PIPE_DOWN_AFTER_MS ? "down" : "failing";
}
