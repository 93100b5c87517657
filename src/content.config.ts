// Collections over the top-level content/ folder: the company edits words and pictures there only.
import { defineCollection } from "astro:content";
import { file } from "astro/loaders";
import { aboutSchema, badgeSchema, gallerySchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "./content-schemas";

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
};

export { collections };
