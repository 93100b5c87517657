/** The editor grid's search and sort (client side: the whole catalogue is already loaded). */
import type { CatalogueProduct } from "../../lib/stores/cart.ts";
import { compareByPrice } from "../../lib/price.ts";

export type Sort = "name-asc" | "name-desc" | "price-asc" | "price-desc";
const byName = (a: CatalogueProduct, b: CatalogueProduct) => a.name.localeCompare(b.name, "en", { numeric: true });
export const SORTS: Record<Sort, (a: CatalogueProduct, b: CatalogueProduct) => number> = {
  "name-asc": byName,
  "name-desc": (a, b) => byName(b, a),
  "price-asc": compareByPrice("asc"),
  "price-desc": compareByPrice("desc"),
};

/** The grid after the search box and the sort: names and prices that contain every typed word. */
export function viewProducts(products: CatalogueProduct[], query: string, sort: Sort): CatalogueProduct[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const hits = words.length ? products.filter((p) => words.every((w) => `${p.name} ${p.price}`.toLocaleLowerCase().includes(w))) : products;
  return [...hits].sort(SORTS[sort]);
}
