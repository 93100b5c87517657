/**
 * Prices are display text ("$1,299", "$45 – $90", "" for call-for-price). Sorting uses the low
 * and high dollar amounts found in that text. Shared by the server (stored low/high) and the
 * browser (sorting the catalogue), so both always agree.
 */
export interface PriceRange {
  low: number;
  high: number;
}

/** The most a price field may hold, so a typo cannot make an absurd number. */
export const MAX_PRICE_TEXT = 60;
const MAX_AMOUNT = 10_000_000;

// An amount: 1,299 or 1299 or 1299.5 or 12.99, optionally after a dollar sign.
const DOLLAR_AMOUNT = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)/g;
const PLAIN_AMOUNT = /(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\d])/g;

function amounts(text: string, re: RegExp): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(re)) {
    const whole = Number(m[1].replaceAll(",", ""));
    const cents = m[2] ? Number(m[2].padEnd(2, "0")) / 100 : 0;
    const value = whole + cents;
    if (Number.isFinite(value) && value <= MAX_AMOUNT) out.push(value);
  }
  return out;
}

/**
 * The low and high dollar amounts in a price text, or null when it names none ("", "Call us").
 * Amounts written with a dollar sign win; without any, plain numbers count ("1200-2400").
 */
export function parsePrice(text: string | null | undefined): PriceRange | null {
  if (!text) return null;
  const found = text.includes("$") ? amounts(text, DOLLAR_AMOUNT) : amounts(text, PLAIN_AMOUNT);
  if (!found.length) return null;
  return { low: Math.min(...found), high: Math.max(...found) };
}

/** Formats a dollar amount the way the catalogue shows it: "$1,299" or "$12.50". */
export function formatDollars(value: number): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/**
 * What the editor stores for a typed price (spec §5: empty stays empty, otherwise a decimal):
 * a bare number becomes "$1,299"; anything else (a range, "From $89") is kept as typed, trimmed.
 */
export function normalizePriceText(input: string | null | undefined): string {
  const text = (input ?? "").trim().replace(/\s+/g, " ");
  if (!text) return "";
  const bare = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (bare) return formatDollars(Number(bare[1].replaceAll(",", "")) + (bare[2] ? Number(bare[2].padEnd(2, "0")) / 100 : 0));
  return text;
}

/**
 * Orders by price: ascending by the low amount, descending by the high one; items with no
 * price go last in both directions; ties keep name order so the list never jumps.
 */
export function compareByPrice<T extends { name: string; price: string }>(dir: "asc" | "desc") {
  const cache = new Map<string, PriceRange | null>();
  const range = (t: string) => {
    if (!cache.has(t)) cache.set(t, parsePrice(t));
    return cache.get(t)!;
  };
  return (a: T, b: T): number => {
    const ra = range(a.price);
    const rb = range(b.price);
    if (!ra || !rb) return ra ? -1 : rb ? 1 : a.name.localeCompare(b.name);
    const d = dir === "asc" ? ra.low - rb.low || ra.high - rb.high : rb.high - ra.high || rb.low - ra.low;
    return d || a.name.localeCompare(b.name);
  };
}
