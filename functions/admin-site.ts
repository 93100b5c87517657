import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { HttpError, badRequest, notFound } from "../src/server/http/errors.ts";
import { check, readBodyBytes, readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb, type Db } from "../src/server/db/index.ts";
import { putImage, sniffImageType, imageUrl } from "../src/server/images/store.ts";
import { reencodePhoto } from "../src/server/leads/photo-image.ts";
import { requestRebuild } from "../src/server/publish/rebuild.ts";
import { siteAdminView } from "../src/server/site-content/admin.ts";
import { isSection } from "../src/server/site-content/schemas.ts";
import { publish, restore, saveSection } from "../src/server/site-content/store.ts";
import { SITE_PICTURE_JPEG_QUALITY, SITE_PICTURE_MAX_BYTES, SITE_PICTURE_MAX_SIDE, SITE_SECTION_MAX_BYTES } from "../src/lib/contracts/site.ts";

export const config: Config = { path: ["/api/admin/site", "/api/admin/site/:part", "/api/admin/site/restore/:version"] };

const versionParam = z.coerce.number().int().positive("not a version number");

async function view(db: Db, extra: Record<string, unknown> = {}): Promise<Response> {
  const v = await siteAdminView(db);
  if (!v) throw new HttpError(409, "The site's content is not set up in this database yet (run the migrations, which seed it from content/)");
  return json({ status: true, data: { ...v, ...extra } });
}

/**
 * The back office's Site section (issue 27, decision 13), admins only:
 *   GET  /api/admin/site                     the draft, live version, history, launch checklist, rebuild state
 *   PUT  /api/admin/site/{section}           saves one section (site, about, services, reviews, gallery, legal) in the draft
 *   POST /api/admin/site/publish             the draft becomes the live version; asks for a rebuild (debounced)
 *   POST /api/admin/site/restore/{version}   an earlier version becomes the draft
 *   POST /api/admin/site/images              a picture (the raw bytes), drawn again without metadata; answers its address
 * Every change answers the section's new state and is logged with who made it.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const { user } = await requireAdmin(req);
    const db = await getDb();
    const part = ctx?.params?.part;
    const restoreOf = ctx?.params?.version;

    if (restoreOf !== undefined) {
      if (req.method !== "POST") throw new HttpError(405, "Method not allowed");
      const version = check(z.object({ version: versionParam }), { version: restoreOf }).version;
      await restore(db, version, user.email);
      log.info(`Site content: version ${version} restored as the draft by ${user.email}`);
      return view(db);
    }

    if (!part) {
      if (req.method !== "GET") throw new HttpError(405, "Method not allowed");
      return view(db);
    }

    if (part === "publish") {
      if (req.method !== "POST") throw new HttpError(405, "Method not allowed");
      const version = await publish(db, user.email);
      log.info(`Site content: version ${version} published by ${user.email}`);
      await requestRebuild(db, log, "content");
      return view(db, { published: version });
    }

    if (part === "images") {
      if (req.method !== "POST") throw new HttpError(405, "Method not allowed");
      const upload = await readBodyBytes(req, SITE_PICTURE_MAX_BYTES, `A picture may be at most ${SITE_PICTURE_MAX_BYTES / 1024 / 1024} MB`);
      const type = sniffImageType(upload);
      if (!type || type === "image/svg+xml") throw badRequest("This file is not a JPEG, PNG or WebP picture.", "image");
      const picture = await reencodePhoto(upload, { maxSide: SITE_PICTURE_MAX_SIDE, quality: SITE_PICTURE_JPEG_QUALITY });
      const key = await putImage(db, picture.bytes, picture.contentType);
      log.info(`Site content: picture ${key} uploaded by ${user.email} (${type}, ${upload.length} bytes → JPEG ${picture.width}×${picture.height}, ${picture.bytes.length} bytes)`);
      return json({ status: true, data: { url: imageUrl(key), width: picture.width, height: picture.height } }, { status: 201 });
    }

    if (isSection(part)) {
      if (req.method !== "PUT") throw new HttpError(405, "Method not allowed");
      const body = await readJson(req, z.unknown(), SITE_SECTION_MAX_BYTES);
      await saveSection(db, part, body, user.email);
      log.info(`Site content: ${part} saved in the draft by ${user.email}`);
      return view(db);
    }

    throw notFound(`No such part of the site's content: ${part.slice(0, 40)}`);
  },
  ["GET", "PUT", "POST"],
);
