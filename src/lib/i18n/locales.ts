/**
 * The site's two languages (decision 20): English at `/`, Spanish at `/es/` (astro.config.mjs
 * `i18n`). One set of path rules for the pages, the islands and the server, so a link, the
 * language switcher, the hreflang alternates and the sitemap always agree. No imports: the islands
 * and the head's inline script load it.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (v: unknown): v is Locale => v === "en" || v === "es";

/** Tags for Intl (dates, numbers, prices): US English and US Spanish. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** Each language in its own words (the switcher) and in Hebrew (the back office). */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", es: "Español" };
export const LANGUAGE_NAME_HE: Record<Locale, string> = { en: "אנגלית", es: "ספרדית" };

/** Where the visitor's choice of language is kept (localStorage): set only by the switcher. */
export const LANGUAGE_KEY = "lang";

/**
 * The English pages that have a Spanish version, by their path. Account and staff screens stay
 * English (and Hebrew) only; /landing is the same page as /.
 */
const TRANSLATED = /^\/(?:about|services(?:\/[^/]+)?|gallery|products(?:\/[^/]+)?|contact|estimate|book(?:\/change)?|terms|privacy)$/;

const trim = (p: string) => p.replace(/\/+$/, "") || "/";

/** The language of the page at `pathname`. */
export function localeOfPath(pathname: string): Locale {
  return /^\/es(?:\/|$)/.test(pathname) ? "es" : "en";
}

/** The English path of a page ("/es/about" → "/about", "/es" → "/"). */
export function englishPath(pathname: string): string {
  return localeOfPath(pathname) === "es" ? trim(pathname.slice(3) || "/") : trim(pathname);
}

/** Whether the English page at `pathname` has a Spanish version. */
export function hasSpanish(pathname: string): boolean {
  const p = englishPath(pathname);
  return p === "/" || p === "/landing" || TRANSLATED.test(p);
}

/**
 * The same page in `locale`, or null when it has none there ("/about" → "/es/about", "/landing"
 * → "/es", "/es/gallery" → "/gallery", "/login" → null for Spanish).
 */
export function pagePath(pathname: string, locale: Locale): string | null {
  const en = englishPath(pathname);
  if (locale === "en") return en;
  if (!hasSpanish(en)) return null;
  return en === "/" || en === "/landing" ? "/es" : `/es${en}`;
}

/**
 * A link from a page in `locale` ("/contact#quote", "/products/x?y=1"): to the same place in that
 * language where it has one, else the link as it is (an account screen, an API, another site).
 */
export function localHref(href: string, locale: Locale): string {
  if (locale === "en" || !href.startsWith("/") || href.startsWith("//")) return href;
  const at = href.search(/[?#]/);
  const path = at < 0 ? href : href.slice(0, at);
  const rest = at < 0 ? "" : href.slice(at);
  return (pagePath(path, locale) ?? path) + rest;
}
