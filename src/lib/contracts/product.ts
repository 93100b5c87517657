/** The product shapes the API answers with, as the catalogue, the editor and the server share them. */

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
