import { defineMiddleware } from "astro:middleware";
import { spriteRepeatedSvg } from "./lib/svg-sprite";

/**
 * Every page is built to static HTML (output: "static"), so this runs once per page at build time
 * (and per request under `astro dev`): a drawing the page repeats is sent once (svg-sprite.ts).
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(spriteRepeatedSvg(html), { status: response.status, statusText: response.statusText, headers });
});
