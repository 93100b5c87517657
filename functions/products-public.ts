import type { Config } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { notFound } from "../src/server/http/errors.ts";
import { check, readQuery } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { getProduct, listProducts, listProductsPage } from "../src/server/products/repo.ts";
import { productIdSchema } from "../src/server/products/schema.ts";
import { text } from "../src/lib/text.ts";
import { PUBLIC_PRODUCT_HEADERS } from "../src/server/products/cache.ts";

const listQuery = z.strictObject({
  q: text().trim().max(100).optional(),
  sort: z.enum(["price-asc", "price-desc", "newest"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

export const config: Config = { path: ["/api/public/products", "/api/public/products/:id"] };

/** The public catalogue: card list (optionally searched, sorted, paged) and one product. CDN-cached. */
export default handle(
  config.path,
  async (req, _scope, ctx) => {
    const db = await getDb();
    const id = ctx?.params?.id;
    if (id !== undefined) {
      const product = await getProduct(db, check(productIdSchema, id));
      if (!product) throw notFound("Product not found");
      return cacheable(req, { status: true, data: product });
    }
    const query = readQuery(req, listQuery);
    const opts = { q: query.q, sort: query.sort };
    if (!query.page) return cacheable(req, { status: true, data: await listProducts(db, opts) });
    const size = query.size ?? 6;
    const { cards, total } = await listProductsPage(db, opts, query.page, size);
    return cacheable(req, { status: true, data: cards, total, page: query.page, size });
  },
  ["GET", "HEAD"],
);

/** JSON with the CDN headers and a content ETag, so a browser's revalidation costs a 304. */
async function cacheable(req: Request, body: unknown): Promise<Response> {
  const res = json(body, { headers: PUBLIC_PRODUCT_HEADERS });
  const text = await res.clone().text();
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  const etag = `"${Buffer.from(digest).toString("base64url")}"`;
  res.headers.set("ETag", etag);
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: res.headers });
  return res;
}
