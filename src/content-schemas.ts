/**
 * Shapes of everything in content/ (spec §3). Kept apart from content.config.ts so unit tests
 * and non-Astro code can validate the JSON without Astro's virtual modules. `img` is Astro's
 * image() helper at build time; tests pass a plain string schema.
 */
import { z } from "astro/zod";

type ImageSchema = z.ZodType<unknown>;

/**
 * Raw HTML in a content field: the start of a tag, a closing tag, a comment or a declaration,
 * closed by `>` or not (a browser reads `<img src=x onerror=…` to the end of the text as a tag).
 * Pages print text, never markup; `3 < 5` and `<3` stay allowed.
 */
export const HTML = /<\s*\/?\s*[a-z!?]/i;
export const HTML_MESSAGE = "HTML is not allowed here: write plain text";
/** A line of words: trimmed, not empty, no markup (content is staff-edited; decision 13). */
const text = z.string().trim().min(1).refine((s) => !HTML.test(s), HTML_MESSAGE);
/** A link a visitor follows: http(s) only (no javascript:, data: or mailto: here). */
export const httpUrl = z.url({ protocol: /^https?$/, message: "use a web address starting with https://" });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD");
/** Position in its file, added by the loader. */
const order = z.number().int().min(0).optional();
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by hyphens");

export const siteSchema = z.object({
  name: text,
  shortName: text,
  tagline: text,
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "format (239) 555-0142"),
  email: z.email(),
  address: z.object({ street: text, city: text, region: z.string().length(2), postalCode: z.string().regex(/^\d{5}$/), country: z.string().length(2) }),
  geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  hours: z.object({ label: text, days: z.array(text).min(1), opens: z.string().regex(/^\d{2}:\d{2}$/), closes: z.string().regex(/^\d{2}:\d{2}$/) }),
  areaServed: z.array(text).min(1),
  social: z.object({ facebook: httpUrl, instagram: httpUrl }),
  copyrightYear: z.number().int().min(2000).max(2100),
  poweredBy: z.object({ name: text, url: httpUrl }),
  stats: z.object({ projects: z.number().int().positive(), projectsLabel: text, years: z.number().int().positive(), weeks: text }),
  // What a homeowner checks before calling a contractor; shown under the hero, in the footer and beside the forms.
  proof: z.object({
    licenses: z.array(z.object({ label: text, number: text })).min(1),
    insurance: text,
    founded: z.number().int().min(1900).max(2100),
    warranty: text,
    rating: z.object({ value: z.number().min(1).max(5), count: z.number().int().positive(), source: text, url: httpUrl }),
  }),
  // What happens after a visitor sends a form: printed under both forms.
  reply: z.object({ promise: text, next: text }),
});

export const serviceSchema = <I extends ImageSchema>(img: I) =>
  z
    .object({
      id: z.number().int().min(0),
      slug,
      path: z.string(),
      name: text,
      title: text,
      subtitle: text,
      seoTitle: text.max(90),
      seoDescription: text.min(50).max(170),
      image: img,
      imageAlt: text,
      options: z.array(text).length(4),
      // Paragraphs separated by a blank line.
      description: text.min(200),
    })
    .refine((s) => s.path === `/services/${s.slug}`, { message: "path must be /services/<slug>", path: ["path"] });

export const reviewSchema = <I extends ImageSchema>(img: I) =>
  z.object({
    id: slug,
    name: text,
    joinDate: isoDate,
    reviewDate: isoDate,
    rating: z.number().int().min(1).max(5),
    shortText: text.max(80),
    reviewText: text,
    helpfulCount: z.number().int().min(0),
    profileImage: img,
    /** Where the review was posted (e.g. Google), shown beside it, with a link to it when known. */
    source: text,
    sourceUrl: httpUrl.optional(),
    /** Sample content of the seed: labelled as such on the page, listed by the launch checklist. */
    sample: z.boolean().default(false),
    order,
  });

/** Most pictures a gallery project shows: its cover and up to 11 more. */
export const MAX_PROJECT_PHOTOS = 12;

/** A project card: the company replaces the sample projects with its own photos and facts. */
export const gallerySchema = <I extends ImageSchema>(img: I) =>
  z.object({
    id: slug,
    title: text,
    place: text,
    scope: text,
    weeks: z.number().int().positive(),
    materials: text,
    /** The cover picture and its alt text. */
    image: img,
    alt: text,
    /** More pictures of the same job, each with its alt text. */
    photos: z.array(z.object({ image: img, alt: text })).max(MAX_PROJECT_PHOTOS - 1, `at most ${MAX_PROJECT_PHOTOS} photos per project`).default([]),
    service: slug,
    /** Shown on the landing page. */
    featured: z.boolean().default(false),
    /** A sample project of the seed (a rendering): labelled as such, listed by the launch checklist. */
    sample: z.boolean().default(false),
    order,
  });

/** About seals: their words come from site.json `proof`, so each kind is one of these. */
export const badgeSchema = z.object({ id: z.enum(["licensed", "insured", "warranty", "rated", "founded"]), title: text, order });

export const aboutSchema = <I extends ImageSchema>(img: I) =>
  z.object({
    headline: text,
    intro: text,
    paragraphs: z.array(text).min(1),
    values: z.array(z.object({ title: text, text })).min(1),
    photo: img,
    photoAlt: text,
  });

export const legalSchema = z.object({
  id: z.enum(["privacy", "terms"]),
  title: text,
  lastUpdated: isoDate,
  summary: text,
  sections: z.array(z.object({ heading: text, body: text })).min(1),
  externalLinks: z.array(z.object({ label: text, url: httpUrl })).min(1),
});

/** Sorts entries of an ordered collection back into file order. */
export function inFileOrder<T extends { data: { order?: number } }>(entries: T[]): T["data"][] {
  return [...entries].sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0)).map((e) => e.data);
}
