/**
 * A lead's text (issue 34, item 2): the visitor ticked 'Text me about this request', so the lead
 * is stored with a consent record (when, the wording's version and text, the page, the number it
 * covers) and, unless it is held as possible spam, its text is queued in the same transaction and
 * sent at once after the answer (the sms outbox retries it). A held lead's text is queued when the
 * office releases it ('Not spam'): a form that texts any number a bot types in is what SMS-pumping
 * fraud looks for.
 *
 * The text is src/server/sms/template.ts's fixed template: nothing the visitor typed reaches it.
 */
import type { Db, Queryable } from "../db/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { readPublishedPart } from "../content/read.ts";
import { loadServices } from "../content/services.ts";
import { businessHours } from "../reports/hours.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";
import { textableNumber } from "../sms/numbers.ts";
import { callbackAt, leadText, localDay, serviceOf } from "../sms/template.ts";
import { deliverTextsNow, queueText } from "../sms/outbox.ts";
import { smsConsentText, type LeadSms, type SmsConsentVersion, type SmsState } from "../../lib/contracts/sms.ts";
import type { LeadKind } from "../../lib/contracts/lead.ts";

const FALLBACK_NAME = "Coastal Marine Construction";

/** The consent a lead body carries: the wording's version when the box was ticked, else null. */
export function smsConsentOf(body: { smsConsent?: boolean; smsConsentVersion?: SmsConsentVersion; phone?: string }): SmsConsentVersion | null {
  return body.smsConsent && body.smsConsentVersion && body.phone ? body.smsConsentVersion : null;
}

/** The company's name, short name and phone as published. */
async function company(q: Queryable): Promise<{ name: string; shortName: string | null; phone: string | null }> {
  const site = (await readPublishedPart("site", q)) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return { name: str(site?.name) ?? FALLBACK_NAME, shortName: str(site?.shortName), phone: str(site?.phone) };
}

export interface TextLead {
  id: string;
  kind: LeadKind;
  /** As the visitor typed it (the schema has checked that it is a US number). */
  phone: string;
  /** The quote's service title (or the visitor's words for 'Other'); the inquiry's subject. */
  subject: string;
  page?: string | null;
  /** The language of the page it came from (issue 37): the text is in it. */
  language?: "en" | "es";
}

/** Stores the consent record with `q` (the lead's transaction). */
export async function recordSmsConsent(q: Queryable, lead: TextLead, version: SmsConsentVersion): Promise<void> {
  const to = textableNumber(lead.phone);
  if (!to) return; // The schema refuses a consent without a number to text: not reached.
  const { name } = await company(q);
  await q.query("INSERT INTO sms_consents (lead_id, phone_e164, wording_version, wording, page) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (lead_id) DO NOTHING", [
    lead.id,
    to,
    version,
    smsConsentText(version, name),
    lead.page?.slice(0, 500) || null,
  ]);
}

/**
 * Queues the lead's text with `q`: the template filled from the published content, the callback
 * time from the published hours at `at`. Returns the outbox id when a text waits to be sent now;
 * null when none will go (the number already had today's text, opted out, or this is a preview).
 */
export async function queueLeadText(q: Queryable, lead: TextLead, at = new Date()): Promise<string | null> {
  const to = textableNumber(lead.phone);
  if (!to) return null;
  const [site, services, hours] = await Promise.all([company(q), loadServices(q), businessHours(q)]);
  const language = lead.language ?? "en";
  const callback = callbackAt(hours, at, language);
  // The service as the page named it: its Spanish title for a Spanish request, where the office wrote one.
  const service = lead.kind === "quote" ? serviceOf(lead.subject, services ?? []) : null;
  const spanishTitle = language === "es" ? ((services ?? []).find((s) => s.title === service)?.es as Record<string, string> | undefined)?.title : undefined;
  const body = leadText({
    company: site.name,
    shortName: site.shortName,
    phone: site.phone,
    kind: lead.kind,
    service: spanishTitle?.trim() || service,
    when: callback.when,
    language,
  });
  const queued = await queueText(q, { leadId: lead.id, to, body, localDay: localDay(at, OFFICE_TIME_ZONE), expiresAt: callback.validUntil });
  return queued?.state === "queued" ? queued.id : null;
}

/** Queues the text of a stored lead that has a consent record (a held lead the office released); its outbox id or null. */
export async function queueConsentedLeadText(q: Queryable, leadId: string, at = new Date()): Promise<string | null> {
  const r = await q.query<{ kind: LeadKind; phone_e164: string; subject: string; language: "en" | "es" }>(
    "SELECT l.kind, c.phone_e164, l.subject, l.language FROM leads l JOIN sms_consents c ON c.lead_id = l.id WHERE l.id = $1",
    [leadId],
  );
  const row = r.rows[0];
  return row ? queueLeadText(q, { id: leadId, kind: row.kind, phone: row.phone_e164, subject: row.subject, language: row.language }, at) : null;
}

/**
 * Sends a queued text now (the background after an answer), retrying for a few seconds. Never
 * throws: the alerts job retries what this misses.
 */
export async function textLead(db: Db, outboxId: string, log: Logger = createLogger("sms")): Promise<void> {
  try {
    const r = await deliverTextsNow(db, [outboxId], { log });
    if (r.retry) log.info(`Text ${outboxId} not taken yet (${r.retry} to retry): the alerts job tries again`);
  } catch (e) {
    log.warn(`Text ${outboxId} deferred: ${e instanceof Error ? e.message : String(e)}`);
  }
  await log.flush();
}

/**
 * SQL for a lead's texting columns in the admin list (FROM leads): whether a consent is stored,
 * and the state of the latest text about it.
 */
export const LEAD_SMS_COLUMNS = `EXISTS (SELECT 1 FROM sms_consents c WHERE c.lead_id = leads.id) AS sms_consent,
  (SELECT o.state FROM sms_outbox o WHERE o.lead_id = leads.id ORDER BY o.id DESC LIMIT 1) AS sms_state`;

export const leadSms = (r: { sms_consent: boolean | null; sms_state: string | null }): LeadSms => ({
  consent: !!r.sms_consent,
  state: (r.sms_state as SmsState | null) ?? null,
});
