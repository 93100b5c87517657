/**
 * The bodies of POST /api/public/contact (quote request) and POST /api/public/inquiry (product
 * inquiry). Shared by the server (validation) and the form islands (types), so both agree.
 * Unknown fields are refused; every string is bounded and must be text Postgres can store.
 * The server adds the strict phone parse (src/server/leads/schemas.ts).
 */
import { z } from "zod";
import { DETAILS_MAX, PHONE_MAX, PHOTO_MAX_COUNT, UTM_KEYS, UTM_MAX, type UtmKey } from "./contracts/lead.ts";
import { PRODUCT_ID_SHAPE } from "./contracts/product.ts";
import { SMS_CONSENT_VERSIONS } from "./contracts/sms.ts";
import { LOCALES } from "./i18n/locales.ts";
import { hasControlChars } from "./text.ts";

// Control characters other than tab/newline (src/lib/text.ts), and unpaired surrogates, have no
// place in a form field and some (NUL, lone surrogates) cannot even be stored in Postgres text or jsonb.
const LINE_BREAK = /[\r\n]/;

function text(max: number, opts: { min?: number; multiline?: boolean } = {}) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.isWellFormed() && !hasControlChars(s), "contains characters that are not allowed")
    .refine((s) => opts.multiline || !LINE_BREAK.test(s), "must be a single line")
    .transform((s) => s.trim())
    .refine((s) => s.length >= (opts.min ?? 0), opts.min ? "is required" : "is too short");
}

/**
 * A phone number's light check: one line of at most PHONE_MAX characters with a digit in it. The
 * server parses it strictly (src/server/phone/parse.ts: extensions, international numbers); this
 * check must never refuse what that parse accepts, so it stays this loose.
 */
const phone = text(PHONE_MAX).refine((s) => s === "" || /\d/.test(s), "is not a phone number");

export const email = text(254, { min: 3 }).pipe(z.email("is not a valid e-mail address"));

const utmValue = () => text(UTM_MAX).optional();
/** One optional bounded text per UTM key. */
const utmShape = () => Object.fromEntries(UTM_KEYS.map((k) => [k, utmValue()])) as Record<UtmKey, ReturnType<typeof utmValue>>;

/** Where the visitor came from: filled by the form, never shown to them. */
export const sourceFields = {
  /** Honeypot: a field people never see; bots fill it. */
  website: text(200).optional(),
  /** When the form was first shown (ms since epoch, the browser's clock). */
  startedAt: z.number().int().nonnegative().max(8.64e15).optional(),
  page: text(500).optional(),
  /** The first page of the visit (its path and query), where the form's page is only the last. */
  landing: text(500).optional(),
  referrer: text(1000).optional(),
  utm: z.object(utmShape()).strict().optional(),
  /** The language of the page it was sent from (issue 37): the visitor's e-mail and text are in it. */
  language: z.enum(LOCALES, "is not a language of this site").optional(),
};

/**
 * 'Text me about this request' (issue 34): ticked, and the version of the consent wording the form
 * showed (src/lib/contracts/sms.ts). Unticked is false or absent. The server requires a phone it can
 * text with it (src/server/leads/schemas.ts).
 */
export const smsConsentFields = {
  smsConsent: z.boolean().optional(),
  smsConsentVersion: z.enum(SMS_CONSENT_VERSIONS, "is not a consent wording this site has shown").optional(),
};

export const quoteRequestSchema = z
  .object({
    fullName: text(120, { min: 1 }),
    email,
    phone: phone.refine((s) => s !== "", "is required"),
    address: text(300).optional(),
    /** The chosen service's title, or the visitor's own words when 'Other'. */
    subject: text(200, { min: 1 }),
    /** 'Project details': what the job is, in the visitor's words (stored as the lead's message). */
    details: text(DETAILS_MAX, { multiline: true }).optional(),
    /** How many photos the browser will upload with the answer's photo token. */
    photos: z.number().int("must be a whole number").min(0, "must be 0 or more").max(PHOTO_MAX_COUNT, `must be at most ${PHOTO_MAX_COUNT}`).optional(),
    /**
     * The /estimate answers the request was sent with (issue 36): the server recomputes the
     * estimate from them with the live price rules (src/server/leads/estimate.ts), never a figure
     * from the browser. Checked field by field on the server (src/lib/estimate.ts parseAnswers).
     */
    estimate: z
      .record(z.string().max(40), z.union([z.string().max(40), z.number()]))
      .refine((o) => Object.keys(o).length <= 16, "has too many answers")
      .optional(),
    ...smsConsentFields,
    ...sourceFields,
  })
  .strict();

export const inquirySchema = z
  .object({
    fullName: text(120, { min: 1 }),
    email,
    productId: z.string().regex(PRODUCT_ID_SHAPE, "is not a product id"),
    productName: text(200).optional(),
    phone: phone.optional(),
    subject: text(200).optional(),
    message: text(DETAILS_MAX, { multiline: true }).optional(),
    ...smsConsentFields,
    ...sourceFields,
  })
  .strict();

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type Inquiry = z.infer<typeof inquirySchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type InquiryInput = z.input<typeof inquirySchema>;
