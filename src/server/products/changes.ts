/**
 * The admin's catalogue changes. Each runs in one transaction, is logged with who made it, and
 * then purges the CDN's copy of the public catalogue once, so visitors see it at once, and asks for
 * the rebuild of the prebuilt catalogue pages (debounced: one build per burst of edits).
 */
import type { Db, Queryable } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import type { Logger } from "../logs/logger.ts";
import { purgeProductsCache } from "./cache.ts";
import { requestRebuild } from "../publish/rebuild.ts";
import { createProduct, deleteProduct, updateProduct } from "./repo.ts";
import type { Product } from "../../lib/contracts/product.ts";
import type { NewProduct, ProductEdit } from "./schema.ts";

async function change<T>(db: Db, log: Logger, write: (q: Queryable) => Promise<T | null>, said: (done: T) => string): Promise<T> {
  const done = await db.tx(write);
  if (!done) throw notFound("Product not found");
  log.info(said(done));
  await purgeProductsCache(log);
  await requestRebuild(db, log, "products");
  return done;
}

export function addProduct(db: Db, log: Logger, input: NewProduct, by: string): Promise<Product> {
  return change(db, log, (q) => createProduct(q, input, by), (p) => `Product created: "${p.name}" (${p.id}) by ${by}`);
}

/** Applies the fields sent; the others keep their value. */
export function editProduct(db: Db, log: Logger, id: string, edit: ProductEdit, by: string): Promise<Product> {
  const fields = Object.keys(edit).filter((k) => k !== "id");
  return change(db, log, (q) => updateProduct(q, id, edit, by), (p) => `Product updated: "${p.name}" (${id}) by ${by} [${fields.join(", ") || "no fields"}]`);
}

export function removeProduct(db: Db, log: Logger, id: string, by: string): Promise<{ name: string }> {
  return change(db, log, (q) => deleteProduct(q, id), (p) => `Product deleted: "${p.name}" (${id}) by ${by}`);
}
