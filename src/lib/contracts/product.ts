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

/** A catalogue card: what the list sends (no bytes, no description). */
export interface ProductCard {
  id: string;
  name: string;
  price: string;
  image: string | null;
  hoverImage: string | null;
}

/** A whole product, as the detail and the editor use it. */
export interface Product extends ProductCard {
  description: string;
  color: string;
  quantity: number;
  priceLow: number | null;
  priceHigh: number | null;
  createdAt: string;
  updatedAt: string;
}
