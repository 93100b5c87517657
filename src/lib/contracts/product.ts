/** The product shapes the API answers with, as the catalogue, the editor and the server share them. */

/**
 * The one product-id rule: lower-case letters, digits and dashes, starting with a letter or digit,
 * at most PRODUCT_ID_MAX characters. The id maker (newProductId: a name's slug + a 4-letter suffix),
 * the catalogue file, the product routes, the detail page and the inquiry schema all use it, so an
 * id one of them makes is never refused by another.
 */
export const PRODUCT_ID_MAX = 80;
export const PRODUCT_ID_SHAPE = new RegExp(`^[a-z0-9][a-z0-9-]{0,${PRODUCT_ID_MAX - 1}}$`);
export const isProductId = (id: string) => PRODUCT_ID_SHAPE.test(id);

/**
 * A product's Spanish (issue 37), written by the office beside the English: a text left out is
 * shown in English on the Spanish pages (src/lib/contracts/translations.ts).
 */
export interface ProductSpanish {
  name?: string;
  description?: string;
  color?: string;
}

/**
 * The catalogue's categories (issue 39: the catalogue filters by them), each product in one. ""
 * is a product the office has not placed yet: it shows under 'All' only. Their words live with
 * each language (src/lib/i18n/catalogue.ts, the editor's Hebrew).
 */
export const PRODUCT_CATEGORIES = ["storage", "mooring", "safety", "lighting", "lifts", "pilings", "recreation"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** A catalogue card: what the list sends (no bytes, no description). */
export interface ProductCard {
  id: string;
  name: string;
  category?: ProductCategory | "";
  price: string;
  image: string | null;
  hoverImage: string | null;
  /** The Spanish name, where the office wrote one (the Spanish catalogue shows it). */
  es?: Pick<ProductSpanish, "name">;
}

/** A whole product, as the detail and the editor use it. */
export interface Product extends ProductCard {
  es?: ProductSpanish;
  description: string;
  color: string;
  quantity: number;
  priceLow: number | null;
  priceHigh: number | null;
  createdAt: string;
  updatedAt: string;
}
