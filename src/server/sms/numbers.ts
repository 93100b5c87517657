/**
 * Which numbers the site texts: US ones only (the 50 states and the territories: the TCPA's reach,
 * and the company's customers). A form's number elsewhere (a Caribbean +1 area code, Europe) is
 * refused with the consent, not texted: international texts cost many times more, and forms that
 * text whatever number they are given are what SMS-pumping fraud feeds on.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { DEFAULT_PHONE_COUNTRY } from "../phone/parse.ts";

const TEXTABLE: readonly CountryCode[] = ["US", "PR", "VI", "GU", "AS", "MP"];

/** The number to text (E.164, no extension), or null when `typed` is not a US number. */
export function textableNumber(typed: string): string | null {
  const n = parsePhoneNumberFromString(typed.trim(), { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });
  if (!n?.isValid() || !n.country || !TEXTABLE.includes(n.country)) return null;
  return n.number;
}

/** Why the site will not text `typed` (for the form's phone field), or null. */
export function textableProblem(typed: string): string | null {
  return textableNumber(typed) ? null : "must be a US mobile number to get text messages (or untick 'Text me about this request')";
}
