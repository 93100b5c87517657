/**
 * How the Hebrew back office writes numbers, dates and contact details: one locale (he-IL) for
 * every number and date, US phone numbers as Americans write them, and links that open the phone,
 * the mail program or a map.
 */
export const LOCALE = "he-IL";

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeStyle: "medium" });
const dateShort = new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeShort = new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
const timeOnly = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit" });
const number = new Intl.NumberFormat(LOCALE);

const asDate = (d: string | Date) => (d instanceof Date ? d : new Date(d));
/** 23.11.2026, 14:05:09 */
export const formatDateTime = (d: string | Date) => dateTime.format(asDate(d));
/** 23.11.2026 */
export const formatDate = (d: string | Date) => dateShort.format(asDate(d));
/** 23.11.2026, 14:05 */
export const formatDateTimeShort = (d: string | Date) => dateTimeShort.format(asDate(d));
/** 14:05 */
export const formatTime = (d: string | Date) => timeOnly.format(asDate(d));
/** 1,234 */
export const formatNumber = (n: number) => number.format(n);

/** A YYYY-MM-DD day (the log viewer's date) in he-IL: 23.11.2026. */
export function formatDay(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? dateShort.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : ymd;
}

const usDigits = (phone: string) => {
  const d = phone.replace(/\D/g, "");
  return d.length === 11 && d.startsWith("1") ? d.slice(1) : d;
};

/** A US number as Americans write it, (239) 555-0134; anything else as it was typed. */
export function formatPhone(phone: string): string {
  const d = usDigits(phone);
  if (d.length !== 10 || (phone.trim().startsWith("+") && !phone.trim().startsWith("+1"))) return phone.trim();
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * The tel: link for a lead's phone. With the number the server read (E.164 and extension) it dials
 * that, the extension after a comma: `tel:+12395550142,12`. A comma is a pause the phone's dialer
 * waits out and then keys the digits, which iOS and Android both do; RFC 3966's `;ext=12` is
 * dropped or dialled as part of the number by common dialers, so the extension would be lost.
 * Without it (older leads) it is +1 and ten digits for a US number, else the digits typed (with their +).
 */
export function telHref(phone: string, e164?: string | null, ext?: string | null): string | null {
  if (e164 && /^\+\d{6,15}$/.test(e164)) return `tel:${e164}${ext && /^\d+$/.test(ext) ? `,${ext}` : ""}`;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 3) return null;
  const d = usDigits(trimmed);
  if (d.length === 10 && !(trimmed.startsWith("+") && !trimmed.startsWith("+1"))) return `tel:+1${d}`;
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** A map search for a property address (opens the maps app on a phone). */
export const mapHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2, minimumFractionDigits: 0 });
/** $18,400 or $1,299.99: dollars as the office writes them (shown inside a left-to-right span). */
export const formatUsd = (n: number) => usd.format(n);

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
/** 'לפני 3 שעות', 'אתמול': how long ago `d` was, in its largest whole unit. */
export function formatAgo(d: string | Date, now = Date.now()): string {
  // ICU's Hebrew says 'לפני שעה (1)' for one hour: the words alone are right.
  return agoText(d, now).replace(/\s*\(1\)/, "");
}

function agoText(d: string | Date, now: number): string {
  const secs = Math.max(0, (now - asDate(d).getTime()) / 1000);
  if (secs < 3600) return relative.format(-Math.max(1, Math.floor(secs / 60)), "minute");
  if (secs < 86_400) return relative.format(-Math.floor(secs / 3600), "hour");
  if (secs < 30 * 86_400) return relative.format(-Math.floor(secs / 86_400), "day");
  return relative.format(-Math.floor(secs / (30 * 86_400)), "month");
}
