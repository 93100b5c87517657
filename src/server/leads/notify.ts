/**
 * The two e-mails about a new lead: the office's notification (to the office e-mail of
 * content/site.json, or LEAD_NOTIFY_EMAIL), plain text with everything the visitor typed, and a
 * short confirmation to the visitor, which carries none of it (see confirmationMail), in the
 * language of the page the request came from (issue 37).
 */
import type { Queryable } from "../db/index.ts";
import type { MailMessage } from "../mail/index.ts";
import { readPublishedPart } from "../content/read.ts";
import { loadServices } from "../content/services.ts";
import type { NewLead } from "./lead.ts";
import { estimateLines } from "../../lib/estimate.ts";
import { siteBase } from "../settings/context.ts";

export interface SiteInfo {
  name: string;
  email: string | null;
  phone: string | null;
  /** The company's own line about when it replies (site.json reply.promise). */
  replyPromise: string | null;
  /** The same line in Spanish, as the office wrote it (null when it has not). */
  replyPromiseEs: string | null;
}

const FALLBACK_NAME = "Coastal Marine Construction";

/** The company's details as published (`q`: the database to read them from; without it, content/site.json). */
export async function siteInfo(q?: Queryable): Promise<SiteInfo> {
  const site = (await readPublishedPart("site", q)) as Record<string, unknown> | null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return {
    name: str(site?.name) ?? FALLBACK_NAME,
    email: str(site?.email) ?? str(site?.officeEmail),
    phone: str(site?.phone),
    replyPromise: str((site?.reply as Record<string, unknown> | undefined)?.promise),
    replyPromiseEs: str((site?.es as Record<string, unknown> | undefined)?.["reply.promise"]),
  };
}

/** Where new leads are announced; null when neither the env nor site.json names an address. */
export async function officeAddress(env: NodeJS.ProcessEnv = process.env, site?: SiteInfo): Promise<string | null> {
  return env.LEAD_NOTIFY_EMAIL?.trim() || (site ?? (await siteInfo())).email;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 150);

/**
 * Photos are uploaded after the lead is stored (and this mail is queued with it), so the mail
 * cannot list them: it says how many the visitor is sending and links to the lead in the admin
 * dashboard, where they appear as they arrive (only admins may see them: a direct photo address
 * needs an admin's session, which a link in an e-mail cannot carry).
 */
function photoLine(count: number, id: string): string {
  // The site address as password-reset links build it (SITE_URL, or Netlify's URL); no request here.
  const base = siteBase("");
  const where = base ? `${base}/admin?lead=${id}` : "the admin dashboard";
  return `Photos:   ${count} on the way with the request; see them with the lead in ${where}`;
}

/** `site`: the company's details when the caller has already read them (one read per lead). */
export async function officeNotification(lead: NewLead, id: string, site?: SiteInfo): Promise<MailMessage | null> {
  const to = await officeAddress(process.env, site);
  if (!to) return null;
  const what = lead.kind === "quote" ? "quote request" : "product inquiry";
  const utm = Object.entries(lead.utm ?? {})
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  const lines = [
    `A new ${what} arrived from the website.`,
    "",
    `Name:     ${lead.fullName}`,
    `E-mail:   ${lead.email}`,
    `Phone:    ${lead.phone || "not given"}`,
    !!lead.address && `Address:  ${lead.address}`,
    `Subject:  ${lead.subject || "-"}`,
    !!lead.productId && `Product:  ${lead.productName || "(unnamed)"} (id ${lead.productId})`,
    lead.language === "es" && "Language: Spanish (sent from the Spanish site; they got their confirmation in Spanish)",
    !!lead.estimate && `\n${estimateLines(lead.estimate).join("\n")}`,
    !!lead.message && `\n${lead.kind === "quote" ? "Project details" : "Message"}:\n${lead.message}\n`,
    !!lead.photos && photoLine(lead.photos, id),
    `Page:     ${lead.page || "-"}`,
    !!lead.referrer && `Referrer: ${lead.referrer}`,
    !!utm && `UTM:      ${utm}`,
    "",
    `Lead id: ${id}`,
  ];
  return {
    to,
    subject: oneLine(`New ${what}: ${lead.subject || lead.productName || lead.fullName}`),
    text: lines.filter((l) => typeof l === "string").join("\n"),
    kind: "lead-notify",
  };
}

