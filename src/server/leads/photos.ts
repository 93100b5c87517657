/**
 * Photos of a quote request (issue 13). A stored quote that announced photos answers with a
 * one-time upload token (valid 24 h after the lead, for at most PHOTO_MAX_COUNT photos); the
 * browser then POSTs each picture to /api/leads/photos with it. The bytes are checked by their
 * size and magic bytes, decoded and re-encoded without metadata (photo-image.ts, issue 25), counted
 * against the day's byte quota (photo-quota.ts), stored once under their sha256 (lead_photo_blobs)
 * and tied to the lead (lead_photos). They are never served publicly: only the admin endpoints
 * read them.
 *
 * Each upload may carry an Idempotency-Key: a retry of the same key answers the first answer
 * (200) and never adds the photo twice, even when both arrive at once (the unique key decides).
 * A retry is recognised by the sha256 of what was uploaded (upload_sha256), not of what was stored.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { readBodyBytes } from "../http/validate.ts";
import { sniffImageType } from "../images/store.ts";
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT, PHOTO_TYPES, type CrmState, type LeadPhoto, type LeadPhotoAnswer } from "../../lib/contracts/lead.ts";
import type { Limit } from "../rate-limit/index.ts";
import { chargeQuota } from "./photo-quota.ts";

/** How long after its lead a photo token works. */
export const PHOTO_TOKEN_HOURS = 24;

/** Per IP: uploads in a window (LEAD_PHOTO_MAX_PER_IP, default 40 per 10 min: 5 photos × a few retries × a few requests). */
export const LEAD_PHOTO_PER_IP: Limit = { name: "lead-photo-ip", max: Number(process.env.LEAD_PHOTO_MAX_PER_IP) || 40, windowSeconds: 10 * 60 };

/** The contract's words for each refusal (src/lib/contracts/lead.ts, issue 13). */
export const PHOTO_ERRORS = {
  notPicture: "This file is not a JPEG, PNG or WebP picture.",
  tooLarge: "This photo is larger than 5 MB.",
  tooMany: `A quote request can carry at most ${PHOTO_MAX_COUNT} photos.`,
  badToken: "This upload link is not valid.",
  expired: "This upload link has expired. Please send the photos again with a new request.",
  otherContent: "This request was already sent with different content.",
} as const;

type PhotoType = (typeof PHOTO_TYPES)[number];

export const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A new token for a lead's photos; only its hash is stored. Call inside the lead's transaction. */
export async function createPhotoToken(q: Queryable, leadId: string, leadCreatedAt: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await q.query("INSERT INTO lead_photo_tokens (token_hash, lead_id, expires_at) VALUES ($1, $2, $3)", [
    sha256Hex(token),
    leadId,
    new Date(leadCreatedAt.getTime() + PHOTO_TOKEN_HOURS * 3600_000),
  ]);
  return token;
}

type TokenRow = { lead_id: string; expired: boolean; count: number; crm_state: CrmState; spam_reason: string | null };

/** The lead a token belongs to: 401 when unknown, 410 when expired. */
export async function leadOfToken(q: Queryable, token: string | null): Promise<TokenRow> {
  if (!token || token.length > 200) throw new HttpError(401, PHOTO_ERRORS.badToken);
  const r = await q.query<TokenRow>(
    `SELECT t.lead_id, t.expires_at <= now() AS expired, t.count, l.crm_state, l.spam_reason
       FROM lead_photo_tokens t JOIN leads l ON l.id = t.lead_id WHERE t.token_hash = $1`,
    [sha256Hex(token)],
  );
  const row = r.rows[0];
  if (!row) throw new HttpError(401, PHOTO_ERRORS.badToken);
  if (row.expired) throw new HttpError(410, PHOTO_ERRORS.expired);
  return row;
}

