/**
 * Idempotent lead submissions (issue 13). The browser makes one key per request and sends it as
 * `Idempotency-Key` with every try (its offline outbox retries for days). The server answers a
 * repeat of a key with the first answer — same status, same body, same photo token — and never
 * stores a second lead, however many copies arrive at once and on however many function instances.
 *
 * How: the key's row in lead_idempotency is inserted first, in the very transaction that stores the
 * lead and then records the answer. A concurrent repeat's `INSERT … ON CONFLICT DO NOTHING` waits on
 * that uncommitted row (Postgres makes it), and once the first commits it finds the key taken and
 * reads the answer; if the first fails and rolls back, the repeat's insert goes through and it
 * stores the lead itself. Nothing is kept in process memory, and a crash leaves no half-claim.
 *
 * A repeat that arrives while the first is still in flight therefore waits for it (usually a few
 * milliseconds: the transaction holds only database work) and then answers the first answer. If it
 * has waited IDEMPOTENCY_WAIT and the first is still not done, it answers 409 "still being
 * processed" with Retry-After, and the browser's outbox tries again later. (PGlite, one connection,
 * runs the transactions one after the other, so there the repeat simply waits its turn.)
 */
import { createHash } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import { HttpError, badRequest } from "../http/errors.ts";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_SHAPE } from "../../lib/contracts/lead.ts";

/** How long a repeat waits for the first request of its key before answering 409. */
export const IDEMPOTENCY_WAIT = "8s";
export const IDEMPOTENCY_RETRY_AFTER = 3;
/** Keys (and their answers) are kept this long, then forgotten (maintenance). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

export const KEY_MALFORMED = `The ${IDEMPOTENCY_HEADER} header must be 16 to 128 letters, digits, '-' or '_'.`;
export const DIFFERENT_CONTENT = "This request was already sent with different content.";
export const STILL_PROCESSING = "This request is still being processed. Please try again in a few seconds.";

/** The request's key: null without the header (no idempotency), 400 when malformed. */
export function idempotencyKey(req: Request): string | null {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const key = raw.trim();
  if (!IDEMPOTENCY_KEY_SHAPE.test(key)) throw badRequest(KEY_MALFORMED);
  return key;
}

/** What identifies "the same request": the endpoint and the validated body (fields in schema order). */
export function bodyHash(endpoint: string, body: unknown): string {
  return createHash("sha256").update(endpoint).update("\n").update(JSON.stringify(body)).digest("hex");
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

type Row = { endpoint: string; body_hash: string; status: number | null; answer: string | null };

/** The first answer to `key`, or null when no request with it has completed; 422 for other content. */
export async function storedAnswer(q: Queryable, key: string, hash: string): Promise<StoredAnswer | null> {
  const r = await q.query<Row>("SELECT endpoint, body_hash, status, answer FROM lead_idempotency WHERE key = $1", [key]);
  const row = r.rows[0];
  if (!row || row.status === null || row.answer === null) return null;
  if (row.body_hash !== hash) throw new HttpError(422, DIFFERENT_CONTENT);
  return { status: Number(row.status), body: JSON.parse(row.answer) };
}

/**
 * Runs `work` once per key: inside one transaction that first claims the key, and records what
 * `work` answers. Returns `{ fresh: true }` with work's result for the request that did it, or the
 * stored answer for a repeat. `work` runs with the transaction (throwing rolls everything back,
 * the claim included, so a later repeat does the work again).
 */
export async function once<T>(
  db: Db,
  idem: { key: string; endpoint: string; hash: string },
  work: (q: Queryable) => Promise<{ answer: StoredAnswer; leadId: string | null; result: T }>,
): Promise<{ fresh: true; answer: StoredAnswer; result: T } | { fresh: false; answer: StoredAnswer }> {
  const prior = await storedAnswer(db, idem.key, idem.hash);
  if (prior) return { fresh: false, answer: prior };
  let done: { answer: StoredAnswer; result: T } | null;
  try {
    done = await db.tx(async (q) => {
      if (db.driver !== "pglite") await q.query(`SET LOCAL lock_timeout = '${IDEMPOTENCY_WAIT}'`);
      const claim = await q.query("INSERT INTO lead_idempotency (key, endpoint, body_hash) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key", [
        idem.key,
        idem.endpoint,
        idem.hash,
      ]);
      if (!claim.rows[0]) return null;
      const out = await work(q);
      await q.query("UPDATE lead_idempotency SET status = $2, answer = $3, lead_id = $4 WHERE key = $1", [
        idem.key,
        out.answer.status,
        JSON.stringify(out.answer.body),
        out.leadId,
      ]);
      return { answer: out.answer, result: out.result };
    });
  } catch (e) {
    // 55P03 lock_not_available: the first request of this key held it longer than IDEMPOTENCY_WAIT.
    if ((e as { code?: string })?.code === "55P03") throw new HttpError(409, STILL_PROCESSING, { retryAfter: IDEMPOTENCY_RETRY_AFTER });
    throw e;
  }
  if (done) return { fresh: true, ...done };
  const answer = await storedAnswer(db, idem.key, idem.hash);
  if (!answer) throw new HttpError(409, STILL_PROCESSING, { retryAfter: IDEMPOTENCY_RETRY_AFTER });
  return { fresh: false, answer };
}

/** Forgets keys older than `days` (maintenance). */
export async function pruneIdempotencyKeys(q: Queryable, days = IDEMPOTENCY_RETENTION_DAYS): Promise<number> {
  return (await q.query("DELETE FROM lead_idempotency WHERE created_at < now() - make_interval(days => $1)", [days])).rowCount;
}
