/**
 * The published site content as the build's content layer reads it (src/content/db-loader.ts): the
 * live version's document, split into the collections the pages use (site, about, services, reviews,
 * gallery, badges, legal), with every stored picture written once to a file Astro can optimise.
 *
 * A picture's address `/api/images/{key}` becomes `.data/site-images/{key}.{ext}` (content-addressed:
 * written once, never changed), handed to Astro relative to the entry's file (content/…) so image()
 * resolves it like the seed's own `./images/…` paths.
 */
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Queryable } from "../db/index.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import { readLaunchChecklist, type ChecklistItem } from "./checklist.ts";
import type { SiteDoc } from "./schemas.ts";
import { imageRefs, liveContent } from "./store.ts";

export const SITE_IMAGES_DIR = ".data/site-images";
/** The file each collection's entries say they come from (image paths resolve from its folder). */
export const ENTRY_FILE = "content/site.json";

const EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/svg+xml": "svg" };

export interface PublishedSite {
  version: number;
  publishedAt: string;
  publishedBy: string;
  doc: SiteDoc;
  checklist: ChecklistItem[];
}

/** Writes the stored pictures a document names to SITE_IMAGES_DIR and answers the document with their paths. */
export async function withPictureFiles(q: Queryable, doc: SiteDoc, root = process.cwd()): Promise<SiteDoc> {
  const dir = join(root, SITE_IMAGES_DIR);
  const keys = [...new Set(imageRefs(doc).map((r) => r.key))];
  const paths = new Map<string, string>();
  if (keys.length) {
    await mkdir(dir, { recursive: true });
    const types = await q.query<{ key: string; content_type: string }>("SELECT key, content_type FROM images WHERE key = ANY($1::text[])", [keys]);
    // A file is named by the first 16 characters of its key (96 bits of its SHA-256): each picture's
    // name is in every address Astro makes from it (eleven sizes of a gallery photo and the phone
    // carousel's props), and the full 43 made up 10 KB of the gallery's HTML (issue 38). Two keys of
    // one document that began alike would keep their full names.
    const short = (key: string) => key.slice(0, 16);
    const clash = new Set(types.rows.map((r) => short(r.key)).filter((s, i, all) => all.indexOf(s) !== i));
    const files = new Map(types.rows.map((r) => [r.key, join(dir, `${clash.has(short(r.key)) ? r.key : short(r.key)}.${EXT[r.content_type] ?? "bin"}`)]));
    // Only the pictures not written by an earlier build are read, in one query.
    const missing = [...files].filter(([, file]) => !existsSync(file)).map(([key]) => key);
    if (missing.length) {
      const bytes = await q.query<{ key: string; bytes: Uint8Array }>("SELECT key, bytes FROM images WHERE key = ANY($1::text[])", [missing]);
      for (const row of bytes.rows) {
        const file = files.get(row.key)!;
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, row.bytes);
        await rename(tmp, file);
      }
    }
    for (const [key, file] of files) paths.set(key, `./${relative(join(root, "content"), file).split("\\").join("/")}`);
  }
  const swap = (v: unknown): unknown => {
    if (typeof v === "string" && v.startsWith(IMAGE_URL_PREFIX)) {
      const path = paths.get(v.slice(IMAGE_URL_PREFIX.length));
      if (!path) throw new Error(`the published content names a picture that is not stored: ${v}`);
      return path;
    }
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  return swap(doc) as SiteDoc;
}

/** The live version, its pictures as files, and the launch checklist. */
export async function readPublishedSite(q: Queryable): Promise<PublishedSite> {
  const live = await liveContent(q);
  if (!live) throw new Error("the database holds no published site content (its migrations seed it from content/)");
  const checklist = await readLaunchChecklist(q, live.doc);
  return { version: live.version, publishedAt: live.publishedAt, publishedBy: live.publishedBy, doc: await withPictureFiles(q, live.doc), checklist };
}

type Entry = { id: string; data: object };

/** The entries of one collection, as the file loaders made them before (ids, order). */
export function collectionEntries(site: PublishedSite, collection: keyof SiteDoc | "published"): Entry[] {
  const d = site.doc;
  switch (collection) {
    case "published":
      return [{ id: "published", data: { version: site.version, publishedAt: site.publishedAt, checklist: site.checklist.map((c) => c.en) } }];
    case "site":
      return [{ id: "site", data: d.site }];
    case "about":
      return [{ id: "about", data: d.about }];
    case "services":
      return d.services.map((s) => ({ id: String(s.id), data: s }));
    case "legal":
      return d.legal.map((l) => ({ id: l.id, data: l }));
    case "reviews":
    case "gallery":
    case "badges":
      return (d[collection] as { id: string }[]).map((item, order) => ({ id: item.id, data: { ...item, order } }));
  }
}