/**
 * What the confirmation names, from our own records only: the product's name in the catalogue (by
 * the id the inquiry names), or the service's title when the quote's subject is exactly one of the
 * catalogue's titles; in Spanish where the office wrote it, for a Spanish request. Anything else
 * (an 'Other' subject in the visitor's words, an unknown product) is not named at all.
 */
async function confirmedTopic(q: Queryable, lead: NewLead): Promise<string | null> {
  const es = lead.language === "es";
  if (lead.kind === "inquiry") {
    if (!lead.productId) return null;
    const r = await q.query<{ name: string; name_es: string | null }>("SELECT name, es->>'name' AS name_es FROM products WHERE id = $1", [lead.productId]);
    const row = r.rows[0];
    return ((es && row?.name_es?.trim()) || row?.name.trim()) || null;
  }
  const services = (await loadServices(q)) ?? [];
  const service = services.find((s) => s.title === lead.subject);
  if (!service) return null;
  const title = es ? (service.es as Record<string, string> | undefined)?.title?.trim() : undefined;
  return title || service.title;
}

/** The visitor's confirmation in Spanish (issue 37): the same fixed template, in the words of the site's Spanish pages. */
function confirmationEs(site: SiteInfo, lead: NewLead, topic: string) {
  const what = lead.kind === "quote" ? "su solicitud de presupuesto" : "su consulta";
  const about = topic ? `${what} ${lead.kind === "quote" ? "para" : "sobre"} ${topic}` : what;
  return {
    subject: `Recibimos ${what} - ${site.name}`,
    lines: [
      "Hola:",
      "",
      `Gracias por ${about}. ${site.replyPromiseEs ?? "Una persona de nuestro equipo se comunicará con usted para hablar de los próximos pasos."}`,
      site.phone ? `Si es urgente, llámenos al ${site.phone}.` : "",
      "",
      "Si usted no se comunicó con nosotros, puede ignorar este correo.",
      "",
      site.name,
    ],
  };
}

/**
 * The visitor's confirmation goes to any address a stranger types, under the company's name, so it
 * is a fixed template: the company's words and a product or service name from our own records,
 * never the visitor's free text (name, subject, product name as sent), which would let anyone mail
 * their own words to anyone through us. Greets neutrally for the same reason.
 */
export async function confirmationMail(q: Queryable, lead: NewLead, known?: SiteInfo): Promise<MailMessage> {
  const site = known ?? (await siteInfo(q));
  const topic = oneLine(((await confirmedTopic(q, lead)) ?? "").trim());
  const what = lead.kind === "quote" ? "your quote request" : "your inquiry";
  const about = topic ? `${what} ${lead.kind === "quote" ? "for" : "about"} ${topic}` : what;
  const mail =
    lead.language === "es"
      ? confirmationEs(site, lead, topic)
      : {
          subject: `We received ${what} - ${site.name}`,
          lines: [
            "Hello,",
            "",
            `Thank you for ${about}. ${site.replyPromise ?? "A member of our team will reach out to discuss next steps."}`,
            site.phone ? `If it is urgent, call us at ${site.phone}.` : "",
            "",
            "If you did not contact us, you can ignore this e-mail.",
            "",
            site.name,
          ],
        };
  return {
    to: lead.email,
    subject: oneLine(mail.subject),
    text: mail.lines.filter((l, i, a) => l !== "" || a[i - 1] !== "").join("\n"),
    kind: "lead-confirm",
  };
}
