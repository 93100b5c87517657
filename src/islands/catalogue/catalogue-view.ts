/**
 * The product list's view (search, sort, page, page size) as plain data: read from and written to
 * the URL so a view can be shared and the back button works, and applied to the product list.
 */
import { compareByPrice } from "../../lib/price.ts";
import { PRODUCT_CATEGORIES, type ProductCategory } from "../../lib/contracts/product.ts";

/** Whole rows of the widest grid (3 columns); 12 at first, so the catalogue is two pages, not four (issue 39). */
export const PAGE_SIZES = [6, 12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 12;
export type Sort = "" | "asc" | "desc";

export interface View {
  q: string;
  /** The category shown, or "" for all (issue 39). */
  cat: ProductCategory | "";
  sort: Sort;
  page: number;
  size: number;
}

export const DEFAULT_VIEW: View = { q: "", cat: "", sort: "", page: 1, size: DEFAULT_PAGE_SIZE };

/** Reads a view from a query string; anything unknown or malformed falls back to the default. */
export function readView(search: string): View {
  const p = new URLSearchParams(search);
  const size = Number(p.get("size"));
  const page = Number(p.get("page"));
  const sort = p.get("sort");
  const cat = p.get("cat");
  return {
    q: (p.get("q") ?? "").slice(0, 100),
    cat: (PRODUCT_CATEGORIES as readonly string[]).includes(cat ?? "") ? (cat as ProductCategory) : "",
    sort: sort === "asc" || sort === "desc" ? sort : "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query string for a view, leaving defaults out so plain /products stays plain. */
export function writeView(v: View): string {
  const p = new URLSearchParams();
  if (v.q) p.set("q", v.q);
  if (v.cat) p.set("cat", v.cat);
  if (v.sort) p.set("sort", v.sort);
  if (v.size !== DEFAULT_PAGE_SIZE) p.set("size", String(v.size));
  if (v.page > 1) p.set("page", String(v.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Spec §4: changing the page size or the sort goes back to page 1 (so does a new search or category). */
export function changeView(v: View, change: Partial<View>): View {
  const next = { ...v, ...change };
  if (("size" in change && change.size !== v.size) || ("sort" in change && change.sort !== v.sort) || ("q" in change && change.q !== v.q) || ("cat" in change && change.cat !== v.cat)) next.page = 1;
  return next;
}

export interface Shown<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
  /** 1-based positions for 'Showing X–Y of Z items' (0–0 when nothing matches). */
  from: number;
  to: number;
}

/** In the category (when one is chosen), name contains the search text (case-insensitive), sorted by price, cut to the page. */
export function applyView<T extends { name: string; price: string; category?: string }>(products: T[], v: View): Shown<T> {
  const needle = v.q.trim().toLocaleLowerCase();
  let list = v.cat ? products.filter((p) => p.category === v.cat) : products;
  if (needle) list = list.filter((p) => p.name.toLocaleLowerCase().includes(needle));
  if (v.sort) list = [...list].sort(compareByPrice(v.sort));
  const total = list.length;
  const pages = Math.max(1, Math.ceil(total / v.size));
  const page = Math.min(Math.max(1, v.page), pages);
  const start = (page - 1) * v.size;
  const items = list.slice(start, start + v.size);
  return { items, total, page, pages, from: total ? start + 1 : 0, to: start + items.length };
}
