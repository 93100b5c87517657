/** Product rules and storage: one table behind the public catalogue and the staff editor. */
import type { Queryable } from "../db/index.ts";
import { badRequest } from "../http/errors.ts";
import { keyFromUrl, pruneUnusedImages, putImage } from "../images/store.ts";
import { decodeImageDataUrl } from "../images/upload.ts";
import { COLUMNS, insertProduct, priceColumns, toCard, toProduct, type ProductRow as Row } from "./rows.ts";
import { PRODUCT_ID_MAX, type Product, type ProductCard } from "../../lib/contracts/product.ts";
import type { NewProduct, ProductEdit } from "./schema.ts";

/** A product picture is shown at most 800 px wide (2× for sharp screens); the browser sends 800 × 800. */
const PRODUCT_PICTURE_MAX_SIDE = 1600;
/** Pixels a product picture may declare (read from its header, before decoding). */
const PRODUCT_PICTURE_MAX_PIXELS = 25_000_000;

export interface ListOptions {
  q?: string;
  sort?: "price-asc" | "price-desc" | "newest";
}

/** The ORDER BY of a sort (priceless products last in both price orders); the id keeps pages stable. */
function orderOf(sort: ListOptions["sort"]): string {
  if (sort === "price-asc") return "price_low ASC NULLS LAST, price_high ASC NULLS LAST, name, id";
  if (sort === "price-desc") return "price_high DESC NULLS LAST, price_low DESC NULLS LAST, name, id";
  return "created_at DESC, name, id";
}

/** The WHERE of a search (the English or Spanish name contains `q`, case-insensitive) and its parameters. */
function whereOf(search: string | undefined): { where: string; params: unknown[] } {
  if (!search) return { where: "", params: [] };
  return { where: "WHERE (name ILIKE $1 OR es->>'name' ILIKE $1)", params: [`%${search.replace(/[\\%_]/g, (c) => "\\" + c)}%`] };
}

/** A card carries the Spanish name only (the Spanish catalogue's cards), not the rest of `es`. */
const CARD_COLUMNS = "id, name, price, category, image_key, hover_image_key, jsonb_strip_nulls(jsonb_build_object('name', es->'name')) AS es";

/** Cards for the catalogue, searched and sorted. */
export async function listProducts(q: Queryable, opts: ListOptions = {}): Promise<ProductCard[]> {
  const { where, params } = whereOf(opts.q);
  const r = await q.query<Row>(`SELECT ${CARD_COLUMNS} FROM products ${where} ORDER BY ${orderOf(opts.sort)}`, params);
  return r.rows.map(toCard);
}

/** One page of `listProducts` (pages count from 1) and how many cards all pages hold. */
export async function listProductsPage(q: Queryable, opts: ListOptions, page: number, size: number): Promise<{ cards: ProductCard[]; total: number }> {
  const { where, params } = whereOf(opts.q);
  const n = params.length;
  const [rows, count] = await Promise.all([
    q.query<Row>(`SELECT ${CARD_COLUMNS} FROM products ${where} ORDER BY ${orderOf(opts.sort)} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, size, (page - 1) * size]),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM products ${where}`, params),
  ]);
  return { cards: rows.rows.map(toCard), total: count.rows[0].n };
}

