/**
 * The catalogue's words (the product list, a product's page, its suggestions and not-found), in
 * English and in Spanish (issue 37), and a product as a page in either language shows it. No imports
 * beyond the languages and the product shapes: the catalogue's islands load it.
 */
import type { ProductCard, Product, ProductCategory } from "../contracts/product.ts";
import type { Locale } from "./locales.ts";

const en = {
  search: "Search products by name",
  searchPlaceholder: "Search...",
  perPage: "Items per page",
  sort: "Sort by",
  featured: "Featured",
  category: "Category",
  allCategories: "All products",
  categories: {
    storage: "Dock boxes & storage",
    mooring: "Cleats, bumpers & lines",
    safety: "Ladders & safety",
    lighting: "Dock lighting",
    lifts: "Boat lift parts",
    pilings: "Piling care",
    recreation: "Kayaks & seating",
  } as Record<ProductCategory, string>,
  noneInCategory: "No products in this category yet.",
  lowHigh: "Price: low to high",
  highLow: "Price: high to low",
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} items`,
  loadFailed: "We could not load the catalogue right now.",
  loadFailedHint: "Check your connection and try again, or call us: we are happy to help.",
  tryAgain: "Try again",
  noMatch: (q: string) => `No products match “${q}”.`,
  none: "No products yet.",
  clear: "Clear the search",
  pages: "Product pages",
  previous: "Previous",
  next: "Next",
  page: (n: number) => `Page ${n}`,
  noPrice: "Price on request",
  noPicture: "No picture yet",
  loading: "Loading products…",
  loadingOne: "Loading product…",
  productFailed: "We could not load this product right now.",
  back: "Back to all products",
  color: "Color:",
  alsoLike: "You might also like",
  notFound: "Not Found",
  missing: "Something's missing.",
  home: "Back to homepage",
  what: "the product catalogue",
  whatOne: "this product",
  dismiss: "Dismiss",
  notifications: "notifications",
};

export type CatalogueStrings = typeof en;

const es: CatalogueStrings = {
  search: "Buscar productos por nombre",
  searchPlaceholder: "Buscar...",
  perPage: "Artículos por página",
  sort: "Ordenar por",
  featured: "Destacados",
  category: "Categoría",
  allCategories: "Todos los productos",
  categories: {
    storage: "Cajas y almacenaje",
    mooring: "Cornamusas, defensas y cabos",
    safety: "Escaleras y seguridad",
    lighting: "Iluminación para muelles",
    lifts: "Piezas para elevadores",
    pilings: "Cuidado de pilotes",
    recreation: "Kayaks y asientos",
  },
  noneInCategory: "Todavía no hay productos en esta categoría.",
  lowHigh: "Precio: de menor a mayor",
  highLow: "Precio: de mayor a menor",
  showing: (from: number, to: number, total: number) => `Mostrando ${from}–${to} de ${total} artículos`,
  loadFailed: "No pudimos cargar el catálogo en este momento.",
  loadFailedHint: "Revise su conexión e inténtelo de nuevo, o llámenos: con gusto le ayudamos.",
  tryAgain: "Intentar de nuevo",
  noMatch: (q: string) => `Ningún producto coincide con “${q}”.`,
  none: "Todavía no hay productos.",
  clear: "Borrar la búsqueda",
  pages: "Páginas de productos",
  previous: "Anterior",
  next: "Siguiente",
  page: (n: number) => `Página ${n}`,
  noPrice: "Precio a consultar",
  noPicture: "Todavía sin foto",
  loading: "Cargando productos…",
  loadingOne: "Cargando el producto…",
  productFailed: "No pudimos cargar este producto en este momento.",
  back: "Volver a todos los productos",
  color: "Color:",
  alsoLike: "También le puede interesar",
  notFound: "Página no encontrada",
  missing: "Falta algo por aquí.",
  home: "Volver al inicio",
  what: "el catálogo de productos",
  whatOne: "este producto",
  dismiss: "Cerrar",
  notifications: "las notificaciones",
};

const WORDS: Record<Locale, CatalogueStrings> = { en, es };
export const catalogueStrings = (locale: Locale): CatalogueStrings => WORDS[locale];

/** A card or product as a page in `locale` shows it, with `english` naming what is still in English (marked lang="en"). */
export function shownProduct<T extends ProductCard & Partial<Pick<Product, "description" | "color" | "es">>>(p: T, locale: Locale): T & { english: Set<"name" | "description" | "color"> } {
  const english = new Set<"name" | "description" | "color">();
  if (locale === "en") return { ...p, english };
  const es = (p.es ?? {}) as { name?: string; description?: string; color?: string };
  const out = { ...p, english };
  for (const k of ["name", "description", "color"] as const) {
    if (typeof p[k] !== "string" || !p[k]) continue;
    if (es[k]?.trim()) (out as unknown as Record<string, unknown>)[k] = es[k]!.trim();
    else english.add(k);
  }
  return out;
}
