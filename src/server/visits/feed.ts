/**
 * A staff member's private calendar feed of the visits (issue 35, item 5): an address Google
 * Calendar or Outlook subscribes to. The address holds a random token; only its SHA-256 is stored
 * (visit_feeds.token_hash, a secret column), so the address is shown once, when it is made. Making
 * a new one revokes the old (one active per person), and it can be revoked outright; a revoked or
 * unknown token is a 404. The feed holds the visits of the last 60 days and the next 180, cancelled
 * ones marked so, with each lead's name, phone, address and a link to its card.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import type { FeedState } from "../../lib/contracts/visits.ts";
import { siteBase } from "../settings/context.ts";
import { officeOf, visitFeed, type FeedVisit } from "./ics.ts";

export const FEED_PATH = "/api/visits/feed";
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function feedState(q: Queryable, userId: string): Promise<FeedState> {
  const r = await q.query<{ created_at: Date; last_fetched_at: Date | null }>("SELECT created_at, last_fetched_at FROM visit_feeds WHERE user_id = $1 AND revoked_at IS NULL", [userId]);
  const f = r.rows[0];
  return { active: !!f, createdAt: f ? new Date(f.created_at).toISOString() : null, lastFetchedAt: f?.last_fetched_at ? new Date(f.last_fetched_at).toISOString() : null };
}

/** Makes a new feed address for the user (the old one stops working); its URL is in this answer only. */
export async function createFeed(db: Db, userId: string, origin: string): Promise<FeedState> {
  const token = randomBytes(32).toString("base64url");
  await db.tx(async (q) => {
    await q.query("UPDATE visit_feeds SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [userId]);
    await q.query("INSERT INTO visit_feeds (user_id, token_hash) VALUES ($1, $2)", [userId, hash(token)]);
  });
  return { ...(await feedState(db, userId)), url: `${siteBase(origin)}${FEED_PATH}/${token}.ics` };
}

export async function revokeFeed(q: Queryable, userId: string): Promise<boolean> {
  return (await q.query("UPDATE visit_feeds SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [userId])).rowCount > 0;
}

/** The feed's calendar for a token, or null when it is unknown or revoked (its owner must still be an admin). */
export async function readFeed(db: Db, token: string): Promise<string | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const f = await db.query<{ id: string }>(
    `UPDATE visit_feeds f SET last_fetched_at = now() FROM users u
      WHERE f.token_hash = $1 AND f.revoked_at IS NULL AND u.id = f.user_id AND u.role = 'admin' RETURNING f.id`,
    [hash(token)],
  );
  if (!f.rows[0]) return null;
  const visits = await db.query<FeedVisit & Record<string, unknown>>(
    `SELECT v.id, v.lead_id, v.starts_at, v.ends_at, v.sequence, v.zip, v.status, v.booked_by, v.address, l.full_name, l.phone, l.subject
       FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE v.starts_at > now() - interval '60 days' AND v.starts_at < now() + interval '180 days'
      ORDER BY v.starts_at`,
  );
  return visitFeed(visits.rows, (await officeOf(db)).name);
}
