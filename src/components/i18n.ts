/**
 * What a component needs to speak the page's language (decision 20): the page's locale (its path:
 * /es/… is Spanish, astro.config.mjs `i18n`), the site's own words in it (src/lib/i18n/ui.ts),
 * links to the same pages in it, and its Intl tag for dates and numbers.
 */
import { INTL_LOCALE, localHref, localeOfPath, type Locale } from "../lib/i18n/locales";
import { ui, type UiStrings } from "../lib/i18n/ui";

export interface PageLang {
  locale: Locale;
  t: UiStrings;
  /** A site link in the page's language ("/contact" → "/es/contact" on a Spanish page). */
  href(path: string): string;
  /** en-US or es-US. */
  intl: string;
}

export function pageLang(astro: { url: URL }): PageLang {
  const locale = localeOfPath(astro.url.pathname);
  return { locale, t: ui(locale), href: (path) => localHref(path, locale), intl: INTL_LOCALE[locale] };
}

/** A date of the content (YYYY-MM-DD) in words, in the page's language. */
export function contentDate(iso: string, intl: string, opts: Intl.DateTimeFormatOptions): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString(intl, { timeZone: "UTC", ...opts });
}
