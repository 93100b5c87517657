/**
 * Head tags for a product shown in the fallback detail shell (or changed since its page was built): title, description, canonical and
 * Product JSON-LD (spec §2: USD, always InStock). A data block is not script, so the CSP allows it.
 */
import { parsePrice } from "../../lib/price.ts";

export interface SeoProduct {
  id: string;
  name: string;
  price: string;
  description: string;
  image: string | null;
  color?: string;
  /** Its page, when not /products/{id} (the Spanish page: /es/products/{id}). */
  path?: string;
}

/** The schema.org Product for a product; a price range becomes an AggregateOffer. */
export function productJsonLd(p: SeoProduct, origin: string): Record<string, unknown> {
  const url = `${origin}${p.path ?? `/products/${encodeURIComponent(p.id)}`}`;
  const range = parsePrice(p.price);
  const base = { priceCurrency: "USD", availability: "https://schema.org/InStock", url };
  const offers = !range
    ? undefined
    : range.low === range.high
      ? { "@type": "Offer", price: range.low.toFixed(2), ...base }
      : { "@type": "AggregateOffer", lowPrice: range.low.toFixed(2), highPrice: range.high.toFixed(2), ...base };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: p.name,
    sku: p.id,
    url,
    ...(p.description && { description: p.description }),
    ...(p.image && { image: origin + p.image }),
    ...(p.color && { color: p.color }),
    ...(offers && { offers }),
  };
}

function meta(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

/** Puts the product's title, description, canonical link and JSON-LD into the document head. */
export function applyProductHead(p: SeoProduct): void {
  const suffix = document.title.includes("|") ? document.title.slice(document.title.lastIndexOf("|")) : "";
  document.title = `${p.name} ${suffix}`.trim();
  const summary = (p.description || `${p.name}, from our dock accessories and marine equipment catalogue.`).slice(0, 160);
  meta('meta[name="description"]', () => Object.assign(document.createElement("meta"), { name: "description" })).setAttribute("content", summary);
  meta('link[rel="canonical"]', () => Object.assign(document.createElement("link"), { rel: "canonical" })).setAttribute("href", `${location.origin}${p.path ?? `/products/${encodeURIComponent(p.id)}`}`);
  const next = productJsonLd(p, location.origin);
  // A built page carries the product in the page's JSON-LD list: replaced there, never duplicated.
  for (const script of document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]:not(#product-jsonld)')) {
    try {
      const list: unknown = JSON.parse(script.textContent ?? "");
      if (!Array.isArray(list)) continue;
      const at = list.findIndex((item) => (item as { "@type"?: string })?.["@type"] === "Product");
      if (at < 0) continue;
      list[at] = next;
      script.textContent = JSON.stringify(list);
      return;
    } catch {}
  }
  const ld = meta("script#product-jsonld", () => Object.assign(document.createElement("script"), { id: "product-jsonld", type: "application/ld+json" }));
  ld.textContent = JSON.stringify(next);
}

/** An unknown product must not be indexed under the shell's URL. */
export function applyNotFoundHead(): void {
  document.title = "Not Found";
  meta('meta[name="robots"]', () => Object.assign(document.createElement("meta"), { name: "robots" })).setAttribute("content", "noindex");
  document.head.querySelector("script#product-jsonld")?.remove();
  // A built page whose product was deleted since: its Product leaves the page's JSON-LD list.
  for (const script of document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')) {
    try {
      const list: unknown = JSON.parse(script.textContent ?? "");
      if (Array.isArray(list)) script.textContent = JSON.stringify(list.filter((item) => (item as { "@type"?: string })?.["@type"] !== "Product"));
    } catch {}
  }
}
