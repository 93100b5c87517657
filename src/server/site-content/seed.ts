/**
 * The site's content for a new database (local, a first deploy, a preview), read from content/:
 * site.json, about.json, services.json, reviews.json, gallery.json, badges.json, legal.json, with
 * every picture they name stored in the images table. It becomes version 1 (live) and the draft.
 * Runs only while no version exists: afterwards content/ never overwrites what staff published.
 * Plain Node (no TS-only syntax): the start and deploy scripts run it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db, Queryable } from "../db/index.ts";
import type { Seeder } from "../db/seeds/seeder.ts";
import { IMAGE_URL_PREFIX } from "../images/store.ts";
import { storeImageFile } from "../products/seed.ts";
import { docSchema, type SiteDoc } from "./schemas.ts";

export const CONTENT_DIR = "content";
export const SEED_BY = "content/ (seed)";

const FILES = { site: "site.json", about: "about.json", services: "services.json", reviews: "reviews.json", gallery: "gallery.json", badges: "badges.json", legal: "legal.json" } as const;

/** Replaces every "./images/…" path in a value with the stored picture's address; collects the keys. */
async function storePictures(q: Queryable, value: unknown, dir: string, keys: Set<string>): Promise<unknown> {
  if (typeof value === "string" && value.startsWith("./images/")) {
    const key = await storeImageFile(q, join(dir, value));
    keys.add(key);
    return IMAGE_URL_PREFIX + key;
  }
  if (Array.isArray(value)) {
    // One at a time: `q` may be a transaction's single client, which runs one query at a time (pg
    // queues parallel ones with a deprecation warning, and pg 9 refuses them).
    const out: unknown[] = [];
    for (const v of value) out.push(await storePictures(q, v, dir, keys));
    return out;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "order") out[k] = await storePictures(q, v, dir, keys);
    return out;
  }
  return value;
}

/** Reads content/ into a document whose pictures are stored (in `q`), checked by the pages' schemas. */
export async function readSeedDocument(q: Queryable, dir = CONTENT_DIR): Promise<{ doc: SiteDoc; imageKeys: string[]; fields: string[] }> {
  const keys = new Set<string>();
  const raw: Record<string, unknown> = {};
  for (const [part, file] of Object.entries(FILES)) raw[part] = await storePictures(q, JSON.parse(await readFile(join(dir, file), "utf8")), dir, keys);
  const parsed = docSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`content/ does not fit the site's schema at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  let fields: string[] = [];
  try {
    const samples = JSON.parse(await readFile(join(dir, "samples.json"), "utf8")) as { fields?: unknown };
    if (Array.isArray(samples.fields)) fields = samples.fields.filter((f): f is string => typeof f === "string");
  } catch {
    // No samples.json: nothing in the seed is marked as sample beyond its reviews, projects and pictures.
  }
  return { doc: parsed.data, imageKeys: [...keys], fields };
}

/** Seeds version 1 and the draft from content/ when the database has no version yet. */
export async function seedSiteContent(db: Db, dir = CONTENT_DIR): Promise<string | null> {
  return db.tx(async (q) => {
    await q.query("LOCK TABLE site_content_versions IN EXCLUSIVE MODE");
    if ((await q.query("SELECT 1 FROM site_content_versions LIMIT 1")).rows.length) return null;
    const { doc, imageKeys, fields } = await readSeedDocument(q, dir);
    const json = JSON.stringify(doc);
    await q.query("INSERT INTO site_content_versions (version, doc, published_by) VALUES (1, $1::jsonb, $2)", [json, SEED_BY]);
    await q.query(
      `INSERT INTO site_content_draft (id, doc, updated_by) VALUES ('site', $1::jsonb, $2)
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [json, SEED_BY],
    );
    await q.query(
      `INSERT INTO site_content_samples (id, doc, fields, image_keys) VALUES ('site', $1::jsonb, $2::text[], $3::text[])
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, fields = EXCLUDED.fields, image_keys = EXCLUDED.image_keys`,
      [json, fields, imageKeys],
    );
    return `version 1 from ${dir}/ (${imageKeys.length} pictures)`;
  });
}

export const siteContentSeeder: Seeder = {
  name: "site content",
  run: (db) => seedSiteContent(db),
};
