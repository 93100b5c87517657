/**
 * Structured data (schema.org JSON-LD) built from content/: the business on every page, and
 * Service + BreadcrumbList on each service page.
 *
 * No `aggregateRating` or `review` (ARCHITECTURE.md decision 14): the reviews on the landing page
 * are ones the company lists about itself, which Google's review-snippet guidelines call
 * self-serving for a LocalBusiness and ignore; with sample reviews it would also be misleading.
 * The reviews stay on the page as text; the business data stays whole.
 */
import type { z } from "astro/zod";
import type { siteSchema } from "../content-schemas";
import { e164 } from "../lib/phone";

type Site = z.infer<typeof siteSchema>;
type Json = Record<string, unknown>;

export function businessId(origin: URL | string): string {
  return new URL("/#business", origin).href;
}

export function localBusiness(site: Site, origin: URL | string, opts: { image?: string } = {}): Json {
  const ld: Json = {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(origin),
    name: site.name,
    description: `${site.tagline}. Docks, boat lifts, seawalls and dredging in ${site.address.city}, Florida.`,
    url: new URL("/", origin).href,
    telephone: e164(site.phone),
    email: site.email,
    image: opts.image,
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    areaServed: site.areaServed.map((name) => ({ "@type": "City", name })),
    openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: site.hours.days, opens: site.hours.opens, closes: site.hours.closes }],
    sameAs: [site.social.facebook, site.social.instagram],
  };
  return ld;
}

export function serviceLd(service: { title: string; seoDescription: string; path: string }, origin: URL | string, image: string, site: Site): Json {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.seoDescription,
    url: new URL(service.path, origin).href,
    image,
    provider: { "@id": businessId(origin), "@type": "HomeAndConstructionBusiness", name: site.name },
    areaServed: site.areaServed.map((name) => ({ "@type": "City", name })),
  };
}

export function breadcrumbLd(items: { name: string; path: string }[], origin: URL | string): Json {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: new URL(item.path, origin).href })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function ldJson(data: Json | Json[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
