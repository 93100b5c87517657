/**
 * Demo catalogue for a fresh database, read from content/products/ (catalogue.json plus one
 * picture file per image) so the company can change words and swap pictures without code.
 * Runs only while the products table is empty: products staff deleted are not brought back.
 * Plain Node (no TS-only syntax, no http imports): the start scripts run it.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Db, Queryable } from "../db/index.ts";
import type { Seeder } from "../db/seeds/seeder.ts";
import { putImage, sniffImageType } from "../images/store.ts";
import { insertProduct } from "./rows.ts";
import { PRODUCT_CATEGORIES, PRODUCT_ID_SHAPE } from "../../lib/contracts/product.ts";

export const CATALOGUE_DIR = "content/products";

const entrySchema = z.strictObject({
  id: z.string().regex(PRODUCT_ID_SHAPE),
  name: z.string().min(1),
  price: z.string(),
  color: z.string(),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  quantity: z.number().int().min(0),
  description: z.string(),
  /** The Spanish name, description and color (issue 37). */
  es: z.strictObject({ name: z.string().min(1).optional(), description: z.string().optional(), color: z.string().optional() }).optional(),
  image: z.string().min(1),
  hoverImage: z.string().optional(),
});
export type CatalogueEntry = z.infer<typeof entrySchema>;

export async function readCatalogue(dir = CATALOGUE_DIR): Promise<CatalogueEntry[]> {
  return z.array(entrySchema).parse(JSON.parse(await readFile(join(dir, "catalogue.json"), "utf8")));
}

/** Stores a picture file (JPEG, PNG, WebP or our own SVG) and answers its key. */
export async function storeImageFile(q: Queryable, path: string): Promise<string> {
  const bytes = new Uint8Array(await readFile(path));
  const type = sniffImageType(bytes);
  if (!type) throw new Error(`${path} is not a JPEG, PNG, WebP or SVG picture`);
  return putImage(q, bytes, type);
}

export async function seedCatalogue(db: Db, dir = CATALOGUE_DIR): Promise<number> {
  const entries = await readCatalogue(dir);
  return db.tx(async (q) => {
    for (const e of entries) {
      const imageKey = await storeImageFile(q, join(dir, e.image));
      const hoverImageKey = e.hoverImage ? await storeImageFile(q, join(dir, e.hoverImage)) : null;
      const { image: _i, hoverImage: _h, ...fields } = e;
      await insertProduct(q, { ...fields, imageKey, hoverImageKey, by: "seed" });
    }
    return entries.length;
  });
}

export const productsSeeder: Seeder = {
  name: "products",
  async run(db) {
    const existing = await db.query("SELECT 1 FROM products LIMIT 1");
    if (existing.rows.length) return null;
    return `added ${await seedCatalogue(db)} catalogue products from ${CATALOGUE_DIR}/`;
  },
};
