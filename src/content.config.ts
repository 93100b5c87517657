// Collections over the top-level content/ folder: the company edits words and pictures there only.
import { defineCollection } from "astro:content";
import { file } from "astro/loaders";
import { z } from "astro/zod";
import { dbLoader } from "./content/db-loader";
import { readPublishedCatalogue } from "./server/products/published";
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
  quantity: z.number().int(),
  priceLow: z.number().nullable(),
  priceHigh: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  order: z.number().int().min(0),
});

/** A single JSON object (site.json, about.json) becomes a one-entry collection with that id. */
const single = (id: string) => (text: string) => [{ id, ...JSON.parse(text) }];
/** Arrays keep the order the company wrote them in (collections are otherwise sorted by id). */
const ordered = (text: string) => (JSON.parse(text) as object[]).map((item, order) => ({ ...item, order }));

const collections = {
  site: defineCollection({ loader: file("content/site.json", { parser: single("site") }), schema: siteSchema }),
  about: defineCollection({ loader: file("content/about.json", { parser: single("about") }), schema: ({ image }) => aboutSchema(image()) }),
  // Entry ids are the services' numeric ids as strings; pages look services up by slug.
  services: defineCollection({ loader: file("content/services.json"), schema: ({ image }) => serviceSchema(image()) }),
  reviews: defineCollection({ loader: file("content/reviews.json", { parser: ordered }), schema: ({ image }) => reviewSchema(image()) }),
  gallery: defineCollection({ loader: file("content/gallery.json", { parser: ordered }), schema: ({ image }) => gallerySchema(image()) }),
  badges: defineCollection({ loader: file("content/badges.json", { parser: ordered }), schema: badgeSchema }),
  legal: defineCollection({ loader: file("content/legal.json"), schema: legalSchema }),
  // The catalogue lives in Postgres (staff edit it in /editor); read at build, rebuilt on change.
  products: defineCollection({ loader: dbLoader({ name: "db-products", read: readPublishedCatalogue }), schema: productSchema }),
};

export { collections };
