/**
 * Content-addressed image store in Postgres. Bytes are kept once under the base64url SHA-256 of
 * their content, so the same picture uploaded twice costs nothing, and a key never changes
 * meaning (which is what lets `GET /api/images/{key}` be cached forever).
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/index.ts";
import { HttpError, badRequest } from "../http/errors.ts";

/** Largest picture accepted. The browser sends at most 800×800 JPEG q0.8 (well under 400 KB). */
export const MAX_IMAGE_BYTES = 1_500_000;
export const IMAGE_URL_PREFIX = "/api/images/";
/** A key is the 43-character base64url form of a SHA-256 digest. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Types uploads may carry. SVG is refused on upload (it can hold script); the browser sends JPEG. */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The real type of the bytes, read from their first bytes (never trusted from the caller). */
export function sniffImageType(bytes: Uint8Array): UploadType | "image/svg+xml" | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  const head = new TextDecoder().decode(b.subarray(0, 512)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return "image/svg+xml";
  return null;
}

export function imageKey(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64url");
}

export const imageUrl = (key: string | null | undefined): string | null => (key ? IMAGE_URL_PREFIX + key : null);

/** The key inside one of our image URLs (`/api/images/{key}`), or null for anything else. */
export function keyFromUrl(url: string): string | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  const key = url.slice(IMAGE_URL_PREFIX.length);
  return IMAGE_KEY.test(key) ? key : null;
}

/**
 * Decodes an upload `data:image/jpeg;base64,…`: 400 when it is not a base64 image data URL, when
 * its bytes are not a picture or not the type it claims (a PNG sent as JPEG); 413 over the limit.
 */
export function decodeImageDataUrl(dataUrl: string, field = "image"): { bytes: Uint8Array; contentType: UploadType } {
  const m = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl);
  if (!m) throw badRequest("Image must be a base64 data URL (data:image/jpeg;base64,…)", field);
  const claimed = m[1].toLowerCase() === "image/jpg" ? "image/jpeg" : m[1].toLowerCase();
  if (!(UPLOAD_TYPES as readonly string[]).includes(claimed)) throw badRequest("Image must be JPEG, PNG or WebP", field);
  if (m[2].length % 4 === 1) throw badRequest("Image data is not valid base64", field);
  // Size check before decoding: base64 carries 3 bytes per 4 characters.
  if (Math.floor((m[2].length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw imageTooLarge(field);
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge(field);
  const real = sniffImageType(bytes);
  if (!real) throw badRequest("The file is not an image", field);
  if (real !== claimed) throw badRequest(`The file is ${real.slice(6).toUpperCase()}, not ${claimed.slice(6).toUpperCase()} as it claims`, field);
  return { bytes, contentType: real };
}

function imageTooLarge(field: string) {
  return new HttpError(413, `Image is larger than ${Math.round(MAX_IMAGE_BYTES / 1000)} KB`, { field });
}

/** Stores the bytes unless they are already there; returns their key. */
export async function putImage(q: Queryable, bytes: Uint8Array, contentType: string): Promise<string> {
  const key = imageKey(bytes);
  await q.query(
    "INSERT INTO images (key, content_type, bytes, size) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING",
    [key, contentType, Buffer.from(bytes), bytes.length],
  );
  return key;
}

export async function getImage(q: Queryable, key: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  if (!IMAGE_KEY.test(key)) return null;
  const r = await q.query<{ content_type: string; bytes: Uint8Array }>("SELECT content_type, bytes FROM images WHERE key = $1", [key]);
  return r.rows[0] ? { contentType: r.rows[0].content_type, bytes: new Uint8Array(r.rows[0].bytes) } : null;
}

/** Removes stored pictures no product points at any more (after an edit or delete). */
export async function pruneUnusedImages(q: Queryable, keys: (string | null)[]): Promise<number> {
  const candidates = [...new Set(keys.filter((k): k is string => !!k))];
  if (!candidates.length) return 0;
  const r = await q.query(
    `DELETE FROM images i WHERE i.key = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM products p WHERE p.image_key = i.key OR p.hover_image_key = i.key)`,
    [candidates],
  );
  return r.rowCount;
}
