/**
 * Shapes of everything in content/ (spec §3). Kept apart from content.config.ts so unit tests
 * and non-Astro code can validate the JSON without Astro's virtual modules. `img` is Astro's
 * image() helper at build time; tests pass a plain string schema.
 */
import { z } from "astro/zod";
import { TRANSLATABLE, isTranslatable } from "./lib/contracts/translations.ts";

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

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType };

/** The schema of the value at `path` ("sections.0.body") inside an object of `shape`, or null. */
function schemaAt(shape: Record<string, z.ZodType>, path: string): z.ZodType | null {
  let at: z.ZodType | null = z.object(shape);
  for (const part of path.split(".")) {
    // Through defaults, optionals and pipes to the object or list that holds the next part.
    while (at && ["default", "optional", "nullable", "pipe"].includes((at._zod.def as Def).type)) at = (at._zod.def as Def).innerType ?? (at._zod.def as Def).in ?? null;
    const def = at?._zod.def as Def | undefined;
    at = def?.type === "object" ? (def.shape?.[part] ?? null) : def?.type === "array" && /^\d+$/.test(part) ? (def.element ?? null) : null;
  }
  return at;
}

/**
 * An entry's Spanish (src/lib/contracts/translations.ts): each text keyed by the path of its English
 * one and checked by that field's own rule (no HTML, the same length limits), empty ones left out;
 * `esSample` marks the seed's sample translation until the office has checked it.
 */
function spanish(shape: Record<string, z.ZodType>, patterns: readonly string[]) {
  const es = z
    .record(z.string(), z.string())
    .transform((map) => Object.fromEntries(Object.entries(map).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : []))) as Record<string, string>)
    .superRefine((map, ctx) => {
      for (const [key, value] of Object.entries(map)) {
        const rule = isTranslatable(key, patterns) ? schemaAt(shape, key) : null;
        const problem = rule ? rule.safeParse(value).error?.issues[0]?.message : "this text has no Spanish version";
        if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
      }
    });
  return { es: es.default({}), esSample: z.boolean().default(false) };
}

/** The seed's statement of what a product's price covers (content/site.json `catalogue.installation`). */
export const INSTALLATION_STATEMENT =
  "Prices are for the product alone, unless its name says “Installed”. Our crews install everything we sell: ask, and we quote the installed price.";

const siteShape = {
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
  poweredBy: z.object({ name: text, url: httpUrl }),
  stats: z.object({ projects: z.number().int().positive(), projectsLabel: text, years: z.number().int().positive(), weeks: text }),
  // What a homeowner checks before calling a contractor; shown under the hero, in the footer and beside the forms.
  proof: z.object({
    // `lookup`: where a homeowner checks this license; the State of Florida's search when left out.
    licenses: z.array(z.object({ label: text, number: text, lookup: httpUrl.optional() })).min(1),
    insurance: text,
    founded: z.number().int().min(1900).max(2100),
    warranty: text,
    rating: z.object({ value: z.number().min(1).max(5), count: z.number().int().positive(), source: text, url: httpUrl }),
  }),
  // What happens after a visitor sends a form: printed under both forms.
  reply: z.object({ promise: text, next: text }),
  // Under every product's price (issue 39): what the price covers. One statement for the catalogue:
  // the office sells nearly everything without installation, and the exception says so in its name.
  // A site published before this field existed gets the seed's statement.
  catalogue: z.object({ installation: text }).default({ installation: INSTALLATION_STATEMENT }),
};
export const siteSchema = z.object({ ...siteShape, ...spanish(siteShape, TRANSLATABLE.site) });

const serviceShape = <I extends ImageSchema>(img: I) => ({
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
  /**
   * Short answers to what a homeowner asks about this service (issue 39): permits, how long it lasts,
   * what moves the price. Each is left out until the office writes it (the page then shows none).
   */
  answers: z.object({ permits: text.max(600).optional(), lifespan: text.max(600).optional(), costs: text.max(600).optional() }).default({}),
  /** The answers are the seed's sample answers: labelled sample on the page until the office confirms them. */
  answersSample: z.boolean().default(false),
});

