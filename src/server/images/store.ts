/**
 * Content-addressed image store in Postgres. Bytes are kept once under the base64url SHA-256 of
 * their content, so the same picture uploaded twice costs nothing, and a key never changes
 * meaning (which is what lets `GET /api/images/{key}` be cached forever).
 * Plain Node (no TS-only syntax, no http imports): the seeder runs it from the start scripts.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/index.ts";

export const IMAGE_URL_PREFIX = "/api/images/";
/** A key is the 43-character base64url form of a SHA-256 digest. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{43}$/;

export type RasterType = "image/jpeg" | "image/png" | "image/webp";

/** The real type of the bytes, read from their first bytes (never trusted from the caller). */
export function sniffImageType(bytes: Uint8Array): RasterType | "image/svg+xml" | null {
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

/**
 * Removes stored pictures nothing points at any more (after a product's edit or delete): no product,
 * and no version or draft of the site's content (any version can be restored, so its pictures stay).
 */
export async function pruneUnusedImages(q: Queryable, keys: (string | null)[]): Promise<number> {
  const candidates = [...new Set(keys.filter((k): k is string => !!k))];
  if (!candidates.length) return 0;
  const r = await q.query(
    `DELETE FROM images i WHERE i.key = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM products p WHERE p.image_key = i.key OR p.hover_image_key = i.key)
       AND NOT EXISTS (SELECT 1 FROM site_content_versions v WHERE strpos(v.doc::text, '${IMAGE_URL_PREFIX}' || i.key) > 0)
       AND NOT EXISTS (SELECT 1 FROM site_content_draft d WHERE strpos(d.doc::text, '${IMAGE_URL_PREFIX}' || i.key) > 0)`,
    [candidates],
  );
  return r.rowCount;
}
