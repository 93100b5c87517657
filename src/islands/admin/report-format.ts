/** How the reports write what they show in Hebrew: a source's name, a share, a business duration, the office's hours. */
import type { BusinessHours, ReportGrouping, SourceKey } from "../../lib/contracts/reports.ts";
import { LOCALE, formatNumber } from "./format.ts";
import { he } from "./strings.ts";

const percent = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 1 });
/** 33.3% */
export const formatPercent = (share: number) => percent.format(share);

/** A source's special bucket in Hebrew ('ללא תגיות UTM', 'ישירה'), or null for a source with values. */
export const specialLabel = (group: ReportGrouping, k: SourceKey) => (k.special ? (he.reports.sources.special[group]?.[k.special] ?? k.special) : null);

/** A source as one line (the chart's legend): google / cpc / docks, a page, a host, or its Hebrew bucket. */
export function sourceName(group: ReportGrouping, k: SourceKey): string {
  return specialLabel(group, k) ?? k.keys.map((v) => v ?? he.reports.sources.missing).join(" / ");
}

/** Business seconds as an office worker says them: 45 דק׳, 3 שע׳ ו-20 דק׳, 68 שע׳. */
export function formatDuration(seconds: number): string {
  const d = he.reports.duration;
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return d.underMinute;
  if (minutes < 60) return d.minutes(formatNumber(minutes));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? d.hoursMinutes(formatNumber(h), formatNumber(m)) : d.hours(formatNumber(h));
}

const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: "long", timeZone: "UTC" });
const list = new Intl.ListFormat("he", { type: "conjunction" });
// 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
const dayName = (iso: number) => weekday.format(new Date(Date.UTC(2024, 0, iso)));

/** The office's days: 'מיום שני עד יום שישי' for a run of days, else a list. */
export function formatDays(days: number[]): string {
  const run = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1] + 1);
  return run ? `מ${dayName(days[0])} עד ${dayName(days.at(-1)!)}` : list.format(days.map(dayName));
}

/** The zone's name as Hebrew readers know it (שעון החוף המזרחי), or its IANA name. */
export function zoneName(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

export const hoursText = (h: BusinessHours) => he.reports.speed.hours(formatDays(h.days), h.opens, h.closes, zoneName(h.timeZone));
