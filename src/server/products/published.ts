/**
 * The catalogue as the prebuilt pages publish it (src/content/db-loader.ts): every product, whole,
 * in the public list's order (newest first, as GET /api/public/products sends it), with its place.
 */
import type { Queryable } from "../db/index.ts";
import { COLUMNS, toProduct, type ProductRow } from "./rows.ts";
import type { Product } from "../../lib/contracts/product.ts";

export type PublishedProduct = Product & { order: number };

export async function readPublishedCatalogue(q: Queryable): Promise<{ id: string; data: PublishedProduct }[]> {
  const r = await q.query<ProductRow>(`SELECT ${COLUMNS} FROM products ORDER BY created_at DESC, name, id`);
  return r.rows.map((row, order) => ({ id: row.id, data: { ...toProduct(row), order } }));
}


/**
 * A cheap fingerprint of the catalogue: it moves with every create, edit and delete (`npm run dev`
 * compares it before a page load to refresh its copy: scripts/lib/dev-content.ts).
 */
export async function catalogueVersion(q: Queryable): Promise<string> {
  const r = await q.query<{ v: string | null }>("SELECT md5(string_agg(id || ':' || updated_at::text, ',' ORDER BY id)) AS v FROM products");
  return r.rows[0]?.v ?? "empty";
}
