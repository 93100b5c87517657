/**
 * Photos of a lead held as possible spam (issue 33, item 4). A held lead gets no upload token when
 * it is stored: about ten addresses could otherwise use up the day's photo quota (photo-quota.ts)
 * with requests nobody has looked at, and real customers' photos would be refused until midnight.
 *
 * Its answer carries a claim instead, in the same `photoToken` field and of the same shape as a
 * token, so the answer still says nothing about the hold (decision 15). Only its sha256 is stored.
 * An upload with a claim is refused like any unknown token (401, before its bytes are read or
 * counted); the browser then keeps the photos in its outbox and asks now and then
 * (POST /api/leads/photos/token) whether they may come. Once the office has pressed 'Not spam' the
 * ask is answered with an upload token, which works as a submission's does (24 h, 5 photos). Asking
 * again (the answer was lost on the way) replaces that token and keeps its count, so a claim never
 * buys more than 5 photos. The claim dies with its lead, and is refused (410) 30 days after it.
 */
import { randomBytes } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import type { Limit } from "../rate-limit/index.ts";
import { HELD_LEAD_DAYS } from "../../lib/contracts/lead.ts";
import { PHOTO_ERRORS, PHOTO_TOKEN_HOURS, sha256Hex } from "./photos.ts";

/**
 * Per IP: asks in a window (LEAD_PHOTO_CLAIM_MAX_PER_IP, default 30 per 10 min). The browser asks
 * once a minute at the most, then less and less often; a few tabs and a few requests fit.
 */
export const LEAD_PHOTO_CLAIM_PER_IP: Limit = { name: "lead-photo-claim-ip", max: Number(process.env.LEAD_PHOTO_CLAIM_MAX_PER_IP) || 30, windowSeconds: 10 * 60 };

/** What an ask is refused with once the claim's 30 days are over. */
export const CLAIM_EXPIRED = "The photos of this request can no longer be sent.";

/** A claim for a held lead's `photos`, in place of a photo token; only its hash is stored. Call inside the lead's transaction. */
export async function createPhotoClaim(q: Queryable, leadId: string, photos: number): Promise<string> {
  const claim = randomBytes(32).toString("base64url");
  await q.query("INSERT INTO lead_photo_claims (claim_hash, lead_id, photos) VALUES ($1, $2, $3)", [sha256Hex(claim), leadId, photos]);
  return claim;
}

export type ClaimAnswer = { state: "waiting"; leadId: string } | { state: "ready"; leadId: string; token: string; first: boolean };

/**
 * The answer to an ask with `claim`: 'waiting' while its lead is held, else a new upload token for
 * the lead. 401 for an unknown claim (or one whose lead was deleted), 410 once 30 days have passed.
 */
export async function redeemPhotoClaim(db: Db, claim: string | null): Promise<ClaimAnswer> {
  if (!claim || claim.length > 200) throw new HttpError(401, PHOTO_ERRORS.badToken);
  const hash = sha256Hex(claim);
  return db.tx(async (q) => {
    // FOR UPDATE: two asks at once (two tabs) each get a token, one after the other; the last one works.
    const r = await q.query<{ lead_id: string; held: boolean; expired: boolean; token_issued_at: Date | null }>(
      `SELECT c.lead_id, l.spam_reason IS NOT NULL AS held, c.created_at <= now() - make_interval(days => $2) AS expired, c.token_issued_at
         FROM lead_photo_claims c JOIN leads l ON l.id = c.lead_id WHERE c.claim_hash = $1 FOR UPDATE OF c`,
      [hash, HELD_LEAD_DAYS],
    );
    const row = r.rows[0];
    if (!row) throw new HttpError(401, PHOTO_ERRORS.badToken);
    if (row.expired) throw new HttpError(410, CLAIM_EXPIRED);
    if (row.held) return { state: "waiting", leadId: row.lead_id };
    const token = randomBytes(32).toString("base64url");
    // One token per lead (lead_id is unique): a second ask replaces its hash, keeping its count and expiry.
    await q.query(
      `INSERT INTO lead_photo_tokens (token_hash, lead_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))
       ON CONFLICT (lead_id) DO UPDATE SET token_hash = EXCLUDED.token_hash`,
      [sha256Hex(token), row.lead_id, PHOTO_TOKEN_HOURS],
    );
    if (!row.token_issued_at) await q.query("UPDATE lead_photo_claims SET token_issued_at = now() WHERE claim_hash = $1", [hash]);
    return { state: "ready", leadId: row.lead_id, token, first: !row.token_issued_at };
  });
}

/** How many photos a lead's claim announced (0 without one): the office e-mail on release names them. */
export async function claimedPhotos(q: Queryable, leadId: string): Promise<number> {
  const r = await q.query<{ photos: number }>("SELECT photos FROM lead_photo_claims WHERE lead_id = $1", [leadId]);
  return Number(r.rows[0]?.photos ?? 0);
}
