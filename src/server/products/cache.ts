/**
 * Public product reads are cached by Netlify's CDN (durable, tagged "products") and revalidated
 * by browsers on every view; any product change purges the tag so visitors see it at once.
 */
import { purgeCache } from "@netlify/functions";
import type { Logger } from "../logs/logger.ts";

export const PRODUCTS_CACHE_TAG = "products";

export const PUBLIC_PRODUCT_HEADERS: Record<string, string> = {
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, s-maxage=300, stale-while-revalidate=86400",
  "Netlify-Cache-Tag": PRODUCTS_CACHE_TAG,
};

/** Pictures never change under a key (it is their hash), so they are cached for a year. */
export const IMAGE_HEADERS: Record<string, string> = {
  "Cache-Control": "public, max-age=31536000, immutable",
};

/**
 * Purges the products tag. Outside Netlify (no purge token) this cannot work and must not fail
 * the change that was just saved, so any failure is only logged at DEBUG.
 */
export async function purgeProductsCache(log: Logger): Promise<void> {
  try {
    await purgeCache({ tags: [PRODUCTS_CACHE_TAG] });
  } catch (e) {
    log.debug(`Cache purge skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
}
