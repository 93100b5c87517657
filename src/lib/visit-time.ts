/**
 * A visit's slot in words, always in Cape Coral's time (America/New_York), whatever the visitor's
 * device zone: "Tue, Nov 3", "8:00 AM", and the whole of it for a screen reader ("Tuesday,
 * November 3, 8:00 AM"); in Spanish on a Spanish page (issue 37: "jueves, 3 de diciembre de 2026
 * a las 11:00 a.m."). The booking page, the visitor's change page and their tests share it.
 */
import type { PublicSlot } from "./contracts/visits.ts";
import { visitFormat } from "./i18n/visits.ts";
import type { Locale } from "./i18n/locales.ts";

const WEEKDAY = { weekday: "short" } as const;
const MONTH_DAY = { month: "short", day: "numeric" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;
const LONG_DAY = { weekday: "long", month: "long", day: "numeric" } as const;
const LONG_DAY_YEAR = { weekday: "long", month: "long", day: "numeric", year: "numeric" } as const;
/** Every format a slot is shown in (the booking pages load their date data for these ahead: islands/visits/warm-intl.ts). */
export const SLOT_FORMATS: Intl.DateTimeFormatOptions[] = [WEEKDAY, MONTH_DAY, TIME, LONG_DAY, LONG_DAY_YEAR];

/** Intl may write a narrow no-break space before AM/PM: shown as an ordinary one. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");
const say = (slot: Pick<PublicSlot, "start">, opts: Intl.DateTimeFormatOptions, locale: Locale) => plain(visitFormat(locale, opts).format(new Date(slot.start)));

/** "Tue", "jue". */
export const weekdayOf = (slot: Pick<PublicSlot, "start">, locale: Locale = "en") => say(slot, WEEKDAY, locale);
/** "Nov 3", "3 dic". */
export const monthDayOf = (slot: Pick<PublicSlot, "start">, locale: Locale = "en") => say(slot, MONTH_DAY, locale);
/** "8:00 AM", "8:00 a.m.". */
export const timeOf = (slot: Pick<PublicSlot, "start">, locale: Locale = "en") => say(slot, TIME, locale);
/** "Tuesday, November 3", "martes, 3 de noviembre". */
export const dayOf = (slot: Pick<PublicSlot, "start">, locale: Locale = "en") => say(slot, LONG_DAY, locale);
/** "Tuesday, November 3, 2026 at 8:00 AM", "martes, 3 de noviembre de 2026 a las 8:00 a.m.". */
export const whenOf = (slot: Pick<PublicSlot, "start">, locale: Locale = "en") => `${say(slot, LONG_DAY_YEAR, locale)} ${locale === "es" ? (/^1:/.test(timeOf(slot, locale)) ? "a la" : "a las") : "at"} ${timeOf(slot, locale)}`;

/** Slots grouped by their local date, in order. */
export function byDay<T extends PublicSlot>(slots: T[]): { date: string; slots: T[] }[] {
  const days = new Map<string, T[]>();
  for (const s of slots) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  return [...days].map(([date, list]) => ({ date, slots: list }));
}
