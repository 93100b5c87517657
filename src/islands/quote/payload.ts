/**
 * The body of POST /api/public/contact (spec §3 quote request), built from what the visitor typed
 * plus the hidden source fields of the visit (src/lib/lead-source.ts).
 */
import { detailsText } from "../../lib/contracts/lead";
import type { LeadSource } from "../../lib/lead-source";
import type { QuoteRequestInput } from "../../lib/lead-schemas";

export const OTHER = "Other";

export interface QuoteFields {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  /** A service title, OTHER, or "" when none is chosen. */
  service: string;
  /** The visitor's own words when the service is OTHER. */
  other: string;
  /** 'Project details' (issue 13): optional, multiline, at most DETAILS_MAX characters. */
  details: string;
}

/**
 * The quote body with issue 13's optional fields (the API contract): `details`, and how many
 * `photos` the browser will upload after the lead is stored (added by the outbox with the photos).
 */
export type QuoteBody = QuoteRequestInput & { details?: string; photos?: number };

/** The subject is the chosen service's title, or the free text when 'Other' is chosen. */
export function subjectOf(fields: Pick<QuoteFields, "service" | "other">): string {
  return (fields.service === OTHER ? fields.other : fields.service).trim();
}

export function quotePayload(fields: QuoteFields, source: LeadSource): QuoteBody {
  const details = detailsText(fields.details);
  return {
    fullName: fields.fullName.trim(),
    email: fields.email.trim(),
    address: fields.address.trim(),
    phone: fields.phone.trim(),
    subject: subjectOf(fields),
    ...(details ? { details } : {}),
    ...source,
  };
}

/** Fields after a successful send: all cleared, the e-mail back to the signed-in user's. */
export function clearedFields(storedEmail: string | null): QuoteFields {
  return { fullName: "", email: storedEmail ?? "", phone: "", address: "", service: "", other: "", details: "" };
}
