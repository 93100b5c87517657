/**
 * The site's content as one document (decision 13): the shape of the files in content/, validated by
 * the same schemas the pages are built with (src/content-schemas.ts). In the database a picture is a
 * reference to an uploaded image (`/api/images/{key}`); the build's loader turns it into a file that
 * Astro optimises like any other (src/server/site-content/published.ts).
 */
import { z } from "zod";
import { aboutSchema, badgeSchema, beforeNeedsAlt, gallerySchema, legalSchema, reviewSchema, serviceSchema, siteSchema } from "../../content-schemas.ts";
import { IMAGE_KEY, IMAGE_URL_PREFIX } from "../images/store.ts";

/** A stored picture: upload it first (POST /api/admin/site/images), then use the address it answers. */
export const imageRef = z
  .string()
  .refine((s) => s.startsWith(IMAGE_URL_PREFIX) && IMAGE_KEY.test(s.slice(IMAGE_URL_PREFIX.length)), "upload the picture first (an /api/images/… address)");

export const MAX_REVIEWS = 60;
export const MAX_PROJECTS = 120;

/** Ids are unique inside a list (a page links to them, the editor addresses them). */
const uniqueIds = <T extends { id: string | number }>(items: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const id = String(item.id);
    if (seen.has(id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: `"${id}" is used twice in this list` });
    seen.add(id);
  });
};

/** Each part of the document, as the back office saves it. */
export const sectionSchemas = {
  site: siteSchema,
  about: aboutSchema(imageRef),
  services: z.array(serviceSchema(imageRef)).min(1).superRefine(uniqueIds),
  reviews: z.array(reviewSchema(imageRef).omit({ order: true })).max(MAX_REVIEWS).superRefine(uniqueIds),
  gallery: z.array(gallerySchema(imageRef).omit({ order: true })).max(MAX_PROJECTS).superRefine(uniqueIds).superRefine(beforeNeedsAlt),
  legal: z.array(legalSchema).superRefine(uniqueIds),
} as const;

export type Section = keyof typeof sectionSchemas;
export const SECTIONS = Object.keys(sectionSchemas) as Section[];
export const isSection = (s: string): s is Section => Object.hasOwn(sectionSchemas, s);

export const docSchema = z.object({ ...sectionSchemas, badges: z.array(badgeSchema.omit({ order: true })) });
export type SiteDoc = z.infer<typeof docSchema>;