export const serviceSchema = <I extends ImageSchema>(img: I) =>
  z
    .object({ ...serviceShape(img), ...spanish(serviceShape(img), TRANSLATABLE.services) })
    .refine((s) => s.path === `/services/${s.slug}`, { message: "path must be /services/<slug>", path: ["path"] });

const reviewShape = <I extends ImageSchema>(img: I) => ({
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
export const reviewSchema = <I extends ImageSchema>(img: I) => z.object({ ...reviewShape(img), ...spanish(reviewShape(img), TRANSLATABLE.reviews) });

/** Most pictures a gallery project shows: its cover and up to 11 more. */
export const MAX_PROJECT_PHOTOS = 12;

/** A project card: the company replaces the sample projects with its own photos and facts. */
const galleryShape = <I extends ImageSchema>(img: I) => ({
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
  /** The same place before the work, shown against the cover on the service's page (needs its alt text). */
  beforeImage: img.optional(),
  beforeAlt: text.optional(),
  service: slug,
  /** Shown on the landing page. */
  featured: z.boolean().default(false),
  /** A sample project of the seed (a rendering): labelled as such, listed by the launch checklist. */
  sample: z.boolean().default(false),
  order,
});
export const gallerySchema = <I extends ImageSchema>(img: I) => z.object({ ...galleryShape(img), ...spanish(galleryShape(img), TRANSLATABLE.gallery) });

/** About seals: their words come from site.json `proof`, so each kind is one of these. */
const badgeShape = { id: z.enum(["licensed", "insured", "warranty", "rated", "founded"]), title: text, order };
export const badgeSchema = z.object({ ...badgeShape, ...spanish(badgeShape, TRANSLATABLE.badges) });

/** Most people the about page shows. */
export const MAX_TEAM = 24;
const teamMember = <I extends ImageSchema>(img: I) =>
  z.object({
    name: text.max(60),
    role: text.max(60),
    bio: text.max(280),
    photo: img,
    photoAlt: text,
    /** A made-up person of the seed (a drawn portrait): labelled sample on the page, listed by the launch checklist. */
    sample: z.boolean().default(false),
  });

/** A project's "before" picture without its alt text (a list-level check: the project schema stays an object others can omit from). */
export function beforeNeedsAlt(items: { beforeImage?: unknown; beforeAlt?: string }[], ctx: z.RefinementCtx) {
  items.forEach((g, i) => {
    if (g.beforeImage && !g.beforeAlt) ctx.addIssue({ code: "custom", path: [i, "beforeAlt"], message: "describe the before picture for people who cannot see it" });
    if (!g.beforeImage && g.beforeAlt) ctx.addIssue({ code: "custom", path: [i, "beforeImage"], message: "choose the before picture, or clear its description" });
  });
}

const aboutShape = <I extends ImageSchema>(img: I) => ({
  headline: text,
  intro: text,
  paragraphs: z.array(text).min(1),
  values: z.array(z.object({ title: text, text })).min(1),
  photo: img,
  photoAlt: text,
  /** The owner and crew (issue 39): who the homeowner will meet. A seed member is a sample, labelled as such. */
  team: z.array(teamMember(img)).max(MAX_TEAM).default([]),
});
export const aboutSchema = <I extends ImageSchema>(img: I) => z.object({ ...aboutShape(img), ...spanish(aboutShape(img), TRANSLATABLE.about) });

const legalShape = {
  id: z.enum(["privacy", "terms"]),
  title: text,
  lastUpdated: isoDate,
  summary: text,
  sections: z.array(z.object({ heading: text, body: text })).min(1),
  externalLinks: z.array(z.object({ label: text, url: httpUrl })).min(1),
};
export const legalSchema = z.object({ ...legalShape, ...spanish(legalShape, TRANSLATABLE.legal) });

/** Sorts entries of an ordered collection back into file order. */
export function inFileOrder<T extends { data: { order?: number } }>(entries: T[]): T["data"][] {
  return [...entries].sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0)).map((e) => e.data);
}
