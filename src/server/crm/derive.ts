/**
 * The CRM lead's person fields, derived from what the visitor typed.
 *
 * Spec §5 derived the first name from the e-mail's local part and put the whole full name in the
 * last name, so a salesperson read "First: anchor bay owner, Last: Ann Anchor". Issue 25 replaces
 * that: the names come from the full name, split below; the e-mail's local part (or 'ANONYMOUS' for
 * an 'anon_' address, as the spec said) is used only when no name was given. Zoho requires
 * Last_Name, so a one-word name, or the e-mail's words, go there and First_Name stays empty.
 */

/** Both the CRM lead's company and its lead source: the coastal marine contact form's label. */
export const LEAD_SOURCE = "COASTAL_MARINE_INQUIRY";
export const NO_PHONE = "NOT_PROVIDED";

export interface CrmLeadFields {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  leadSource: string;
  phone: string;
}

/** Generational suffixes that belong with the surname: "Martin Luther King Jr." → last "King Jr.". */
const SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;
/** Lower-case surname particles: "Ludwig van Beethoven" → last "van Beethoven", "Ana de la Cruz" → "de la Cruz". */
const PARTICLES = new Set(["van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "dos", "das", "bin", "ibn", "al"]);

/**
 * First and last name from a full name: the last word is the last name (with a suffix before it
 * and any lower-case particles), the words before it the first name: "Mary Ann Smith" → "Mary Ann"
 * / "Smith". One word is a last name only. People who write their surname first are not guessed at:
 * the salesperson sees both parts and the full name in the record either way.
 */
export function splitName(fullName: string): { first: string; last: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: "", last: words[0] ?? "" };
  let start = words.length - 1;
  if (SUFFIX.test(words[start]) && start > 1) start--;
  while (start > 1 && PARTICLES.has(words[start - 1])) start--;
  return { first: words.slice(0, start).join(" "), last: words.slice(start).join(" ") };
}

/** The e-mail's local part as words ("jane.doe" → "jane doe"), or 'ANONYMOUS' for an 'anon_' address (spec §5). */
function emailWords(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf("@"))) || email;
  return local.startsWith("anon_") ? "ANONYMOUS" : local.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * The phone the CRM gets: E.164 with the extension (`+12395550142 ext. 12`) when the number was
 * read, so a search and a dialler both find it; else as typed; 'NOT_PROVIDED' when empty (spec §5).
 */
export function crmPhone(input: { phone?: string; phoneE164?: string | null; phoneExt?: string | null }): string {
  if (input.phoneE164) return input.phoneExt ? `${input.phoneE164} ext. ${input.phoneExt}` : input.phoneE164;
  return input.phone?.trim() || NO_PHONE;
}

export function deriveLead(input: { email: string; fullName?: string; phone?: string; phoneE164?: string | null; phoneExt?: string | null }): CrmLeadFields {
  const name = (input.fullName ?? "").trim();
  const { first, last } = name ? splitName(name) : { first: "", last: emailWords(input.email) };
  return {
    email: input.email,
    firstName: first,
    lastName: last || input.email,
    company: LEAD_SOURCE,
    leadSource: LEAD_SOURCE,
    phone: crmPhone(input),
  };
}
