/**
 * How many bytes of lead photos the site stores in a day (issue 25, item 4): per uploading IP and
 * for everyone together, so one connection (or a crowd of them) cannot fill the database. The day
 * is the office's calendar day (America/New_York); what counts is the bytes stored, after the
 * re-encoding, charged in the transaction that stores the photo (lead_photo_quota, migration 013).
 * A picture already stored (same bytes, content-addressed) adds nothing, so it costs nothing.
 */
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { todayIn } from "../logs/window.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";
import { hashIp } from "./store.ts";
import { ipNetwork } from "../http/ip.ts";

/** Per IP per day (LEAD_PHOTO_DAILY_BYTES_PER_IP): about 40 photos as the browser sends them (~500 KB each). */
export const DEFAULT_DAILY_BYTES_PER_IP = 20_000_000;
/** Everyone together per day (LEAD_PHOTO_DAILY_BYTES_TOTAL): some 400 photos, far above a busy day's quote requests. */
export const DEFAULT_DAILY_BYTES_TOTAL = 200_000_000;
/** The subject that counts every upload of the day. */
const EVERYONE = "*";
/**
 * The IP as counted: its keyed hash, as leads keep it (store.ts `hashIp`), never the address
 * itself (the table is readable in the query console and kept for days).
 */
/** The quota's subject: the address's network (an IPv6 /64 is one), hashed. */
export const subjectOf = (ip: string) => hashIp(ipNetwork(ip));
/** Counters kept this many days back (yesterday's answers a late question; older ones are deleted). */
const KEEP_DAYS = 2;

export interface PhotoQuota {
  perIp: number;
  total: number;
}

const positive = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** The limits from the environment, read on each upload (a bad or missing value is the default). */
export function photoQuota(env: NodeJS.ProcessEnv = process.env): PhotoQuota {
  return { perIp: positive(env.LEAD_PHOTO_DAILY_BYTES_PER_IP, DEFAULT_DAILY_BYTES_PER_IP), total: positive(env.LEAD_PHOTO_DAILY_BYTES_TOTAL, DEFAULT_DAILY_BYTES_TOTAL) };
}

/** The office's day (YYYY-MM-DD) at `now`. */
export const quotaDay = (now: Date) => todayIn(OFFICE_TIME_ZONE, now);

/** Seconds from `now` to the office's next midnight (Retry-After of a refusal). */
export function secondsToNextDay(now: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: OFFICE_TIME_ZONE, hourCycle: "h23", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Math.max(1, 86_400 - (get("hour") * 3600 + get("minute") * 60 + get("second")));
}

/** Which limit a refusal is about. */
export type QuotaScope = "ip" | "total";

/**
 * The visitor's words for a refusal: what happened, that the request itself is in, and what to do.
 * No phone number: the page shows it, and reading content/ here would make the deploy bundle
 * this function with the whole project (Netlify's file tracer cannot follow that read).
 */
export const QUOTA_MESSAGES: Record<QuotaScope, string> = {
  ip: "This connection has sent as many photos as we can take in one day. Your request itself is in: please call our office to share the photos, or try sending them again tomorrow.",
  total: "Our website has taken as many photos as it can for today. Your request itself is in: please call our office to share the photos, or try sending them again tomorrow.",
};

const refusal = (scope: QuotaScope, now: Date) => new HttpError(429, QUOTA_MESSAGES[scope], { retryAfter: secondsToNextDay(now) });

/**
 * Refuses (429) before any work when nothing more fits today: the IP's or everyone's bytes have
 * reached their limit. A photo that would only pass the limit is refused by `chargeQuota`.
 */
export async function checkQuota(q: Queryable, ip: string, now: Date, quota = photoQuota()): Promise<void> {
  const r = await q.query<{ subject: string; bytes: string }>("SELECT subject, bytes FROM lead_photo_quota WHERE day = $1::date AND subject IN ($2, $3)", [quotaDay(now), subjectOf(ip), EVERYONE]);
  const used = (s: string) => Number(r.rows.find((row) => row.subject === s)?.bytes ?? 0);
  if (used(subjectOf(ip)) >= quota.perIp) throw refusal("ip", now);
  if (used(EVERYONE) >= quota.total) throw refusal("total", now);
}

/**
 * Adds `bytes` to the IP's and everyone's count for the day, or throws 429 (and adds nothing) when
 * either would pass its limit. Call inside the transaction that stores the photo: the rows stay
 * locked until it ends, so concurrent uploads are counted one after the other, and a rollback
 * gives the bytes back. The IP is counted before everyone, in every transaction (no deadlock).
 */
export async function chargeQuota(q: Queryable, ip: string, bytes: number, now: Date, quota = photoQuota()): Promise<void> {
  const day = quotaDay(now);
  for (const [subject, max, scope] of [
    [subjectOf(ip), quota.perIp, "ip"],
    [EVERYONE, quota.total, "total"],
  ] as const) {
    const r = await q.query(
      `INSERT INTO lead_photo_quota AS u (day, subject, bytes) SELECT $1::date, $2::text, $3::bigint WHERE $3::bigint <= $4::bigint
       ON CONFLICT (day, subject) DO UPDATE SET bytes = u.bytes + EXCLUDED.bytes WHERE u.bytes + EXCLUDED.bytes <= $4::bigint
       RETURNING bytes`,
      [day, subject, bytes, max],
    );
    if (r.rowCount === 0) throw refusal(scope, now);
  }
  // Old days no longer limit anything; the table keeps a few rows per IP at most.
  await q.query("DELETE FROM lead_photo_quota WHERE day < $1::date - $2::int", [day, KEEP_DAYS]);
}
