// A request from the Spanish site (issue 37): the lead records its language, the visitor's
// confirmation and text are in Spanish (with the names the office wrote in Spanish), the consent
// kept is the Spanish wording with its own version, and the office hears it is Spanish.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { inquiryBody, quoteBody, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import leadsFn from "../../functions/admin-leads.ts";
import { userWithSession } from "../helpers/auth.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";
import { SMS_CONSENT_VERSION_BY_LANGUAGE, smsConsentText } from "../../src/lib/contracts/sms.ts";
import site from "../../content/site.json";
import { describeLead } from "../../src/server/crm/records.ts";
import { handleInbound } from "../../src/server/sms/inbound.ts";
import { gsm7Length } from "../../src/server/sms/template.ts";
import { officeClock } from "../helpers/clock.ts";
import { crmInput } from "../../src/server/leads/crm-queue.ts";
import { LEAD_COLUMNS, type LeadRow } from "../../src/server/leads/lead.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
const inquiry = withBackground(inquiryHandler);
afterEach(async () => {
  await contact.settle();
  await inquiry.settle();
  vi.useRealTimers();
});
let seq = 0;
const ip = () => `198.51.100.${++seq % 250}`;
const mobile = () => `(239) 4${String(++seq % 100).padStart(2, "0")}-${String(2000 + seq).slice(-4)}`;

