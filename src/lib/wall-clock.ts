/**
 * Cape Coral's wall clock (America/New_York), daylight saving included: the office visits at
 * "10:00 on Tuesday" whatever the offset that day. Pure: instants in, local dates and minutes out,
 * and back. Every visit time is stored as an instant (timestamptz) computed here from its local
 * date and time, so a visit booked in October for a day in November keeps its 10:00. The lead
 * forms' reply promise (reply-by.ts) counts the office's hours on the same clock, in the browser.
 */

/**
 * The office's zone, Cape Coral's (decision 18): visit slots, office hours, the reply promise, the
 * reports' days and the per-day limits are all counted on it. The one place it is written.
 */
export const OFFICE_TIME_ZONE = "America/New_York";

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, at: Date): Record<string, string> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23", weekday: "short" });
    formatters.set(zone, f);
  }
  return Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
}

export interface WallClock {
  /** YYYY-MM-DD. */
  date: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  isoDay: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local date, weekday and minutes of `at` in `zone`. */
export function wallClock(at: Date, zone = OFFICE_TIME_ZONE): WallClock {
  const p = partsIn(zone, at);
  return {
    date: `${p.year}-${pad(Number(p.month))}-${pad(Number(p.day))}`,
    isoDay: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(p.weekday) + 1,
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

/** Minutes the zone's clocks are ahead of UTC at `at` (-240 in Cape Coral's summer, -300 in winter). */
export function offsetMinutes(at: Date, zone = OFFICE_TIME_ZONE): number {
  const p = partsIn(zone, at);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the clocks in `zone` read `minutes` past midnight on `date`, or null for a time that
 * does not exist that day (2:30 on the morning clocks spring forward). An hour that happens twice
 * (1:30 on the morning they fall back) is its first time.
 */
export function zonedInstant(date: string, minutes: number, zone = OFFICE_TIME_ZONE): Date | null {
  const [y, m, d] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  // The zone's offsets a few hours either side: one of them is the offset at the instant meant.
  const candidates = [-12, 0, 12]
    .map((h) => guess - offsetMinutes(new Date(guess + h * 3_600_000), zone) * 60_000)
    .sort((a, b) => a - b)
    .filter((t) => {
      const back = wallClock(new Date(t), zone);
      return back.date === date && back.minutes === minutes;
    });
  return candidates.length ? new Date(candidates[0]) : null;
}

/** `date` plus `n` days (calendar days: no zone involved). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** "HH:MM" → minutes since midnight. */
export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes since midnight → "HH:MM". */
export const toHhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** An instant as ISO 8601 with the zone's offset that day: "2026-03-10T10:00:00-04:00" (Zoho's date-times). */
export function isoWithOffset(at: Date, zone = OFFICE_TIME_ZONE): string {
  const off = offsetMinutes(at, zone);
  const local = new Date(at.getTime() + off * 60_000).toISOString().slice(0, 19);
  const sign = off < 0 ? "-" : "+";
  return `${local}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}
