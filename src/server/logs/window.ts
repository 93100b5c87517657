/**
 * The time window the dashboard looks at: a day (YYYY-MM-DD in the admin's time zone) and a range
 * ending at now (today) or at the end of that day (a past day). "1d" is the whole selected day.
 */
import { z } from "zod";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";

export const RANGES = { "5m": "5 minutes", "1h": "1 hour", "4h": "4 hours", "1d": "1 day" } as const;
export type Range = keyof typeof RANGES;
export const DEFAULT_RANGE: Range = "1h";


/**
 * An IANA zone Postgres knows too: one this runtime lists (as browsers report them), or a canonical
 * name it does not list (UTC, Etc/GMT+5). Intl also takes legacy aliases that Postgres's zone data
 * no longer has (`US/Pacific-New`: "time zone not recognized", a 500 on the dashboard), so an alias
 * that is not listed is refused.
 */
const TIME_ZONES = new Set(Intl.supportedValuesOf("timeZone"));

function isTimeZone(tz: string): boolean {
  if (TIME_ZONES.has(tz)) return true;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone === tz;
  } catch {
    return false;
  }
}

/** Days the dashboard can look at: Postgres refuses year 0 ("0000-01-01"), and no log is that old. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function inYears(s: string): boolean {
  const year = Number(s.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Today's date (YYYY-MM-DD) in `tz`. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export const windowQuery = {
  range: z.enum(Object.keys(RANGES) as [Range, ...Range[]]).default(DEFAULT_RANGE),
  selectedDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD")
    .refine(isCalendarDate, "not a calendar date")
    .refine(inYears, `must be a day from ${FIRST_YEAR} to ${LAST_YEAR}`)
    .optional(),
  tz: z.string().max(64).refine(isTimeZone, "unknown time zone (an IANA name such as America/New_York)").default(OFFICE_TIME_ZONE),
};

export interface WindowInput {
  range: Range;
  selectedDate?: string;
  tz: string;
}

/**
 * SQL (with `$n` placeholders from `first`) computing the window's `from` and `to`, and its params.
 * Computed by Postgres so day boundaries follow the zone's daylight-saving rules.
 */
export function windowSql(w: WindowInput, first: number) {
  const [date, tz, span, wholeDay] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  const dayStart = `((${date}::date)::timestamp AT TIME ZONE ${tz}::text)`;
  const dayEnd = `((${date}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`;
  return {
    from: `CASE WHEN ${wholeDay}::boolean THEN ${dayStart} ELSE greatest(${dayStart}, least(now(), ${dayEnd}) - ${span}::text::interval) END`,
    to: dayEnd,
    params: [w.selectedDate ?? todayIn(w.tz), w.tz, RANGES[w.range], w.range === "1d"],
  };
}
