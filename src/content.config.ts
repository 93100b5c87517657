// Collections of the site's published content (decision 13): staff publish words, pictures and the
// catalogue in the back office; the build reads the live version from Postgres (seeded from content/).
import { defineCollection } from "astro:content";
import { z } from "astro/zod";
import { dbLoader } from "./content/db-loader";
import { readPublishedCatalogue } from "./server/products/published";
import { readPublishedRules } from "./server/estimate/published";
import { PRODUCT_CATEGORIES } from "./lib/contracts/product";
import { collectionEntries, ENTRY_FILE, readPublishedSite, type PublishedSite } from "./server/site-content/published";
import { liveVersion } from "./server/site-content/store";
import type { Queryable } from "./server/db/index";
import type { PriceRules } from "./lib/contracts/estimate";
import { aboutSchema, badgeSchema, gallerySchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "./content-schemas";

/** A product as the database publishes it (src/lib/contracts/product.ts), with its place in the list. */
const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  image: z.string().nullable(),
  hoverImage: z.string().nullable(),
  description: z.string(),
  color: z.string(),
  // The catalogue's category (issue 39), "" for a product not placed yet.
  category: z.enum(["", ...PRODUCT_CATEGORIES]).default(""),
  // The office's Spanish for the Spanish pages (issue 37): a text left out shows in English there.
  es: z.object({ name: z.string().optional(), description: z.string().optional(), color: z.string().optional() }).default({}),
  quantity: z.number().int(),
  priceLow: z.number().nullable(),
  priceHigh: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  order: z.number().int().min(0),
});

/**
 * The live version is read once for all the site's collections (they load together), and again only
 * when a newer version was published (`npm run dev` refreshes them after a publish).
 */
let read: { version: number; site: Promise<PublishedSite> } | null = null;
async function published(q: Queryable): Promise<PublishedSite> {
  const version = await liveVersion(q);
  if (read?.version !== version) {
    const site = readPublishedSite(q);
    read = { version, site };
    site.catch(() => (read = null));
  }
  return read.site;
}

type SiteCollection = Parameters<typeof collectionEntries>[1];
const siteLoader = (collection: SiteCollection, report?: Parameters<typeof dbLoader>[0]["report"]) =>
  dbLoader({ name: `db-site-${collection}`, filePath: ENTRY_FILE, read: async (q) => collectionEntries(await published(q), collection), report });

/** A build for the public site says what is still sample data (the launch checklist), once. */
const warnSamples: Parameters<typeof dbLoader>[0]["report"] = (entries, logger) => {
  if (process.env.NODE_ENV !== "production") return;
  const list = (entries[0]?.data as { checklist?: string[] } | undefined)?.checklist ?? [];
  if (list.length) logger.warn(`Launch checklist: ${list.length} value(s) on this build are still sample data:\n  - ${list.join("\n  - ")}`);
};

const collections = {
  site: defineCollection({ loader: siteLoader("site"), schema: siteSchema }),
  about: defineCollection({ loader: siteLoader("about"), schema: ({ image }) => aboutSchema(image()) }),
  // Entry ids are the services' numeric ids as strings; pages look services up by slug.
  services: defineCollection({ loader: siteLoader("services"), schema: ({ image }) => serviceSchema(image()) }),
  reviews: defineCollection({ loader: siteLoader("reviews"), schema: ({ image }) => reviewSchema(image()) }),
  gallery: defineCollection({ loader: siteLoader("gallery"), schema: ({ image }) => gallerySchema(image()) }),
  badges: defineCollection({ loader: siteLoader("badges"), schema: badgeSchema }),
  legal: defineCollection({ loader: siteLoader("legal"), schema: legalSchema }),
  // The version the build read and what is still sample (/content-version.json, the build's warnings).
  published: defineCollection({
    loader: siteLoader("published", warnSamples),
    schema: z.object({ version: z.number().int().positive(), publishedAt: z.string(), checklist: z.array(z.string()) }),
  }),
  // The estimator's price rules (issue 36): the live version, checked by its schema when read (src/server/estimate/published.ts).
  priceRules: defineCollection({
    loader: dbLoader({ name: "db-price-rules", read: readPublishedRules }),
    schema: z.object({ version: z.number().int().positive(), publishedAt: z.string(), rules: z.custom<PriceRules>((v) => typeof v === "object" && v !== null), sample: z.array(z.string()) }),
  }),
  // The catalogue lives in Postgres (staff edit it in /editor); read at build, rebuilt on change.
  products: defineCollection({ loader: dbLoader({ name: "db-products", read: readPublishedCatalogue }), schema: productSchema }),
};

export { collections };
