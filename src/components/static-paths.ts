/**
 * The pages built per service and per product, shared by the English pages and their Spanish
 * versions under /es/ (src/pages/es/…), so both languages always build the same set.
 */
import { getCollection } from "astro:content";
import type { Product, ProductCard } from "../lib/contracts/product.ts";
import { pickSuggestions } from "../islands/catalogue/ProductDetail.tsx";

type Stored = Product & { order: number };

/**
 * A product as a catalogue card (what the list shows and the API's list sends); `spanish`: with its
 * Spanish name, where the office wrote one.
 */
export function productCard({ id, name, category, price, image, hoverImage, es }: Stored | Product, spanish = true): ProductCard {
  return { id, name, category, price, image, hoverImage, ...(spanish && es?.name ? { es: { name: es.name } } : {}) };
}

export async function servicePaths() {
  const services = (await getCollection("services")).map((s) => s.data).sort((a, b) => a.id - b.id);
  return services.map((service) => ({ params: { service: service.slug }, props: { service, others: services.filter((s) => s.slug !== service.slug) } }));
}

/**
 * One page per product, each with the product and the suggestions below it, picked at random now so
 * they are in the page's HTML (the island brings them up to date: ProductDetail's keepSuggestions).
 */
export async function productPaths() {
  const products = (await getCollection("products")).filter((p) => p.id !== "detail");
  const cards = products.map((p) => productCard(p.data as Stored));
  // "detail" is the fallback shell's own path.
  return products.map(({ data: { order: _order, ...product } }) => ({
    params: { id: product.id },
    props: { product: product as Product, suggested: pickSuggestions(cards, product.id) },
  }));
}
