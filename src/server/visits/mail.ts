/**
 * The visitor's e-mails about a visit (issue 35, item 4), each queued in the outbox in the same
 * transaction as the change it tells of, so each goes exactly once: the confirmation (with the .ics
 * invite and the link to change or cancel), the new time after a move (a new invite of the same UID
 * and a higher SEQUENCE, and a new link: the old one is used up), the cancellation (METHOD:CANCEL),
 * and the reminder the day before. Each is a fixed template: the office's words, name, address and
 * phone, the visit's time and ZIP; never what the visitor typed (anyone can type anyone's e-mail).
 *
 * A visitor's change also tells the office, by e-mail, with the lead's name and a link to its card.
 */
import type { Queryable } from "../db/index.ts";
import { createLogger } from "../logs/logger.ts";
import { enqueueMail, type MailMessage } from "../mail/index.ts";
import { officeAddress } from "../leads/notify.ts";
import { siteBase } from "../settings/context.ts";
import { officeOf, visitInvite, type Office } from "./ics.ts";
import { signVisitToken, visitLink } from "./tokens.ts";
import { spokenSlot } from "./words.ts";
import type { VisitRow } from "./store.ts";
import { isLocale, type Locale } from "../../lib/i18n/locales.ts";

/** Confirmations (booked or moved) to one address in 24 hours: a visitor's booking and a few changes, not a flood. */
export const VISIT_MAILS_PER_DAY = 6;

export type VisitMailKind = "visit-confirm" | "visit-moved" | "visit-cancelled" | "visit-reminder";

const minutes = (v: Pick<VisitRow, "starts_at" | "ends_at">) => Math.round((new Date(v.ends_at).getTime() - new Date(v.starts_at).getTime()) / 60_000);
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 150);

function closing(office: Office, locale: Locale): string[] {
  const call = locale === "es" ? `¿Preguntas? Llámenos al ${office.phone}.` : `Questions? Call us at ${office.phone}.`;
  return [office.phone ? call : "", "", office.name, office.address ?? ""];
}

