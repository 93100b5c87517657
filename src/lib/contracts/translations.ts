/**
 * The Spanish the office writes beside the English (decision 20, issue 37). Each entry of the site's
 * content (the company, the about page, a service, a review, a project, a seal, a legal page) and each
 * product keeps its Spanish in `es`: one text per English text, by the English text's path inside the
 * entry ("title", "options.2", "sections.0.body"). A text with no Spanish yet is shown in English,
 * marked lang="en", and listed in the launch checklist; nothing is translated by a machine.
 *
 * `esSample`: the entry's Spanish is the seed's sample translation, which the office checks and
 * then unticks (listed in the launch checklist until then), as it does for the sample reviews.
 *
 * No imports: the schemas (src/content-schemas.ts), the pages, the server and the back office's
 * editor all read it.
 */

/** An entry's Spanish: English text path → Spanish text. */
export type Spanish = Record<string, string>;

/** Which texts of each kind of entry have a Spanish version (`*`: every item of a list). */
export const TRANSLATABLE = {
  site: ["tagline", "hours.label", "stats.projectsLabel", "proof.licenses.*.label", "proof.insurance", "proof.warranty", "reply.promise", "reply.next", "catalogue.installation"],
  about: ["headline", "intro", "paragraphs.*", "values.*.title", "values.*.text", "photoAlt", "team.*.role", "team.*.bio", "team.*.photoAlt"],
  services: ["name", "title", "subtitle", "seoTitle", "seoDescription", "imageAlt", "options.*", "description", "answers.permits", "answers.lifespan", "answers.costs"],
  reviews: ["shortText", "reviewText"],
  gallery: ["title", "place", "scope", "materials", "alt", "photos.*.alt", "beforeAlt"],
  badges: ["title"],
  legal: ["title", "summary", "sections.*.heading", "sections.*.body", "externalLinks.*.label"],
  products: ["name", "description", "color"],
} as const satisfies Record<string, readonly string[]>;

export type TranslatableKind = keyof typeof TRANSLATABLE;

/** Whether `path` ("sections.3.body") is one of `patterns` ("sections.*.body"). */
export function isTranslatable(path: string, patterns: readonly string[]): boolean {
  const parts = path.split(".");
  return patterns.some((p) => {
    const want = p.split(".");
    return want.length === parts.length && want.every((w, i) => (w === "*" ? /^\d+$/.test(parts[i]) : w === parts[i]));
  });
}

/** Every translatable English text of `value` with its path, in the entry's order ("options.2"). */
export function englishTexts(value: unknown, patterns: readonly string[]): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const pattern of patterns) {
    const walk = (v: unknown, rest: string[], at: string[]) => {
      if (!rest.length) {
        if (typeof v === "string" && v.trim()) out.push({ path: at.join("."), text: v });
        return;
      }
      const [head, ...tail] = rest;
      if (head === "*") {
        if (Array.isArray(v)) v.forEach((item, i) => walk(item, tail, [...at, String(i)]));
      } else if (v && typeof v === "object" && !Array.isArray(v)) walk((v as Record<string, unknown>)[head], tail, [...at, head]);
    };
    walk(value, pattern.split("."), []);
  }
  return out;
}

/** The English texts of `value` that have no Spanish in `es` (their paths). */
export function missingSpanish(value: unknown, es: Spanish | undefined, patterns: readonly string[]): string[] {
  return englishTexts(value, patterns)
    .filter((t) => !es?.[t.path]?.trim())
    .map((t) => t.path);
}

/** A copy of `value` with `text` at `path` (only where the English has a string). */
function put(value: unknown, parts: string[], text: string): unknown {
  const [head, ...tail] = parts;
  if (Array.isArray(value)) {
    const i = Number(head);
    if (!Number.isInteger(i) || i < 0 || i >= value.length) return value;
    const copy = [...value];
    copy[i] = tail.length ? put(value[i], tail, text) : typeof value[i] === "string" ? text : value[i];
    return copy;
  }
  if (value && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    if (!(head in obj)) return value;
    return { ...obj, [head]: tail.length ? put(obj[head], tail, text) : typeof obj[head] === "string" ? text : obj[head] };
  }
  return value;
}

export interface Localized<T> {
  /** The entry with each text in the page's language where it has one. */
  data: T;
  /** The paths still in English on a Spanish page (marked lang="en" there). */
  english: Set<string>;
}

/**
 * `value` as a page in `locale` shows it: on a Spanish page each translatable text is its Spanish
 * where the office wrote one, else the English (its path in `english`). An English page gets the
 * value as it is.
 */
export function localize<T>(value: T, locale: "en" | "es", patterns: readonly string[]): Localized<T> {
  if (locale === "en") return { data: value, english: new Set() };
  const es = (value as { es?: Spanish } | null)?.es ?? {};
  let data: unknown = value;
  const english = new Set<string>();
  for (const { path } of englishTexts(value, patterns)) {
    const text = es[path]?.trim();
    if (text) data = put(data, path.split("."), text);
    else english.add(path);
  }
  return { data: data as T, english };
}

/** lang="en" for a text still in English on a Spanish page, nothing otherwise (an Astro/JSX attribute). */
export const langOf = (l: { english: Set<string> }, path: string): "en" | undefined => (l.english.has(path) ? "en" : undefined);
