/**
 * Draft, publish and history of the site's content (decision 13). Admins save the draft one section
 * at a time; "Publish" copies the draft into a new version, which is what the next build reads; any
 * version can be restored as the draft. Versions are never changed or deleted.
 */
import { z } from "zod";
import { hoursProblem, withHoursText } from "../../lib/office-hours.ts";
import type { Db, Queryable } from "../db/index.ts";
import { badRequest } from "../http/errors.ts";
import { check } from "../http/validate.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import { iso, publishedDocument, type DraftDocument, type LiveDocument, type VersionInfo } from "../publish/documents.ts";
import { docSchema, sectionSchemas, type Section, type SiteDoc } from "./schemas.ts";

export type LiveContent = LiveDocument<SiteDoc>;
export type Draft = DraftDocument<SiteDoc>;
export type { VersionInfo };
export { iso };

/** The site's content as a published document: site_content_versions and site_content_draft (migration 017). */
export const siteDocument = publishedDocument<SiteDoc>({
  versions: "site_content_versions",
  draft: "site_content_draft",
  id: "site",
  notSetUp: "The site's content is not set up in this database yet (run the migrations, which seed it from content/)",
  nothingNew: "Nothing to publish: the draft is the live content",
});

/** The published content the site is built from (null before the first seed). */
export const liveContent = (q: Queryable) => siteDocument.live(q);
/** The live version's number only: cheap, for the dev server's "did it move" check. */
export const liveVersion = (q: Queryable) => siteDocument.liveVersion(q);
export const draftContent = (q: Queryable) => siteDocument.draft(q);
export const history = (q: Queryable, limit = 50) => siteDocument.history(q, limit);

/** Every picture address in a value, with where it is ("gallery.1.photos.0.image"). */
export function imageRefs(value: unknown, path: (string | number)[] = []): { path: string; key: string }[] {
  if (typeof value === "string") return value.startsWith(IMAGE_URL_PREFIX) ? [{ path: path.join("."), key: value.slice(IMAGE_URL_PREFIX.length) }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => imageRefs(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => imageRefs(v, [...path, k]));
  return [];
}

const NOT_SET_UP = siteDocument.notSetUp;

/**
 * Validates one section (400 naming the field: "Invalid reviews.2.reviewText: …") and saves it in
 * the draft. Every picture must be one already uploaded; the services are fixed (each has its page).
 */
export async function saveSection(db: Db, section: Section, value: unknown, by: string): Promise<void> {
  let parsed = check(z.object({ [section]: sectionSchemas[section] }), { [section]: value })[section] as unknown;
  if (section === "site") {
    // The hours are the days and times; their text, English and Spanish, is written from them (issue 39).
    const site = parsed as SiteDoc["site"];
    const problem = hoursProblem(site.hours);
    if (problem) throw badRequest(`Invalid site.hours.${problem.field}: ${problem.reason}`, `site.hours.${problem.field}`);
    parsed = withHoursText(site);
  }
  const refs = imageRefs(parsed, [section]);
  await db.tx(async (q) => {
    const draft = await q.query<{ doc: SiteDoc }>("SELECT doc FROM site_content_draft WHERE id = 'site' FOR UPDATE");
    if (!draft.rows[0]) throw NOT_SET_UP();
    if (refs.length) {
      const found = await q.query<{ key: string }>("SELECT key FROM images WHERE key = ANY($1::text[])", [refs.map((r) => r.key)]);
      const have = new Set(found.rows.map((r) => r.key));
      const missing = refs.find((r) => !have.has(r.key));
      if (missing) throw badRequest(`Invalid ${missing.path}: no uploaded picture has this address; upload it again`, missing.path);
    }
    if (section === "services") {
      const shape = (list: { id: number; slug: string; path: string }[]) => list.map((s) => `${s.id}:${s.slug}:${s.path}`).sort().join(",");
      if (shape(parsed as SiteDoc["services"]) !== shape(draft.rows[0].doc.services))
        throw badRequest("Invalid services: each service has its own page, so services are edited here, not added, removed or renamed in their address", "services");
    }
    await q.query("UPDATE site_content_draft SET doc = jsonb_set(doc, ARRAY[$1::text], $2::jsonb), updated_at = now(), updated_by = $3 WHERE id = 'site'", [
      section,
      JSON.stringify(parsed),
      by,
    ]);
  });
}

/** Publishes the draft as a new version and answers its number; 409 when there is nothing new. */
export function publish(db: Db, by: string): Promise<number> {
  // The draft was checked section by section; the whole is checked again (an older draft, a restore).
  return siteDocument.publish(db, by, (doc) => check(docSchema, doc));
}

/** Makes an earlier version the draft (published again only by "Publish"). */
export const restore = (db: Db, version: number, by: string) => siteDocument.restore(db, version, by);

/** Whether the draft differs from the live content. */
export const draftChanged = (q: Queryable) => siteDocument.draftChanged(q);
