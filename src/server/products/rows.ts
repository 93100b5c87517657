/**
 * The products table's row shape, its mapping to API shapes and the plain insert. Plain Node (no
 * TS-only syntax, no http imports): the seeder runs it from the start scripts.
 */
import type { Queryable } from "../db/index.ts";
import { normalizePriceText, parsePrice } from "../../lib/price.ts";
import { imageUrl } from "../images/store.ts";
import type { Product, ProductCard, ProductCategory, ProductSpanish } from "../../lib/contracts/product.ts";

export type ProductRow = {
  id: string;
  name: string;
  description: string;
  price: string;
  price_low: string | null;
  price_high: string | null;
  color: string;
  /** The catalogue's category, or "" (migration 025). */
  category: ProductCategory | "";
  /** The Spanish name, description and color (migration 024). */
  es: ProductSpanish;
  quantity: number;
  image_key: string | null;
  hover_image_key: string | null;
  created_at: Date;
  updated_at: Date;
};

export const COLUMNS = "id, name, description, price, price_low, price_high, color, category, es, quantity, image_key, hover_image_key, created_at, updated_at";
const num = (v: string | null) => (v === null ? null : Number(v));

export function toCard(r: Pick<ProductRow, "id" | "name" | "price" | "category" | "image_key" | "hover_image_key"> & { es?: ProductSpanish | null }): ProductCard {
  const card: ProductCard = { id: r.id, name: r.name, category: r.category ?? "", price: r.price, image: imageUrl(r.image_key), hoverImage: imageUrl(r.hover_image_key) };
  if (r.es?.name) card.es = { name: r.es.name };
  return card;
}

export function toProduct(r: ProductRow): Product {
  return {
    ...toCard(r),
    es: r.es ?? {},
    description: r.description,
    color: r.color,
    quantity: r.quantity,
    priceLow: num(r.price_low),
    priceHigh: num(r.price_high),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The stored price text and its parsed range (spec §5: empty stays empty). */
export function priceColumns(price: string | number): { text: string; low: number | null; high: number | null } {
  const text = normalizePriceText(String(price));
  const range = parsePrice(text);
  return { text, low: range ? range.low : null, high: range ? range.high : null };
}

export interface ProductInsert {
  id: string;
  name: string;
  description: string;
  price: string | number;
  color: string;
  category?: ProductCategory | "";
  es?: ProductSpanish;
  quantity: number;
  imageKey: string | null;
  hoverImageKey: string | null;
  by: string;
}

export async function insertProduct(q: Queryable, p: ProductInsert): Promise<Product> {
  const price = priceColumns(p.price);
  const r = await q.query<ProductRow>(
    `INSERT INTO products (id, name, description, price, price_low, price_high, color, quantity, image_key, hover_image_key, created_by, updated_by, es, category)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12::jsonb, $13) RETURNING ${COLUMNS}`,
    [p.id, p.name, p.description, price.text, price.low, price.high, p.color, p.quantity, p.imageKey, p.hoverImageKey, p.by, JSON.stringify(p.es ?? {}), p.category ?? ""],
  );
  return toProduct(r.rows[0]);
}
