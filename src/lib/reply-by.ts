/**
 * When the office's reply promise ("within one business day", site.json `reply`) falls due for a
 * request received at a given instant: one working day of the published office hours (site.json
 * `hours`: days, opens, closes) counted from then, on Cape Coral's clock. A request on Friday evening
 * is due Monday at closing; one on Tuesday at 10:00 is due Wednesday at 10:00. Public holidays are
 * not published, so they are not counted. Pure, for the lead forms' confirmation (issue 39).
 */
import type { Locale } from "./i18n/locales.ts";
import { WEEK, weekOrder } from "./office-hours.ts";
import { addDays, isoWeekday, toMinutes, OFFICE_TIME_ZONE, wallClock, zonedInstant } from "./wall-clock.ts";

export interface OfficeHours {
  /** English day names, as the site's hours list them ("Monday"). */
  days: string[];
  /** "08:00". */
  opens: string;
  closes: string;
}

/** When the reply is due, or null when the hours describe no working time at all. */
export function replyBy(received: Date, hours: OfficeHours, zone = OFFICE_TIME_ZONE): Date | null {
  const opens = toMinutes(hours.opens);
  const closes = toMinutes(hours.closes);
  // ISO weekdays (1 Monday … 7 Sunday), as the clock gives them.
  const open = new Set(weekOrder(hours.days).map((d) => WEEK.indexOf(d) + 1));
  if (!(closes > opens) || !open.size) return null;
  const start = wallClock(received, zone);
  let left = closes - opens;
  for (let i = 0; i < 15; i++) {
    const date = addDays(start.date, i);
    if (!open.has(isoWeekday(date))) continue;
    const from = i === 0 ? Math.max(opens, start.minutes) : opens;
    const available = closes - from;
    if (available >= left) return zonedInstant(date, from + left, zone);
    if (available > 0) left -= available;
  }
  return null;
}

/** Intl may write a narrow no-break space before AM/PM: shown as an ordinary one. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

/**
 * The due time in the visitor's words, on Cape Coral's clock: "today by 5:00 PM", "tomorrow
 * (Wednesday) by 10:00 AM", "by 5:00 PM on Monday, November 30"; in Spanish on a Spanish page.
 */
export function replyByText(due: Date, now: Date, locale: Locale = "en", zone = OFFICE_TIME_ZONE): string {
  const tag = locale === "es" ? "es-US" : "en-US";
  const time = plain(new Intl.DateTimeFormat(tag, { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(due));
  const weekday = new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: "long" }).format(due);
  const day = plain(new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: "long", month: "long", day: "numeric" }).format(due));
  const days = Math.round((Date.parse(wallClock(due, zone).date) - Date.parse(wallClock(now, zone).date)) / 86_400_000);
  if (locale === "es") {
    const at = `${/^1:/.test(time) ? "antes de la" : "antes de las"} ${time}`;
    return days === 0 ? `hoy ${at}` : days === 1 ? `mañana (${weekday}) ${at}` : `el ${day.replace(",", "")}, ${at}`;
  }
  return days === 0 ? `today by ${time}` : days === 1 ? `tomorrow (${weekday}) by ${time}` : `by ${time} on ${day}`;
}