/** The photo's bytes, at most `max` of them ever held: 413 as soon as the declared length or the bytes read pass it. */
export function readPhotoBody(req: Request, max = PHOTO_MAX_BYTES): Promise<Uint8Array> {
  return readBodyBytes(req, max, PHOTO_ERRORS.tooLarge);
}

/** The picture's real type from its magic bytes; 400 for anything else (a PDF renamed .jpg, an SVG…). */
export function photoType(bytes: Uint8Array): PhotoType {
  const t = sniffImageType(bytes);
  if (!t || !(PHOTO_TYPES as readonly string[]).includes(t)) throw new HttpError(400, PHOTO_ERRORS.notPicture);
  return t as PhotoType;
}

type PhotoRow = { id: string; lead_id: string; upload_sha256: string; seq: number; size: number; content_type: PhotoType };

const answerOf = (p: PhotoRow): LeadPhotoAnswer => ({ id: p.id, bytes: Number(p.size), contentType: p.content_type, count: Number(p.seq) });

async function photoByKey(q: Queryable, key: string): Promise<PhotoRow | null> {
  const r = await q.query<PhotoRow>(
    // Photos stored before the re-encoding (migration 013) kept the upload itself: its hash is the blob's.
    `SELECT p.id, p.lead_id, COALESCE(p.upload_sha256, p.blob_sha256) AS upload_sha256, p.seq, b.size, b.content_type
       FROM lead_photos p JOIN lead_photo_blobs b ON b.sha256 = p.blob_sha256 WHERE p.idempotency_key = $1`,
    [key],
  );
  return r.rows[0] ?? null;
}

/** The first answer to a repeated key, or 422 when the key came with another picture or another lead. */
function replay(prior: PhotoRow, leadId: string, uploadSha: string): LeadPhotoAnswer {
  if (prior.lead_id !== leadId || prior.upload_sha256 !== uploadSha) throw new HttpError(422, PHOTO_ERRORS.otherContent);
  return answerOf(prior);
}

/**
 * The first answer when `key` was already used (checked before any decoding or quota: a retry is
 * answered as it was, even once the day's quota is used up); null for a new key.
 */
export async function priorAnswer(q: Queryable, key: string | null, leadId: string, upload: Uint8Array): Promise<LeadPhotoAnswer | null> {
  const prior = key ? await photoByKey(q, key) : null;
  return prior ? replay(prior, leadId, sha256Hex(upload)) : null;
}

