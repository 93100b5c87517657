import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { HttpError } from "../src/server/http/errors.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { hit } from "../src/server/rate-limit/index.ts";
import { idempotencyKey } from "../src/server/leads/idempotency.ts";
import { LEAD_PHOTO_PER_IP, addPhoto, leadOfToken, photoType, priorAnswer, readPhotoBody, sha256Hex } from "../src/server/leads/photos.ts";
import { reencodePhoto } from "../src/server/leads/photo-image.ts";
import { checkQuota } from "../src/server/leads/photo-quota.ts";
import { syncLeadPhotos } from "../src/server/leads/photo-sync.ts";
import { describe } from "../src/server/crm/errors.ts";
import { PHOTO_TOKEN_HEADER } from "../src/lib/contracts/lead.ts";
import { ipNetwork } from "../src/server/http/ip.ts";

export const config: Config = { path: "/api/leads/photos" };

/** The contract's error shape for this endpoint: `{status:false, error}` (and `message`, as every other endpoint has). */
function refusal(status: number, text: string, retryAfter?: number): Response {
  return json({ status: false, error: text, message: text }, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : {} });
}

/**
 * One photo of a stored quote request (issue 13): the raw picture as the body, the answer's photo
 * token in X-Photo-Token, one Idempotency-Key per photo. 201 with the stored photo; 200 and the
 * same body for a repeated key. Checked in this order: token header (401), key shape (400), the
 * IP's limit (429), declared size (413), token (401 unknown, 410 expired), the bytes read with a
 * hard cap (413), their magic bytes (400); a repeated key is answered here, as it was the first
 * time; then the day's byte quota (429), the picture decoded and re-encoded without metadata (400
 * when it does not decode), and in the storing transaction the count (409) and the quota for the
 * re-encoded bytes (429). Nothing is stored or counted on a refusal.
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx) => {
    try {
      const token = req.headers.get(PHOTO_TOKEN_HEADER)?.trim() || null;
      if (!token) return refusal(401, "This upload link is not valid.");
      const key = idempotencyKey(req);
      const db = await getDb();
      const limited = await hit(db, LEAD_PHOTO_PER_IP, ipNetwork(ip));
      if (!limited.allowed) return refusal(429, "Too many photos from this connection. Please try again in a few minutes.", limited.retryAfter);
      const owner = await leadOfToken(db, token);
      const upload = await readPhotoBody(req);
      const type = photoType(upload);
      const repeat = await priorAnswer(db, key, owner.lead_id, upload);
      if (repeat) return json({ status: true, data: repeat }, { status: 200 });
      const now = new Date();
      await checkQuota(db, ip, now);
      const started = performance.now();
      const image = await reencodePhoto(upload);
      const encodeMs = Math.round(performance.now() - started);
      const photo = { bytes: image.bytes, contentType: image.contentType, uploadSha256: sha256Hex(upload) };
      const out = await addPhoto(db, { ...owner, hash: sha256Hex(token) }, photo, key, { ip, now });
      if (out.status === 201) {
        log.info(
          `Lead ${out.leadId}: photo ${out.answer.count} stored (${type} of ${upload.length} bytes re-encoded in ${encodeMs} ms to ${image.contentType} ${image.width}×${image.height}, ${image.bytes.length} bytes)`,
        );
        // Attached to the Zoho lead at once when Zoho already knows the lead; else after its sync.
        if (out.syncable && ctx?.waitUntil) {
          ctx.waitUntil(syncLeadPhotos(db, out.leadId).catch((e) => log.warn(`Lead ${out.leadId} photo sync deferred: ${describe(e)}`)));
        }
      }
      return json({ status: true, data: out.answer }, { status: out.status });
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) return refusal(e.status, e.message, e.extra.retryAfter);
      throw e;
    }
  },
  ["POST"],
);
