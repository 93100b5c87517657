/**
 * Draft, publish and history of the site's content (decision 13). Admins save the draft one section
 * at a time; "Publish" copies the draft into a new version, which is what the next build reads; any
 * version can be restored as the draft. Versions are never changed or deleted.
 */
import { z } from "zod";
import type { Db, Queryable } from "../db/index.ts";
import { HttpError, badRequest, notFound } from "../http/errors.ts";
import { check } from "../http/validate.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import { docSchema, sectionSchemas, type Section, type SiteDoc } from "./schemas.ts";

export interface LiveContent {
  version: number;
  doc: SiteDoc;
  publishedAt: string;
  publishedBy: string;
}

export interface Draft {
  doc: SiteDoc;
  updatedAt: string;
  updatedBy: string;
  restoredFrom: number | null;
}

export interface VersionInfo {
  version: number;
  publishedAt: string;
  publishedBy: string;
  restoredFrom: number | null;
}

/** A timestamp column as ISO text (PGlite and pg give a Date). */
export const iso = (t: unknown) => (t instanceof Date ? t.toISOString() : String(t));

/** The published content the site is built from (null before the first seed). */
export async function liveContent(q: Queryable): Promise<LiveContent | null> {
  const r = await q.query<{ version: number; doc: SiteDoc; published_at: Date; published_by: string }>(
    "SELECT version, doc, published_at, published_by FROM site_content_versions ORDER BY version DESC LIMIT 1",
  );
  const row = r.rows[0];
  return row ? { version: row.version, doc: row.doc, publishedAt: iso(row.published_at), publishedBy: row.published_by } : null;
}

/** The live version's number only: cheap, for the dev server's "did it move" check. */
export async function liveVersion(q: Queryable): Promise<number> {
  const r = await q.query<{ v: number | null }>("SELECT max(version) AS v FROM site_content_versions");
  return r.rows[0]?.v ?? 0;
}

export async function draftContent(q: Queryable): Promise<Draft | null> {
  const r = await q.query<{ doc: SiteDoc; updated_at: Date; updated_by: string; restored_from: number | null }>(
    "SELECT doc, updated_at, updated_by, restored_from FROM site_content_draft WHERE id = 'site'",
  );
  const row = r.rows[0];
  return row ? { doc: row.doc, updatedAt: iso(row.updated_at), updatedBy: row.updated_by, restoredFrom: row.restored_from } : null;
}

export async function history(q: Queryable, limit = 50): Promise<VersionInfo[]> {
  const r = await q.query<{ version: number; published_at: Date; published_by: string; restored_from: number | null }>(
    "SELECT version, published_at, published_by, restored_from FROM site_content_versions ORDER BY version DESC LIMIT $1",
    [limit],
  );
  return r.rows.map((v) => ({ version: v.version, publishedAt: iso(v.published_at), publishedBy: v.published_by, restoredFrom: v.restored_from }));
}

/** Every picture address in a value, with where it is ("gallery.1.photos.0.image"). */
export function imageRefs(value: unknown, path: (string | number)[] = []): { path: string; key: string }[] {
  if (typeof value === "string") return value.startsWith(IMAGE_URL_PREFIX) ? [{ path: path.join("."), key: value.slice(IMAGE_URL_PREFIX.length) }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => imageRefs(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => imageRefs(v, [...path, k]));
  return [];
}

const NOT_SET_UP = () => new HttpError(409, "The site's content is not set up in this database yet (run the migrations, which seed it from content/)");

/**
 * Validates one section (400 naming the field: "Invalid reviews.2.reviewText: …") and saves it in
 * the draft. Every picture must be one already uploaded; the services are fixed (each has its page).
 */
export async function saveSection(db: Db, section: Section, value: unknown, by: string): Promise<void> {
  const parsed = check(z.object({ [section]: sectionSchemas[section] }), { [section]: value })[section] as unknown;
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
export async function publish(db: Db, by: string): Promise<number> {
  return db.tx(async (q) => {
    const draft = await q.query<{ doc: unknown; restored_from: number | null }>("SELECT doc, restored_from FROM site_content_draft WHERE id = 'site' FOR UPDATE");
    if (!draft.rows[0]) throw NOT_SET_UP();
    const same = await q.query<{ version: number; same: boolean }>(
      "SELECT v.version, v.doc = d.doc AS same FROM site_content_versions v, site_content_draft d WHERE d.id = 'site' ORDER BY v.version DESC LIMIT 1",
    );
    if (same.rows[0]?.same) throw new HttpError(409, "Nothing to publish: the draft is the live content");
    // The draft was checked section by section; the whole is checked again (an older draft, a restore).
    check(docSchema, draft.rows[0].doc);
    const version = (same.rows[0]?.version ?? 0) + 1;
    await q.query("INSERT INTO site_content_versions (version, doc, published_by, restored_from) SELECT $1, doc, $2, $3 FROM site_content_draft WHERE id = 'site'", [
      version,
      by,
      draft.rows[0].restored_from,
    ]);
    await q.query("UPDATE site_content_draft SET restored_from = NULL WHERE id = 'site'");
    return version;
  });
}

/** Makes an earlier version the draft (published again only by "Publish"). */
export async function restore(db: Db, version: number, by: string): Promise<void> {
  const r = await db.query(
    `UPDATE site_content_draft d SET doc = v.doc, restored_from = v.version, updated_at = now(), updated_by = $2
       FROM site_content_versions v WHERE d.id = 'site' AND v.version = $1`,
    [version, by],
  );
  if (!r.rowCount) throw notFound(`No published version ${version}`);
}

/** Whether the draft differs from the live content. */
export async function draftChanged(q: Queryable): Promise<boolean> {
  const r = await q.query<{ changed: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM site_content_versions v WHERE v.version = (SELECT max(version) FROM site_content_versions) AND v.doc = d.doc) AS changed
       FROM site_content_draft d WHERE d.id = 'site'`,
  );
  return r.rows[0]?.changed ?? false;
}
