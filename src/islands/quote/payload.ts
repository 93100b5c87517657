/**
 * The body of POST /api/public/contact (spec §3 quote request + the source fields the lead
 * endpoint uses against spam and for attribution), built from what the visitor typed.
 */
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
}

export interface VisitContext {
  startedAt: number;
  page: string;
  referrer: string;
  search: string;
  /** The honeypot input: people never see it, so it stays empty. */
  website: string;
}

const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** utm_source, utm_medium… of the address, each cut to 200 characters; absent ones left out. */
export function utmFrom(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const k of UTM_KEYS) {
    const v = params.get(`utm_${k}`)?.trim();
    if (v) utm[k] = v.slice(0, 200);
  }
  return utm;
}

/** The subject is the chosen service's title, or the free text when 'Other' is chosen. */
export function subjectOf(fields: Pick<QuoteFields, "service" | "other">): string {
  return (fields.service === OTHER ? fields.other : fields.service).trim();
}

export function quotePayload(fields: QuoteFields, ctx: VisitContext) {
  return {
    fullName: fields.fullName.trim(),
    email: fields.email.trim(),
    address: fields.address.trim(),
    phone: fields.phone.trim(),
    subject: subjectOf(fields),
    website: ctx.website,
    startedAt: Math.floor(ctx.startedAt),
    page: ctx.page.slice(0, 500),
    referrer: ctx.referrer.slice(0, 1000),
    utm: utmFrom(ctx.search),
  };
}

/** Fields after a successful send: all cleared, the e-mail back to the signed-in user's. */
export function clearedFields(storedEmail: string | null): QuoteFields {
  return { fullName: "", email: storedEmail ?? "", phone: "", address: "", service: "", other: "" };
}
