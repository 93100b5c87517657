// Issue 37: a site visit booked from /es/book. The lead records Spanish; the visitor's confirmation,
// its calendar invite, its text, the change link (to /es/book/change), the move and the cancellation
// are in Spanish; the office's own e-mails and records stay English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { filledAgo, setEnv, withBackground } from "../helpers/leads.ts";
import { userWithSession } from "../helpers/auth.ts";
import { parseIcs } from "../helpers/ics.ts";
import slotsFn from "../../functions/visits-slots.ts";
import bookHandler from "../../functions/visits-book.ts";
import manageHandler from "../../functions/visits-manage.ts";
import settingsFn from "../../functions/admin-visit-settings.ts";
import { DEFAULT_VISIT_SETTINGS } from "../../src/server/visits/settings.ts";
import { seedSiteContent } from "../../src/server/site-content/seed.ts";
import { SMS_CONSENT_VERSION_BY_LANGUAGE } from "../../src/lib/contracts/sms.ts";
import { gsm7Length } from "../../src/server/sms/template.ts";
import { visitText } from "../../src/server/visits/text.ts";
import type { PublicSlot } from "../../src/lib/contracts/visits.ts";

const db = useTestDb();
const book = withBackground(bookHandler);
const manage = withBackground(manageHandler);
let undoEnv: () => void;
let seq = 0;
const ip = () => `203.0.113.${(++seq % 250) + 1}`;

const slots = async (): Promise<PublicSlot[]> => (await call(slotsFn, "GET", "/api/public/visits/slots", { ip: ip() })).json.data.slots;
const mailsTo = async (to: string) =>
  (await db().query<{ id: string; kind: string; subject: string; text_body: string }>("SELECT id, kind, subject, text_body FROM outbox WHERE to_address = $1 ORDER BY id", [to])).rows;

beforeAll(async () => {
  await seedSiteContent(db());
  undoEnv = setEnv({ SITE_URL: "https://www.coastalmarinecapecoral.com", LEAD_NOTIFY_EMAIL: "office@coastalmarinecapecoral.com" });
  const admin = (await userWithSession(db(), { role: "admin" })).token;
  const r = await call(settingsFn, "PUT", "/api/admin/visits/settings", { token: admin, body: { ...DEFAULT_VISIT_SETTINGS, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "08:00", to: "16:00" })), maxPerDay: 5 } });
  expect(r.status).toBe(200);
}, 60_000);

afterAll(() => undoEnv?.());

describe("a site visit booked in Spanish", () => {
  it("is confirmed in Spanish (mail, invite, text) with the Spanish change page's link; the office reads English", async () => {
    const [slot] = await slots();
    const email = `lucia${++seq}@example.com`;
    const r = await call(book.fn, "POST", "/api/public/visits", {
      body: {
        slot: slot.start,
        fullName: "Lucía Marín",
        email,
        phone: "(239) 555-0161",
        address: "77 Palm Pt",
        zip: "33904",
        service: "Boat Lifts",
        website: "",
        startedAt: filledAgo(),
        page: "/es/book",
        language: "es",
        smsConsent: true,
        smsConsentVersion: SMS_CONSENT_VERSION_BY_LANGUAGE.es,
      },
      ip: ip(),
    });
    expect(r.status, r.text).toBe(201);
    await book.settle();
    const lead = (await db().query<{ id: string; language: string; subject: string; message: string }>("SELECT id, language, subject, message FROM leads WHERE email = $1", [email])).rows[0];
    // The office's records: the English service and the English line about the visit.
    expect(lead).toMatchObject({ language: "es", subject: "Boat Lifts" });
    expect(lead.message).toMatch(/^Site visit booked online for .+ \(Cape Coral time\)\.$/);

    const [mail] = await mailsTo(email);
    expect(mail.kind).toBe("visit-confirm");
    expect(mail.subject).toMatch(/^Su visita gratis: \w+, \d{1,2} de \w+ de \d{4}, \d{1,2}:\d{2} [ap]\.m\. \(hora de Cape Coral\) - Coastal Marine Construction$/);
    expect(mail.text_body).toMatch(/^Hola:\n\nSu visita gratis está agendada:/);
    expect(mail.text_body).toContain("En su propiedad, código postal 33904. Calcule unos 60 minutos.");
    expect(mail.text_body).toMatch(/https:\/\/www\.coastalmarinecapecoral\.com\/es\/book\/change#t=[\w.-]+/);
    expect(mail.text_body).toContain("¿Preguntas? Llámenos al (239) 555-0142.");
    expect(mail.text_body).not.toMatch(/\b(Your|Hello|Questions)\b/);
    const file = (await db().query<{ content: string }>("SELECT content FROM outbox_attachments WHERE outbox_id = $1", [mail.id])).rows[0];
    const ev = parseIcs(file.content).events[0].props;
    expect(ev.SUMMARY).toBe("Visita gratis: Coastal Marine Construction");
    expect(ev.LOCATION).toBe("Su propiedad (código postal 33904)");

    const text = (await db().query<{ body: string }>("SELECT body FROM sms_outbox WHERE lead_id = $1", [lead.id])).rows[0];
    expect(text.body).toMatch(/^Coastal Marine Construction: su visita gratis es el \w{3}, \d{1,2} de \w{3}, \d{1,2}:\d{2} [ap]\.m\. Preguntas: \(239\) 555-0142\. Responda STOP para cancelar\.$/);
    expect(gsm7Length(text.body)).not.toBeNull();
    expect(text.body.length).toBeLessThanOrEqual(160);

    // The visitor moves it from the Spanish page: the new confirmation is Spanish too; the office's notice English.
    const token = /#t=([\w.-]+)/.exec(mail.text_body)![1];
    const later = (await slots()).find((s) => s.date !== slot.date)!;
    const moved = await call(manage.fn, "POST", "/api/public/visits/manage", { body: { action: "reschedule", token, slot: later.start }, ip: ip() });
    expect(moved.status, moved.text).toBe(200);
    await manage.settle();
    const after = await mailsTo(email);
    expect(after.map((m) => m.kind)).toEqual(["visit-confirm", "visit-moved"]);
    expect(after[1].subject).toMatch(/^Su visita cambió de hora: /);
    const office = (await db().query<{ text_body: string }>("SELECT text_body FROM outbox WHERE kind = 'visit-moved-office' AND text_body LIKE $1", [`%${lead.id}%`])).rows[0];
    expect(office.text_body).toMatch(/^Lucía Marín moved their site visit from .+ to .+ \(Cape Coral time\)\./);
  });

  it("the Spanish text fits one GSM-7 segment with a long company name, by its short name", () => {
    const start = new Date("2026-12-03T16:00:00Z");
    const text = visitText({ name: "Coastal Marine Construction & Dock Builders of Southwest Florida", shortName: "Coastal Marine", phone: "(239) 555-0142" }, start, "es");
    expect(text).toBe("Coastal Marine: su visita gratis es el jue, 3 de dic, 11:00 a.m. Preguntas: (239) 555-0142. Responda STOP para cancelar.");
  });
});
