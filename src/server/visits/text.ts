/**
 * The visitor's text about a booked visit (issue 35, item 4; decision 17): only with the consent
 * 'Text me about this request' stored for the lead, through the text outbox (src/server/sms/outbox.ts,
 * exactly once, at most one text per number a day, never to a number that replied STOP), as a fixed
 * template: the company's name, the visit's time and the office's phone, nothing the visitor typed.
 *
 *   Coastal Marine Construction: your free site visit is booked for Tue, Nov 3, 11:00 AM. Questions? (239) 555-0142. Reply STOP to opt out.
 */
import type { Queryable } from "../db/index.ts";
import { readPublishedPart } from "../content/read.ts";
import { queueText } from "../sms/outbox.ts";
import { gsm7Length, localDay, SEGMENT, toGsm7 } from "../sms/template.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";
import { shortSlot } from "./words.ts";
import type { VisitRow } from "./store.ts";
import { isLocale, type Locale } from "../../lib/i18n/locales.ts";

const FALLBACK_NAME = "Coastal Marine Construction";

/**
 * The text: the company's full name when it fits one segment, else its short name. In Spanish for a
 * visitor who booked in Spanish (issue 37): "…: su visita gratis es el jue, 3 de dic, 11:00 a.m. ¿Preguntas? …".
 */
export function visitText(company: { name: string; shortName: string | null; phone: string | null }, start: Date, locale: Locale = "en"): string {
  const when = toGsm7(shortSlot(start, locale));
  const es = locale === "es";
  const call = company.phone ? (es ? ` Preguntas: ${toGsm7(company.phone)}.` : ` Questions? ${toGsm7(company.phone)}.`) : "";
  const say = (n: string) => (es ? toGsm7(`${n}: su visita gratis es el ${when.replace(/\.$/, "")}.${call} Responda STOP para cancelar.`) : `${toGsm7(n)}: your free site visit is booked for ${when}.${call} Reply STOP to opt out.`);
  const texts = [company.name, company.shortName ?? ""].filter(Boolean).map(say);
  return texts.find((t) => (gsm7Length(t) ?? Infinity) <= SEGMENT) ?? texts[texts.length - 1];
}

/**
 * Queues the booked visit's text with `q` (the booking's transaction) when the lead's visitor asked
 * for texts; its outbox id when one waits to be sent, else null (no consent, opted out, a text to
 * that number already today, a preview). Not sent after the visit has begun.
 */
export async function queueVisitText(q: Queryable, visit: VisitRow, at = new Date()): Promise<string | null> {
  const consent = await q.query<{ phone_e164: string; language: string }>("SELECT c.phone_e164, l.language FROM sms_consents c JOIN leads l ON l.id = c.lead_id WHERE c.lead_id = $1", [visit.lead_id]);
  const to = consent.rows[0]?.phone_e164;
  const language = isLocale(consent.rows[0]?.language) ? consent.rows[0].language : "en";
  if (!to) return null;
  const site = (await readPublishedPart("site", q)) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const body = visitText({ name: str(site?.name) ?? FALLBACK_NAME, shortName: str(site?.shortName), phone: str(site?.phone) }, new Date(visit.starts_at), language);
  const queued = await queueText(q, { leadId: visit.lead_id, to, body, localDay: localDay(at, OFFICE_TIME_ZONE), expiresAt: new Date(visit.starts_at) });
  return queued?.state === "queued" ? queued.id : null;
}
