/**
 * Texts to a visitor about their request (issue 34, decision 17): the consent the quote and inquiry
 * forms ask for, word for word, and the shapes the server and the dashboard share. No imports:
 * the forms' bundles load it.
 *
 * The wording is versioned. A form sends the version it showed (`smsConsentVersion`) and the server
 * stores it with the consent, with the text of that version as the server renders it, so what a
 * visitor agreed to can always be shown. Never change a published version's text: add a new version,
 * make it SMS_CONSENT_VERSION, and keep the old one in SMS_CONSENT_WORDINGS (a request saved on a
 * phone while offline may still arrive with it).
 */

/** At most this many automated texts about one request (the consent says so). */
export const SMS_MAX_PER_REQUEST = 2;

export interface SmsConsentWording {
  /** The checkbox's label (short: it is the control's accessible name). */
  label: string;
  /** The disclosure printed under it (the checkbox's description), before the privacy link. */
  terms: string;
  /** The link to the privacy page at its end. */
  privacy: string;
  /** Where that link goes: the privacy page in the wording's language. */
  privacyPath: string;
}

/** Every consent wording ever shown, by version. */
export const SMS_CONSENT_WORDINGS = {
  "2026-11-27": (company: string): SmsConsentWording => ({
    label: "Text me about this request",
    terms:
      `By ticking this box, I agree that ${company} may send automated text messages about this request to the mobile number I entered. ` +
      `Consent is not a condition of purchase. Up to ${SMS_MAX_PER_REQUEST} messages per request. Msg & data rates may apply. ` +
      "Reply STOP to opt out, HELP for help.",
    privacy: "Privacy Policy",
    privacyPath: "/privacy",
  }),
  // The same consent in Spanish (issue 37): a Spanish page asks in Spanish (TCPA: the consent in the language of the page).
  "2026-12-07-es": (company: string): SmsConsentWording => ({
    label: "Envíenme mensajes de texto sobre esta solicitud",
    terms:
      `Al marcar esta casilla, acepto que ${company} me envíe mensajes de texto automatizados sobre esta solicitud al número de celular que escribí. ` +
      `El consentimiento no es una condición de compra. Hasta ${SMS_MAX_PER_REQUEST} mensajes por solicitud. Pueden aplicarse tarifas por mensajes y datos. ` +
      "Responda STOP para no recibir más mensajes y HELP para pedir ayuda.",
    privacy: "Política de privacidad",
    privacyPath: "/es/privacy",
  }),
} as const;

export type SmsConsentVersion = keyof typeof SMS_CONSENT_WORDINGS;
export const SMS_CONSENT_VERSIONS = Object.keys(SMS_CONSENT_WORDINGS) as [SmsConsentVersion, ...SmsConsentVersion[]];
/** The wording the forms show now (English pages). */
export const SMS_CONSENT_VERSION: SmsConsentVersion = "2026-11-27";
/** The wording the forms show now, by the page's language. */
export const SMS_CONSENT_VERSION_BY_LANGUAGE: Record<"en" | "es", SmsConsentVersion> = { en: SMS_CONSENT_VERSION, es: "2026-12-07-es" };

/** The consent of `version` as one plain text (what is stored with the consent record). */
export function smsConsentText(version: SmsConsentVersion, company: string): string {
  const w = SMS_CONSENT_WORDINGS[version](company);
  return `${w.label}. ${w.terms} ${w.privacy}: ${w.privacyPath}`;
}

/** Where the privacy policy is (linked from the consent). */
export const PRIVACY_PATH = "/privacy";

/**
 * Where the text about a lead stands, as the lead card shows it: 'queued' (waiting to go, or to be
 * retried), 'sent' (Twilio took it), 'failed' (given up: a landline, Twilio refused it, or too late
 * for what it promised), 'opted-out' (the number replied STOP), 'preview' (a deploy preview never
 * texts), or null (no text for this lead: no consent, or that number already got today's text).
 */
export type SmsState = "queued" | "sent" | "failed" | "opted-out" | "preview";

/** `sms` of a lead in GET admin/leads (read-only). */
export interface LeadSms {
  /** The visitor ticked 'Text me about this request' (a consent record is stored). */
  consent: boolean;
  state: SmsState | null;
}
