/** A visit's time in words, in Cape Coral's zone (e-mails, texts, the lead's message); in Spanish for a Spanish visitor (issue 37). */
import type { Locale } from "../../lib/i18n/locales.ts";
import { visitFormat } from "../../lib/i18n/visits.ts";

const LONG = { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" } as const;
const SHORT = { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
/** Spanish: Intl may write no-break spaces in "a. m.": ordinary ones in a mail or a text (English as it always was). */
const plain = (s: string, locale: Locale) => (locale === "en" ? s : s.replace(/[\u202f\u00a0]/g, " "));

/** "Tuesday, November 3, 2026 at 10:00 AM", "martes, 3 de noviembre de 2026, 10:00 a.m.". */
export const spokenSlot = (start: Date, locale: Locale = "en") => plain(visitFormat(locale, LONG).format(start), locale);
/** "Tue, Nov 3, 10:00 AM", "mar, 3 de nov, 10:00 a.m." (a text message). */
export const shortSlot = (start: Date, locale: Locale = "en") => plain(visitFormat(locale, SHORT).format(start), locale);