/** A photo ready to store: the re-encoded picture and the hash of the upload it was made from. */
export interface PhotoToStore {
  bytes: Uint8Array;
  contentType: PhotoType;
  uploadSha256: string;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "23505";

/**
 * Stores one checked photo for the token's lead. 201 with the new photo; 200 with the first answer
 * for a key that another upload stored first; 409 past PHOTO_MAX_COUNT; 410 when the token expired meanwhile; 429 when its
 * bytes would pass the day's quota of the IP (`from.ip`) or of everyone (counted at `from.now`).
 */
export async function addPhoto(
  db: Db,
  token: TokenRow & { hash: string },
  photo: PhotoToStore,
  key: string | null,
  from: { ip: string; now: Date },
): Promise<{ status: 200 | 201; answer: LeadPhotoAnswer; leadId: string; syncable: boolean }> {
  const { bytes, contentType, uploadSha256 } = photo;
  const sha = sha256Hex(bytes);
  const syncable = !token.spam_reason && token.crm_state !== "disabled";
  // A key stored earlier was answered by `priorAnswer`; one stored meanwhile fails the insert below.
  try {
    const row = await db.tx(async (q) => {
      // The token row is the lock: concurrent uploads on one token take their turn here.
      const t = await q.query<{ count: number }>(
        `UPDATE lead_photo_tokens SET count = count + 1 WHERE token_hash = $1 AND count < $2 AND expires_at > now() RETURNING count`,
        [token.hash, PHOTO_MAX_COUNT],
      );
      if (!t.rows[0]) {
        const now = await q.query<{ expired: boolean }>("SELECT expires_at <= now() AS expired FROM lead_photo_tokens WHERE token_hash = $1", [token.hash]);
        if (!now.rows[0]) throw new HttpError(401, PHOTO_ERRORS.badToken);
        if (now.rows[0].expired) throw new HttpError(410, PHOTO_ERRORS.expired);
        throw new HttpError(409, PHOTO_ERRORS.tooMany);
      }
      const blob = await q.query(
        "INSERT INTO lead_photo_blobs (sha256, content_type, bytes, size) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING",
        [sha, contentType, Buffer.from(bytes), bytes.length],
      );
      // Only bytes actually added count: the same picture stored before costs nothing again.
      if (blob.rowCount > 0) await chargeQuota(q, from.ip, bytes.length, from.now);
      const p = await q.query<{ id: string }>(
        `INSERT INTO lead_photos (lead_id, blob_sha256, upload_sha256, idempotency_key, seq, zoho_state) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [token.lead_id, sha, uploadSha256, key, Number(t.rows[0].count), syncable ? "pending" : "disabled"],
      );
      return { id: p.rows[0].id, lead_id: token.lead_id, upload_sha256: uploadSha256, seq: Number(t.rows[0].count), size: bytes.length, content_type: contentType };
    });
    return { status: 201, answer: answerOf(row), leadId: token.lead_id, syncable };
  } catch (e) {
    // The same key arrived twice at once: the other one stored it (this one was rolled back).
    if (key && isUniqueViolation(e)) {
      const prior = await photoByKey(db, key);
      if (prior) return { status: 200, answer: replay(prior, token.lead_id, uploadSha256), leadId: token.lead_id, syncable };
    }
    throw e;
  }
}

export const photoUrl = (leadId: string, photoId: string) => `/api/admin/leads/${leadId}/photos/${photoId}`;

/** A lead's photos for the admin (oldest first), with the state of their Zoho attachment. */
export async function listPhotos(q: Queryable, leadId: string): Promise<LeadPhoto[]> {
  const r = await q.query<{ id: string; size: number; content_type: string; created_at: Date; zoho_state: CrmState; zoho_last_error: string | null }>(
    `SELECT p.id, b.size, b.content_type, p.created_at, p.zoho_state, p.zoho_last_error
       FROM lead_photos p JOIN lead_photo_blobs b ON b.sha256 = p.blob_sha256
      WHERE p.lead_id = $1 ORDER BY p.created_at, p.seq, p.id`,
    [leadId],
  );
  return r.rows.map((p) => ({
    id: p.id,
    url: photoUrl(leadId, p.id),
    bytes: Number(p.size),
    contentType: p.content_type,
    createdAt: new Date(p.created_at).toISOString(),
    crmState: p.zoho_state,
    crmError: p.zoho_last_error,
  }));
}

/** One photo's bytes, only through its own lead (a photo id with another lead's id is not found). */
export async function photoBytes(q: Queryable, leadId: string, photoId: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const r = await q.query<{ content_type: string; bytes: Uint8Array }>(
    `SELECT b.content_type, b.bytes FROM lead_photos p JOIN lead_photo_blobs b ON b.sha256 = p.blob_sha256 WHERE p.id = $1 AND p.lead_id = $2`,
    [photoId, leadId],
  );
  const row = r.rows[0];
  return row ? { contentType: row.content_type, bytes: new Uint8Array(row.bytes) } : null;
}

/** Photo bytes no lead points at any more (after spam is pruned); maintenance. */
export async function pruneOrphanPhotoBlobs(q: Queryable): Promise<number> {
  const r = await q.query(
    `DELETE FROM lead_photo_blobs b WHERE b.created_at < now() - interval '1 hour'
       AND NOT EXISTS (SELECT 1 FROM lead_photos p WHERE p.blob_sha256 = b.sha256)`,
  );
  return r.rowCount;
}
