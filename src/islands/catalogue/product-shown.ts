/**
 * What a product page shows of a product, as one string: its name, price, picture, description,
 * color and Spanish texts (the head tags are made of the same fields). The built page carries the
 * key of the product it was built with, so a plain fetch can tell whether the product changed
 * since the build without loading React (product-revalidate.ts), and the island uses it to decide
 * whether the head tags need rewriting. No React here: the page's own script imports it.
 */
import type { Product } from "../../lib/contracts/product.ts";

export function shownKey(p: Pick<Product, "name" | "price" | "image" | "description" | "color" | "es">): string {
  // The Spanish texts in a fixed order and without empty ones: the build's copy and the API's answer
  // may list the same texts differently.
  const es = Object.entries(p.es ?? {})
    .filter(([, v]) => typeof v === "string" && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([p.name, p.price, p.image ?? null, p.description, p.color, es]);
}
