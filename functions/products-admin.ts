import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json, jsonError } from "../src/server/http/response.ts";
import { notFound } from "../src/server/http/errors.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { createProduct, deleteProduct, updateProduct } from "../src/server/products/repo.ts";
import { editProductSchema, newProductSchema, productIdSchema } from "../src/server/products/schema.ts";
import { purgeProductsCache } from "../src/server/products/cache.ts";

/** Two browser-downscaled pictures as base64 plus the text fields fit well inside this. */
export const MAX_PRODUCT_BODY = 5_900_000;

const ROUTES = [
  { action: "new", method: "POST" },
  { action: "edit", method: "PUT" },
  { action: "delete", method: "DELETE" },
] as const;

/** Admins create, edit and delete catalogue products; every change is logged and purges the CDN. */
export default handle("/api/admin/products", async (req, { log }, ctx) => {
  const action = new URL(req.url).pathname.split("/")[4];
  const route = ROUTES.find((r) => r.action === action);
  if (!route) throw notFound();
  if (req.method !== route.method) {
    const res = jsonError(405, "Method not allowed");
    res.headers.set("Allow", route.method);
    return res;
  }
  const session = await requireAdmin(req);
  const who = session.user.email;
  const db = await getDb();

  if (route.action === "new") {
    const input = await readJson(req, newProductSchema, MAX_PRODUCT_BODY);
    const product = await db.tx((q) => createProduct(q, input, who));
    log.info(`Product created: "${product.name}" (${product.id}) by ${who}`);
    await purgeProductsCache(log);
    return json({ status: true, data: product }, { status: 201 });
  }

  const id = check(productIdSchema, ctx?.params?.id ?? new URL(req.url).pathname.split("/")[5]);
  if (route.action === "edit") {
    const edit = await readJson(req, editProductSchema, MAX_PRODUCT_BODY);
    const product = await db.tx((q) => updateProduct(q, id, edit, who));
    if (!product) throw notFound("Product not found");
    const changed = Object.keys(edit).filter((k) => k !== "id");
    log.info(`Product updated: "${product.name}" (${id}) by ${who} [${changed.join(", ") || "no fields"}]`);
    await purgeProductsCache(log);
    return json({ status: true, data: product });
  }

  const removed = await db.tx((q) => deleteProduct(q, id));
  if (!removed) throw notFound("Product not found");
  log.info(`Product deleted: "${removed.name}" (${id}) by ${who}`);
  await purgeProductsCache(log);
  return json({ status: true, message: "Product removed" });
});

export const config: Config = {
  path: ["/api/admin/products/new", "/api/admin/products/edit/:id", "/api/admin/products/delete/:id"],
};
