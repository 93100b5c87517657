import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json, withSecurityHeaders } from "../src/server/http/response.ts";
import { check } from "../src/server/http/validate.ts";
import { notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { listPhotos, photoBytes } from "../src/server/leads/photos.ts";

const params = z.object({ id: z.uuid("not a lead id"), photoId: z.uuid("not a photo id").optional() });

export const config: Config = { path: ["/api/admin/leads/:id/photos", "/api/admin/leads/:id/photos/:photoId"] };

/**
 * A lead's photos, for admins only (issue 13): the list, or one picture's bytes. Lead photos are
 * never served anywhere else; the picture is private to the admin's browser (no shared cache).
 */
export default handle(
  config.path,
  async (req, _scope, ctx: Context | undefined) => {
    await requireAdmin(req);
    const { id, photoId } = check(params, { id: ctx?.params?.id ?? "", photoId: ctx?.params?.photoId || undefined });
    const db = await getDb();
    if (!photoId) {
      const exists = await db.query("SELECT 1 FROM leads WHERE id = $1", [id]);
      if (!exists.rows[0]) throw notFound("No such lead");
      return json({ status: true, data: await listPhotos(db, id) });
    }
    const photo = await photoBytes(db, id, photoId);
    if (!photo) throw notFound("No such photo");
    const headers = withSecurityHeaders({
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    });
    return new Response(Buffer.from(photo.bytes), { status: 200, headers });
  },
  ["GET"],
);