const quote = (over: Record<string, unknown>) => call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `es${++seq}@example.com`, ...over }), ip: ip() });
const leadBy = async (email: string) => (await db().query<{ id: string; language: string }>("SELECT id, language FROM leads WHERE email = $1", [email])).rows[0];
const mail = async (kind: string, where: string) =>
  (await db().query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM outbox WHERE kind = $1 AND text_body LIKE $2 ORDER BY id DESC LIMIT 1", [kind, `%${where}%`])).rows[0];
const confirmationTo = async (email: string) =>
  (await db().query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM outbox WHERE kind = 'lead-confirm' AND to_address = $1", [email])).rows[0];

beforeAll(async () => {
  await db().query("INSERT INTO products (id, name, es) VALUES ('dock-ladder-4', 'Dock Ladder 4-Step', '{\"name\": \"Escalera de muelle de 4 peldaños\"}') ON CONFLICT (id) DO NOTHING");
});

describe("a request from the Spanish site", () => {
  it("is stored as Spanish, confirmed in Spanish with the service's Spanish title, and the office is told", async () => {
    const email = `spanish-quote-${++seq}@example.com`;
    const r = await quote({ email, subject: "Boat Lifts", language: "es", page: "/es/contact" });
    expect(r.status).toBe(200);
    expect((await leadBy(email)).language).toBe("es");
    const confirm = await confirmationTo(email);
    expect(confirm.subject).toBe(`Recibimos su solicitud de presupuesto - ${site.name}`);
    expect(confirm.text_body).toMatch(/^Hola:\n/);
    expect(confirm.text_body).toContain("Gracias por su solicitud de presupuesto para Elevadores para botes. Respondemos en un día hábil, normalmente el mismo día.");
    expect(confirm.text_body).toContain("Si es urgente, llámenos al (239) 555-0142.");
    expect(confirm.text_body).not.toMatch(/Thank|Hello|call us/);
    const office = await mail("lead-notify", `E-mail:   ${email}`);
    expect(office.text_body).toContain("Language: Spanish");
    // The office reads the service's English title: the form sends it whatever the page's language.
    expect(office.text_body).toContain("Subject:  Boat Lifts");
  });

  it("shows the office its language: on the card's data and in the CSV", async () => {
    const email = `spanish-card-${++seq}@example.com`;
    expect((await quote({ email, language: "es" })).status).toBe(200);
    const { token } = await userWithSession(db(), { role: "admin", email: `admin-${seq}@example.com` });
    const list = await call(leadsFn, "GET", "/api/admin/leads?page=1&pageSize=100", { token });
    const mine = (list.json.data.data as { email: string; language: string }[]).find((l) => l.email === email);
    expect(mine?.language).toBe("es");
    const csv = (await call(leadsFn, "GET", "/api/admin/leads?format=csv", { token })).text;
    const line = csv.split("\r\n").find((l) => l.includes(email))!;
    expect(line.split(",").slice(1, 3)).toEqual(["quote", "es"]);
  });

  it("tells Zoho, in the lead's Description", async () => {
    const email = `spanish-zoho-${++seq}@example.com`;
    expect((await quote({ email, language: "es" })).status).toBe(200);
    const row = (await db().query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE email = $1`, [email])).rows[0];
    expect(describeLead(crmInput(row))).toContain("\nLanguage: Spanish (sent from the Spanish site: answer in Spanish)\n");
    const english = (await db().query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE language = 'en' LIMIT 1`)).rows[0];
    expect(describeLead(crmInput(english ?? { ...row, language: "en" }))).toContain("\nLanguage: English\n");
  });

  it("texts in Spanish and keeps the Spanish consent, with its own version", async () => {
    // A Wednesday morning: the office calls within the hour (the text's words depend on the clock).
    officeClock("2026-12-02", "10:15");
    const email = `spanish-text-${++seq}@example.com`;
    const phone = mobile();
    const r = await quote({ email, phone, subject: "Seawalls", language: "es", smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION_BY_LANGUAGE.es });
    expect(r.status).toBe(200);
    const { id } = await leadBy(email);
    const consent = (await db().query<{ wording_version: string; wording: string }>("SELECT wording_version, wording FROM sms_consents WHERE lead_id = $1", [id])).rows[0];
    expect(consent.wording_version).toBe("2026-12-07-es");
    expect(consent.wording).toBe(smsConsentText("2026-12-07-es", site.name));
    expect(consent.wording).toMatch(/^Envíenme mensajes de texto sobre esta solicitud\. Al marcar esta casilla.*Política de privacidad: \/es\/privacy$/);
    const text = (await db().query<{ body: string }>("SELECT body FROM sms_outbox WHERE lead_id = $1", [id])).rows[0];
    // Seawalls' Spanish title, without the accents GSM-7 has no room for; the office's phone; STOP.
    expect(text.body).toBe("Coastal Marine: recibimos su solicitud de Seawalls (muros de contencion). Le llamaremos dentro de una hora desde el (239) 555-0142. Responda STOP para cancelar.");
  });

  it("keeps the Spanish text to one segment when the callback words are longer: the neutral words replace a long title", async () => {
    // 16:20 on a weekday: "antes de las 5 pm hoy" leaves no room for Seawalls' 30-character Spanish title.
    officeClock("2026-12-02", "16:20");
    const email = `spanish-late-${++seq}@example.com`;
    const r = await quote({ email, phone: mobile(), subject: "Seawalls", language: "es", smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION_BY_LANGUAGE.es });
    expect(r.status).toBe(200);
    const { id } = await leadBy(email);
    const text = (await db().query<{ body: string }>("SELECT body FROM sms_outbox WHERE lead_id = $1", [id])).rows[0];
    expect(text.body).toBe("Coastal Marine Construction: recibimos su solicitud de presupuesto. Le llamaremos antes de las 5 pm hoy desde el (239) 555-0142. Responda STOP para cancelar.");
    expect(gsm7Length(text.body)).toBeLessThanOrEqual(160);
  });

  it("an inquiry names the product by its Spanish name", async () => {
    const email = `spanish-inquiry-${++seq}@example.com`;
    const r = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email, language: "es" }), ip: ip() });
    expect(r.status).toBe(200);
    const confirm = await confirmationTo(email);
    expect(confirm.subject).toBe(`Recibimos su consulta - ${site.name}`);
    expect(confirm.text_body).toContain("Gracias por su consulta sobre Escalera de muelle de 4 peldaños.");
  });

  it("without a language is English, as before", async () => {
    const email = `english-${++seq}@example.com`;
    expect((await quote({ email })).status).toBe(200);
    expect((await leadBy(email)).language).toBe("en");
    expect((await confirmationTo(email)).text_body).toMatch(/^Hello,\n\nThank you for your quote request for Boat Lifts\./);
  });

  it("answers a Spanish site's visitor's HELP, START and STOP in other words in Spanish (AYUDA and PARAR too)", async () => {
    const phone = mobile();
    expect((await quote({ email: `spanish-reply-${++seq}@example.com`, phone, language: "es" })).status).toBe(200);
    const { rows } = await db().query<{ e164: string }>("SELECT phone_e164 AS e164 FROM leads WHERE phone = $1", [phone]);
    const from = rows[0].e164;
    const reply = async (body: string) => (await handleInbound(db(), { From: from, Body: body, MessageSid: `SM${++seq}` })).twiml;
    for (const help of ["HELP", "ayuda"]) {
      const said = await reply(help);
      expect(said).toContain("mensajes sobre su solicitud, hasta 2 por solicitud");
      expect(said).toContain("Llame al (239) 555-0142. Responda STOP para cancelar.");
    }
    expect(gsm7Length(/<Message>(.*)<\/Message>/.exec(await reply("HELP"))![1])).not.toBeNull();
    expect(await reply("Por favor no me manden más mensajes")).toContain("no le enviaremos mas mensajes. Responda START");
    expect((await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [from])).rowCount).toBe(1);
    expect(await reply("START")).toContain("puede volver a recibir mensajes");
    expect(await reply("Parar")).toContain("no le enviaremos mas mensajes");
  });

  it.each([["fr"], ["ES"], [""], [1]])("a language the site does not have (%j) is refused at its field, storing nothing", async (language) => {
    const email = `bad-language-${++seq}@example.com`;
    const r = await quote({ email, language });
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("language");
    expect(await leadBy(email)).toBeUndefined();
  });
});
