/**
 * The cart / product store of spec §3–4, kept in localStorage: cart lines merge by id and colour,
 * totals follow every change, and `fetchProducts` loads the catalogue list for the shop and the
 * editor ('Loading cart items...'; on failure the list empties and 'Failed to fetch cart items').
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { api } from "../api-client.ts";
import type { ProductCard } from "../contracts/product.ts";
import { parsePrice } from "../price.ts";
import { useLoading } from "./loading.ts";
import { useToast } from "./toast.ts";

/** A card of the public product list. */
export type CatalogueProduct = ProductCard;

export interface CartItem {
  id: string;
  color: string;
  /** A number, or the catalogue's price text (its low amount counts). */
  price: number | string;
  quantity: number;
}

export interface CartState {
  cartItems: CartItem[];
  totalAmount: number;
  totalItems: number;
  products: CatalogueProduct[];
  addToCart(item: CartItem): void;
  removeFromCart(id: string): void;
  editCartItem(id: string, fields: Partial<Omit<CartItem, "id">>): void;
  clearCart(): void;
  /**
   * Loads the product list; `quiet` skips the full-screen loading message (pages with skeletons);
   * `silent` is a revalidation of a list already shown: a failure keeps it and says nothing.
   */
  fetchProducts(opts?: { quiet?: boolean; silent?: boolean }): Promise<boolean>;
}

const unitPrice = (p: number | string) => (typeof p === "number" ? p : (parsePrice(p)?.low ?? 0));

/** Totals for a list of cart lines (amount rounded to cents). */
export function totals(items: CartItem[]): { totalAmount: number; totalItems: number } {
  const totalItems = items.reduce((n, i) => n + i.quantity, 0);
  const totalAmount = Math.round(items.reduce((s, i) => s + unitPrice(i.price) * i.quantity, 0) * 100) / 100;
  return { totalAmount, totalItems };
}

export const CART_STORAGE_KEY = "cart";

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      cartItems: [],
      totalAmount: 0,
      totalItems: 0,
      products: [],
      addToCart(item) {
        const items = get().cartItems;
        const same = items.find((i) => i.id === item.id && i.color === item.color);
        const next = same ? items.map((i) => (i === same ? { ...i, quantity: i.quantity + item.quantity } : i)) : [...items, item];
        set({ cartItems: next, ...totals(next) });
      },
      removeFromCart(id) {
        const next = get().cartItems.filter((i) => i.id !== id);
        set({ cartItems: next, ...totals(next) });
      },
      editCartItem(id, fields) {
        const next = get().cartItems.map((i) => (i.id === id ? { ...i, ...fields, id } : i));
        set({ cartItems: next, ...totals(next) });
      },
      clearCart() {
        set({ cartItems: [], totalAmount: 0, totalItems: 0 });
      },
      async fetchProducts(opts = {}) {
        if (!opts.quiet) useLoading.getState().show("Loading cart items...");
        try {
          const answer = await api<CatalogueProduct[]>("public/products", { auth: false });
          set({ products: Array.isArray(answer.data) ? answer.data : [] });
          return true;
        } catch {
          if (opts.silent) return false;
          set({ products: [] });
          useToast.getState().show("Failed to fetch cart items", "error");
          return false;
        } finally {
          if (!opts.quiet) useLoading.getState().hide();
        }
      },
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ cartItems, totalAmount, totalItems, products }) => ({ cartItems, totalAmount, totalItems, products }),
    },
  ),
);
