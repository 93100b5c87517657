/**
 * A visitor's phone number as people write it — `(239) 555-0142 ext. 12`, `239-555-0142 x12`,
 * `+44 20 7946 0958` — parsed by libphonenumber-js into E.164 plus the extension. Numbers without a
 * country code are read as US ones: the company works in Cape Coral, FL.
 *
 * Server only: the library and its metadata are ~120 KB of script (30 KB gzipped), too much for
 * the public forms, which keep the light check in src/lib/lead-schemas.ts.
 */
import { parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from "libphonenumber-js/min";

export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

export interface ParsedPhone {
  /** The number in E.164: `+12395550142`. */
  e164: string;
  /** The extension's digits (`12`), or null. */
  ext: string | null;
}

const parse = (typed: string) => parsePhoneNumberFromString(typed.trim(), { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });

/** The number in E.164 plus its extension, or null when `typed` is not a valid phone number. */
export function parsePhone(typed: string): ParsedPhone | null {
  const n = parse(typed);
  return n?.isValid() ? { e164: n.number, ext: n.ext || null } : null;
}

/** Why `typed` is not a phone number we can call back, in the words a form shows; null when it is one. */
export function phoneProblem(typed: string): string | null {
  if (parsePhone(typed)) return null;
  // A US number without its area code (555-0142) is the likeliest slip: say what is missing.
  if (validatePhoneNumberLength(typed.trim(), DEFAULT_PHONE_COUNTRY) === "TOO_SHORT") return "is too short: include the area code";
  return "is not a phone number";
}

/** Whether `written` (a number as someone typed it elsewhere, e.g. in the CRM) is exactly `p`: same E.164, same extension. */
export function samePhone(p: ParsedPhone, written: unknown): boolean {
  const other = typeof written === "string" ? parsePhone(written) : null;
  return !!other && other.e164 === p.e164 && other.ext === p.ext;
}

/**
 * The ways people commonly write `p` (without its extension): E.164, the national digits, the
 * national format and, for North American numbers, the dashed form: `+12395550142`, `2395550142`,
 * `(239) 555-0142`, `239-555-0142`. For a text search in a system that stores numbers as typed.
 */
export function writtenForms(p: ParsedPhone): string[] {
  const n = parsePhoneNumberFromString(p.e164);
  if (!n) return [p.e164];
  const national = n.formatNational();
  const forms = [p.e164, String(n.nationalNumber), national];
  if (n.countryCallingCode === "1") forms.push(national.replace(/^\((\d{3})\) /, "$1-"));
  return [...new Set(forms)];
}
