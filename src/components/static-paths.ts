/**
 * The pages built per service and per product, shared by the English pages and their Spanish
 * versions under /es/ (src/pages/es/…), so both languages always build the same set.
 */
import { getCollection } from "astro:content";
import type { Product } from "../lib/contracts/product.ts";

export async function servicePaths() {
  const services = (await getCollection("services")).map((s) => s.data).sort((a, b) => a.id - b.id);
  return services.map((service) => ({ params: { service: service.slug }, props: { service, others: services.filter((s) => s.slug !== service.slug) } }));
}

export async function productPaths() {
  const products = await getCollection("products");
  // "detail" is the fallback shell's own path.
  return products.filter((p) => p.id !== "detail").map(({ data: { order: _order, ...product } }) => ({ params: { id: product.id }, props: { product: product as Product } }));
}
