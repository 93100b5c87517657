import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { notFound } from "../src/server/http/errors.ts";
import { withSecurityHeaders } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { getImage } from "../src/server/images/store.ts";
import { IMAGE_HEADERS } from "../src/server/products/cache.ts";

export const config: Config = { path: "/api/images/:key" };

/** A stored picture by its content hash, cached for a year (a key never changes meaning). */
export default handle(
  config.path,
  async (req, _scope, ctx) => {
    const key = ctx?.params?.key ?? new URL(req.url).pathname.split("/").pop() ?? "";
    const image = await getImage(await getDb(), key);
    if (!image) throw notFound("Image not found");
    const headers = withSecurityHeaders({ ...IMAGE_HEADERS, "Content-Type": image.contentType, ETag: `"${key}"` });
    // Seeded SVG illustrations are ours, but an SVG opened directly must never run anything.
    if (image.contentType === "image/svg+xml") headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (req.headers.get("if-none-match") === `"${key}"`) return new Response(null, { status: 304, headers });
    headers.set("Content-Length", String(image.bytes.length));
    return new Response(req.method === "HEAD" ? null : Buffer.from(image.bytes), { status: 200, headers });
  },
  ["GET", "HEAD"],
);
