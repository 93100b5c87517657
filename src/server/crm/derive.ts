/**
 * The CRM lead's person fields, derived from what the visitor typed exactly as the spec §5 says.
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

/**
 * First name: the e-mail's local part with every non-alphanumeric turned into a space, or
 * 'ANONYMOUS' when that part starts with 'anon_'. Last name: the full name, or empty.
 * An empty phone becomes 'NOT_PROVIDED'.
 */
export function deriveLead(input: { email: string; fullName?: string; phone?: string }): CrmLeadFields {
  const local = input.email.slice(0, Math.max(0, input.email.lastIndexOf("@"))) || input.email;
  const firstName = local.startsWith("anon_") ? "ANONYMOUS" : local.replace(/[^\p{L}\p{N}]/gu, " ");
  return {
    email: input.email,
    firstName,
    lastName: (input.fullName ?? "").trim(),
    company: LEAD_SOURCE,
    leadSource: LEAD_SOURCE,
    phone: input.phone?.trim() || NO_PHONE,
  };
}
