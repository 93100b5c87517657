/** Calendar days as YYYY-MM-DD (Cape Coral's dates, as the API names them): arithmetic and Hebrew names. */
import { wallClock } from "../../../lib/wall-clock.ts";

const utc = (ymd: string) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
};

export const addDays = (ymd: string, n: number) => new Date(utc(ymd).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** The Sunday that starts `ymd`'s week (the week starts on Sunday in Israel and in the US alike). */
export const weekStart = (ymd: string) => addDays(ymd, -utc(ymd).getUTCDay());

/** Today in Cape Coral. */
export const capeCoralToday = () => wallClock(new Date()).date;

const LONG = new Intl.DateTimeFormat("he-IL", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("he-IL", { weekday: "short", day: "numeric", month: "numeric", timeZone: "UTC" });
const DATE = new Intl.DateTimeFormat("he-IL", { day: "numeric", month: "numeric", year: "numeric", timeZone: "UTC" });

/** "יום שלישי, 3 בנובמבר". */
export const dayTitle = (ymd: string) => LONG.format(utc(ymd));
/** "יום ג׳, 3.11". */
export const dayShort = (ymd: string) => SHORT.format(utc(ymd));
/** "3.11.2026". */
export const dateText = (ymd: string) => DATE.format(utc(ymd));

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** "10:15" plus `minutes` → "11:15". */
export function endTime(hhmm: string, minutes: number): string {
  const total = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