function invite(visit: VisitRow, office: Office, cancelled: boolean, locale: Locale): MailMessage["attachments"] {
  return [{ filename: cancelled ? "site-visit-cancelled.ics" : "site-visit.ics", contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`, content: visitInvite(visit, office, cancelled, locale) }];
}

/** The Spanish site's visitor's mails (issue 37): the same facts and links, in Spanish. */
function spanishLines(kind: VisitMailKind, when: string, where: string, change: string[], origin: string): { subject: string; body: string[]; hello: string; notYou: string } {
  const lines: Record<VisitMailKind, { subject: string; body: string[] }> = {
    "visit-confirm": {
      subject: `Su visita gratis: ${when}`,
      body: ["Su visita gratis está agendada:", "", `  ${when}`, `  ${where}`, "", "Revisaremos el canal, el seawall y el acceso a su lote, y después le enviaremos un presupuesto por escrito.", "La invitación adjunta (site-visit.ics) la agrega a su calendario.", "", ...change],
    },
    "visit-moved": {
      subject: `Su visita cambió de hora: ${when}`,
      body: ["Su visita gratis ahora es:", "", `  ${when}`, `  ${where}`, "", "La invitación adjunta actualiza la visita en su calendario. El enlace de nuestro correo anterior ya no funciona; use este:", "", ...change],
    },
    "visit-cancelled": {
      subject: "Su visita está cancelada",
      body: [`Su visita gratis del ${when} está cancelada.`, "El archivo adjunto la quita de su calendario.", "", `Cuando quiera, agende otra en ${siteBase(origin)}/es/book o llámenos.`, ""],
    },
    "visit-reminder": {
      subject: "Recordatorio: su visita gratis es mañana",
      body: ["Le recordamos su visita gratis de mañana:", "", `  ${when}`, `  ${where}`, "", "Por favor, asegúrese de que podamos llegar al lado del agua de la propiedad.", "", ...change],
    },
  };
  return { ...lines[kind], hello: "Hola:", notYou: "Si usted no agendó esta visita, puede cancelarla con el enlace de arriba o ignorar este correo." };
}

/**
 * The mail of `kind` for a visit as it now is (the link signed for its current nonce), in the
 * language of the page the visitor booked from (the lead's).
 */
export async function visitMail(kind: VisitMailKind, visit: VisitRow, to: string, office: Office, origin = "", locale: Locale = "en"): Promise<MailMessage> {
  const es = locale === "es";
  const when = es ? `${spokenSlot(new Date(visit.starts_at), "es")} (hora de Cape Coral)` : `${spokenSlot(new Date(visit.starts_at))} (Cape Coral time)`;
  const where = es ? `En su propiedad, código postal ${visit.zip}. Calcule unos ${minutes(visit)} minutos.` : `At your property, ZIP ${visit.zip}. Plan on about ${minutes(visit)} minutes.`;
  const link = kind === "visit-cancelled" ? null : visitLink(await signVisitToken(visit), origin, locale);
  const change = link ? ["Need another time, or can't make it? Change or cancel here, no account needed:", link, "The link works for this visit until it ends; each change sends you a new one.", ""] : [];
  const lines: Record<VisitMailKind, { subject: string; body: string[] }> = {
    "visit-confirm": {
      subject: `Your free site visit: ${when}`,
      body: ["Your free site visit is booked:", "", `  ${when}`, `  ${where}`, "", "We'll look at the canal, the seawall and the access to your lot, then send you a written estimate.", "The attached invite (site-visit.ics) puts it in your calendar.", "", ...change],
    },
    "visit-moved": {
      subject: `Your site visit has moved: ${when}`,
      body: ["Your free site visit now takes place:", "", `  ${when}`, `  ${where}`, "", "The attached invite updates the visit in your calendar. The link in our earlier e-mail no longer works; use this one:", "", ...change],
    },
    "visit-cancelled": {
      subject: `Your site visit is cancelled`,
      body: [`Your free site visit of ${when} is cancelled.`, "The attached file removes it from your calendar.", "", `Whenever you are ready, book another at ${siteBase(origin)}/book or call us.`, ""],
    },
    "visit-reminder": {
      subject: `Reminder: your free site visit tomorrow`,
      body: ["A reminder of your free site visit tomorrow:", "", `  ${when}`, `  ${where}`, "", "Please make sure we can get to the water side of the property.", "", ...change],
    },
  };
  const spanishChange = link ? ["¿Necesita otra hora o no puede estar? Cámbiela o cancélela aquí, sin necesidad de cuenta:", link, "El enlace sirve para esta visita hasta que termine; cada cambio le envía uno nuevo.", ""] : [];
  const words = es ? spanishLines(kind, when, where, spanishChange, origin) : { ...lines[kind], hello: "Hello,", notYou: "If you did not book this visit, you can cancel it with the link above or ignore this e-mail." };
  const { subject, body } = words;
  const text = [words.hello, "", ...body, ...closing(office, locale), "", words.notYou]
    .filter((l, i, a) => l !== "" || a[i - 1] !== "")
    .join("\n")
    .trim();
  return {
    to,
    subject: oneLine(`${subject} - ${office.name}`),
    text: kind === "visit-cancelled" && text.endsWith(`\n${words.notYou}`) ? text.slice(0, -words.notYou.length - 1) : text,
    kind,
    attachments: kind === "visit-reminder" ? undefined : invite(visit, office, kind === "visit-cancelled", locale),
  };
}

/**
 * Queues the visitor's mail of `kind` with `q` (the transaction of the change): the confirmation and
 * the move within VISIT_MAILS_PER_DAY to one address. `origin`: the site's address when SITE_URL is
 * not set (the request's). Returns the outbox id, or null when none was queued.
 */
export async function queueVisitMail(q: Queryable, kind: VisitMailKind, visit: VisitRow, origin = ""): Promise<number | null> {
  const lead = await q.query<{ email: string; language: string }>("SELECT email, language FROM leads WHERE id = $1", [visit.lead_id]);
  const to = lead.rows[0]?.email?.trim();
  const language = isLocale(lead.rows[0]?.language) ? lead.rows[0].language : "en";
  if (!to) return null;
  if (kind === "visit-confirm" || kind === "visit-moved") {
    const address = to.toLowerCase();
    // Two bookings for one address at once wait here for each other, so both cannot pass the count.
    await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`visit-mail:${address}`]);
    const r = await q.query<{ n: string }>(
      "SELECT count(*) AS n FROM outbox WHERE kind IN ('visit-confirm', 'visit-moved') AND lower(to_address) = $1 AND created_at > now() - interval '24 hours'",
      [address],
    );
    if (Number(r.rows[0].n) >= VISIT_MAILS_PER_DAY) {
      const log = createLogger("visits/mail", undefined, async () => q);
      log.warn(`Visit ${visit.id}: no ${kind} e-mail, ${VISIT_MAILS_PER_DAY} already went to that address in 24 hours`);
      await log.flush();
      return null;
    }
  }
  return enqueueMail(q, await visitMail(kind, visit, to, await officeOf(q), origin, language));
}

/** The office hears of a visitor's own change (move or cancel), with the lead's card. */
export async function queueOfficeNotice(q: Queryable, visit: VisitRow, what: "moved" | "cancelled", before: Date | null, origin = ""): Promise<number | null> {
  const to = await officeAddress();
  if (!to) return null;
  const lead = await q.query<{ full_name: string; phone: string }>("SELECT full_name, phone FROM leads WHERE id = $1", [visit.lead_id]);
  const who = lead.rows[0]?.full_name || "A visitor";
  const now = spokenSlot(new Date(visit.starts_at));
  const text = [
    what === "moved" ? `${who} moved their site visit${before ? ` from ${spokenSlot(before)}` : ""} to ${now} (Cape Coral time).` : `${who} cancelled their site visit of ${now} (Cape Coral time).`,
    "",
    `Phone:   ${lead.rows[0]?.phone || "-"}`,
    `ZIP:     ${visit.zip}`,
    `Lead:    ${siteBase(origin)}/admin?lead=${visit.lead_id}`,
    `Calendar: ${siteBase(origin)}/admin#calendar`,
  ].join("\n");
  return enqueueMail(q, { to, subject: oneLine(`Site visit ${what} by the visitor: ${who}`), text, kind: `visit-${what}-office` });
}