export async function getProduct(q: Queryable, id: string): Promise<Product | null> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM products WHERE id = $1`, [id]);
  return r.rows[0] ? toProduct(r.rows[0]) : null;
}

const ID_SUFFIX_LENGTH = 4;
/** The longest slug an id keeps from a name: the rest of PRODUCT_ID_MAX is "-" and the suffix. */
export const PRODUCT_SLUG_MAX = PRODUCT_ID_MAX - 1 - ID_SUFFIX_LENGTH;

/** A readable, unique-enough id for URLs, within the product-id rule: "aluminum-dock-box-k3x9". */
export function newProductId(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PRODUCT_SLUG_MAX)
    .replace(/-+$/, "");
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(ID_SUFFIX_LENGTH)), (b) => "abcdefghijkmnpqrstuvwxyz23456789"[b % 32]).join("");
  return slug ? `${slug}-${suffix}` : `product-${suffix}`;
}

/** The stored key for an image field: uploads are checked and stored, our URLs must exist. */
async function resolveImage(q: Queryable, value: string | null | undefined, field: string): Promise<string | null> {
  if (!value) return null;
  if (value.startsWith("data:")) {
    // Decoded and drawn again like lead and Site pictures: a picture and nothing else is stored
    // and served (no EXIF or GPS, no polyglot bytes), its pixels counted from the header first.
    const { bytes } = decodeImageDataUrl(value, field);
    // Loaded here, not at the top: the public catalogue's function reads products through this
    // module and should not load sharp's native library on its cold start.
    const { reencodePhoto } = await import("../leads/photo-image.ts");
    const picture = await reencodePhoto(bytes, { maxSide: PRODUCT_PICTURE_MAX_SIDE, maxPixels: PRODUCT_PICTURE_MAX_PIXELS, notPicture: "The file is not a JPEG, PNG or WebP picture", field });
    return putImage(q, picture.bytes, picture.contentType);
  }
  const key = keyFromUrl(value);
  const found = key && (await q.query("SELECT 1 FROM images WHERE key = $1", [key])).rows.length;
  if (!found) throw badRequest("That image is not stored here", field);
  return key;
}

export async function createProduct(q: Queryable, input: NewProduct, by: string, id = newProductId(input.name)): Promise<Product> {
  const image = await resolveImage(q, input.image, "image");
  const hover = await resolveImage(q, input.hoverImage, "hoverImage");
  return insertProduct(q, { id, name: input.name, description: input.description, price: input.price, color: input.color, category: input.category, es: input.es, quantity: input.quantity, imageKey: image, hoverImageKey: hover, by });
}

/** Applies the fields given; null when there is no such product. */
export async function updateProduct(q: Queryable, id: string, edit: ProductEdit, by: string): Promise<Product | null> {
  const before = await q.query<Row>(`SELECT ${COLUMNS} FROM products WHERE id = $1 FOR UPDATE`, [id]);
  const old = before.rows[0];
  if (!old) return null;
  const image = edit.image === undefined ? old.image_key : await resolveImage(q, edit.image, "image");
  const hover = edit.hoverImage === undefined ? old.hover_image_key : await resolveImage(q, edit.hoverImage, "hoverImage");
  const price = edit.price === undefined ? { text: old.price, low: old.price_low, high: old.price_high } : priceColumns(edit.price);
  const r = await q.query<Row>(
    `UPDATE products SET name = $2, description = $3, price = $4, price_low = $5, price_high = $6, color = $7, quantity = $8,
       image_key = $9, hover_image_key = $10, updated_by = $11, updated_at = now(), es = $12::jsonb, category = $13
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, edit.name ?? old.name, edit.description ?? old.description, price.text, price.low, price.high, edit.color ?? old.color, edit.quantity ?? old.quantity, image, hover, by, JSON.stringify(edit.es ?? old.es ?? {}), edit.category ?? old.category],
  );
  await pruneUnusedImages(q, [old.image_key, old.hover_image_key]);
  return toProduct(r.rows[0]);
}

/** Deletes a product and any picture only it used; false when there was none. */
export async function deleteProduct(q: Queryable, id: string): Promise<{ name: string } | null> {
  const r = await q.query<Pick<Row, "name" | "image_key" | "hover_image_key">>(
    "DELETE FROM products WHERE id = $1 RETURNING name, image_key, hover_image_key",
    [id],
  );
  if (!r.rows[0]) return null;
  await pruneUnusedImages(q, [r.rows[0].image_key, r.rows[0].hover_image_key]);
  return { name: r.rows[0].name };
}
