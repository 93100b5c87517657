// Issue 35, item 4: the confirmation e-mail carries a valid .ics invite with the office's address and
// phone, exactly once; a text goes too when the visitor asked for texts; the reminder goes the day
// before at 9:00 local, once; one link reschedules or cancels without an account, works for that
// visit only, once, and until the visit; a used, forged or expired link gets a clear answer, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { filledAgo, setEnv, withBackground } from "../helpers/leads.ts";
import { userWithSession } from "../helpers/auth.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import { icsDate, parseIcs } from "../helpers/ics.ts";
import slotsFn from "../../functions/visits-slots.ts";
import bookHandler from "../../functions/visits-book.ts";
import manageHandler from "../../functions/visits-manage.ts";
import settingsFn from "../../functions/admin-visit-settings.ts";
import { DEFAULT_VISIT_SETTINGS } from "../../src/server/visits/settings.ts";
import { signVisitToken } from "../../src/server/visits/tokens.ts";
import { signSessionToken } from "../../src/server/auth/tokens.ts";
import { runMailRetry } from "../../src/server/jobs/index.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { seedSiteContent } from "../../src/server/site-content/seed.ts";
import { SMS_CONSENT_VERSION } from "../../src/lib/contracts/sms.ts";
import type { PublicSlot } from "../../src/lib/contracts/visits.ts";

const db = useTestDb();
const book = withBackground(bookHandler);
const manage = withBackground(manageHandler);
let smtp: FakeSmtp;
let undoEnv: () => void;
let seq = 0;
const ip = () => `192.0.2.${(++seq % 250) + 1}`;

const slots = async (): Promise<PublicSlot[]> => (await call(slotsFn, "GET", "/api/public/visits/slots", { ip: ip() })).json.data.slots;
const bookOne = async (slot: PublicSlot, over: Record<string, unknown> = {}) => {
  const email = `home${++seq}@example.com`;
  const r = await call(book.fn, "POST", "/api/public/visits", {
    body: { slot: slot.start, fullName: "Robin Canal", email, phone: "(239) 555-0188", address: "77 Palm Pt", zip: "33904", website: "", startedAt: filledAgo(), page: "/book", ...over },
    ip: ip(),
  });
  expect(r.status, r.text).toBe(201);
  await book.settle();
  return email;
};
const mailsTo = async (to: string) =>
  (
    await db().query<{ id: string; kind: string; subject: string; text_body: string; sent_at: Date | null }>(
      "SELECT id, kind, subject, text_body, sent_at FROM outbox WHERE to_address = $1 ORDER BY id",
      [to],
    )
  ).rows;
const attachmentOf = async (outboxId: string) => (await db().query<{ filename: string; content_type: string; content: string }>("SELECT filename, content_type, content FROM outbox_attachments WHERE outbox_id = $1", [outboxId])).rows;
const linkIn = (text: string) => /\/book\/change#t=([\w.-]+)/.exec(text)?.[1] ?? "";
const act = (body: Record<string, unknown>) => call(manage.fn, "POST", "/api/public/visits/manage", { body, ip: ip() });
const visitOf = async (email: string) =>
  (await db().query<{ id: string; starts_at: Date; status: string; sequence: number; reminder_due_at: Date | null; reminder_sent_at: Date | null; ends_at: Date; manage_nonce: string }>(
    "SELECT v.id, v.starts_at, v.status, v.sequence, v.reminder_due_at, v.reminder_sent_at, v.ends_at, v.manage_nonce FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.email = $1",
    [email],
  )).rows[0];

beforeAll(async () => {
  await seedSiteContent(db());
  smtp = await startFakeSmtp();
  undoEnv = setEnv({ ...smtp.env(), SITE_URL: "https://www.coastalmarinecapecoral.com", LEAD_NOTIFY_EMAIL: "office@coastalmarinecapecoral.com" });
  const admin = (await userWithSession(db(), { role: "admin" })).token;
  const r = await call(settingsFn, "PUT", "/api/admin/visits/settings", { token: admin, body: { ...DEFAULT_VISIT_SETTINGS, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "08:00", to: "16:00" })), maxPerDay: 5 } });
  expect(r.status).toBe(200);
}, 60_000);

afterAll(async () => {
  undoEnv?.();
  await smtp?.close();
});

describe("the confirmation", () => {
  it("is one e-mail with a valid .ics invite (UTC times, the office's address and phone), delivered once over SMTP", async () => {
    const [slot] = await slots();
    const email = await bookOne(slot);
    await runMailRetry(db(), createLogger("test")); // a retry run sends nothing twice
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["visit-confirm"]);
    const [mail] = mails;
    expect(mail.sent_at).not.toBeNull();
    expect(mail.subject).toMatch(/^Your free site visit: .+ \(Cape Coral time\) - Coastal Marine Construction$/);
    expect(mail.text_body).toContain("(239) 555-0142");
    expect(mail.text_body).toContain("1420 SE 47th Terrace, Cape Coral, FL 33904");
    expect(mail.text_body).toMatch(/https:\/\/www\.coastalmarinecapecoral\.com\/book\/change#t=/);
    // A fixed template: nothing the visitor typed (name, street) is in it.
    expect(mail.text_body).not.toMatch(/Robin|Palm Pt/);

    const [file] = await attachmentOf(mail.id);
    expect(file).toMatchObject({ filename: "site-visit.ics", content_type: "text/calendar; charset=utf-8; method=PUBLISH" });
    const cal = parseIcs(file.content);
    expect(cal.props.METHOD).toBe("PUBLISH");
    expect(cal.events).toHaveLength(1);
    const ev = cal.events[0].props;
    expect(icsDate(ev.DTSTART).toISOString()).toBe(slot.start);
    expect(icsDate(ev.DTEND).toISOString()).toBe(slot.end);
    expect(ev.SEQUENCE).toBe("0");
    expect(ev.STATUS).toBe("CONFIRMED");
    expect(ev.LOCATION).toBe("Your property (ZIP 33904)");
    expect(ev.DESCRIPTION).toContain("call (239) 555-0142");
    expect(ev.DESCRIPTION).toContain("Office: 1420 SE 47th Terrace, Cape Coral, FL 33904");
    expect(cal.events[0].params.ORGANIZER.CN).toBe("Coastal Marine Construction");

    // What the SMTP server got: one message to the visitor, with the calendar part.
    const got = smtp.received.filter((m) => m.to.includes(email));
    expect(got).toHaveLength(1);
    expect(got[0].data).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(got[0].data).toMatch(/filename=site-visit\.ics/);
  });

  it("comes with a text when the visitor asked for texts: the fixed template with the time and the office's phone", async () => {
    const [, slot] = await slots();
    const email = await bookOne(slot, { smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION, phone: "(239) 555-0199" });
    const texts = (await db().query<{ to_e164: string; body: string }>("SELECT o.to_e164, o.body FROM sms_outbox o JOIN leads l ON l.id = o.lead_id WHERE l.email = $1", [email])).rows;
    expect(texts).toHaveLength(1);
    expect(texts[0].to_e164).toBe("+12395550199");
    expect(texts[0].body).toMatch(/^Coastal Marine Construction: your free site visit is booked for \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\. Questions\? \(239\) 555-0142\. Reply STOP to opt out\.$/);
    expect(texts[0].body.length).toBeLessThanOrEqual(160);
    // No text without the consent.
    const other = await bookOne((await slots())[2]);
    expect(Number((await db().query("SELECT count(*) AS n FROM sms_outbox o JOIN leads l ON l.id = o.lead_id WHERE l.email = $1", [other])).rows[0].n)).toBe(0);
  });
});

describe("the reminder", () => {
  it("is due at 9:00 in Cape Coral the day before, and goes once", async () => {
    const s = (await slots())[5];
    const email = await bookOne(s);
    const v = await visitOf(email);
    const due = (await db().query<{ d: string }>("SELECT to_char(reminder_due_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD HH24:MI') AS d FROM visits WHERE id = $1", [v.id])).rows[0].d;
    const dayBefore = new Date(Date.parse(`${s.date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(due).toBe(`${dayBefore} 09:00`);
    // Time passes: the reminder is due.
    await db().query("UPDATE visits SET reminder_due_at = now() - interval '1 minute' WHERE id = $1", [v.id]);
    expect(await runMailRetry(db(), createLogger("test"))).toMatch(/visit reminders: 1 queued, 1 sent/);
    await Promise.all([runMailRetry(db(), createLogger("test")), runMailRetry(db(), createLogger("test"))]);
    const reminders = (await mailsTo(email)).filter((m) => m.kind === "visit-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toMatch(/^Reminder: your free site visit tomorrow/);
    expect(reminders[0].text_body).toContain("/book/change#t=");
  });
});

describe("the visitor's link", () => {
  it("shows the visit and where it may move, moves it once with a new invite and a new link, and the old link then says it was used", async () => {
    const all = await slots();
    const email = await bookOne(all[10]);
    const first = (await mailsTo(email))[0];
    const token = linkIn(first.text_body);
    const view = await act({ action: "view", token });
    expect(view.status, view.text).toBe(200);
    expect(view.json.data.visit).toMatchObject({ status: "scheduled", slot: all[10], zip: "33904" });
    expect(view.json.data.slots.map((s: PublicSlot) => s.start)).not.toContain(all[10].start);
    const target = view.json.data.slots.find((s: PublicSlot) => s.date !== all[10].date);

    const moved = await act({ action: "reschedule", token, slot: target.start });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.visit.slot).toEqual(target);
    await manage.settle();
    const v = await visitOf(email);
    expect(new Date(v.starts_at).toISOString()).toBe(target.start);
    expect(v.sequence).toBe(1);

    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["visit-confirm", "visit-moved"]);
    const newToken = linkIn(mails[1].text_body);
    expect(newToken).not.toBe(token);
    const cal = parseIcs((await attachmentOf(mails[1].id))[0].content);
    const firstCal = parseIcs((await attachmentOf(first.id))[0].content);
    expect(cal.events[0].props.UID).toBe(firstCal.events[0].props.UID);
    expect(cal.events[0].props.SEQUENCE).toBe("1");
    expect(icsDate(cal.events[0].props.DTSTART).toISOString()).toBe(target.start);
    // The office hears of it.
    const notice = (await mailsTo("office@coastalmarinecapecoral.com")).filter((m) => m.kind === "visit-moved-office").at(-1)!;
    expect(notice.text_body).toMatch(/Robin Canal moved their site visit from .+ to .+/);

    const used = await act({ action: "view", token });
    expect(used.status).toBe(410);
    expect(used.json).toMatchObject({ reason: "used", field: "token" });
    expect(used.json.message).toMatch(/already been used/);
    expect((await act({ action: "reschedule", token, slot: all[12].start })).json.reason).toBe("used");
    expect((await act({ action: "view", token: newToken })).status).toBe(200);
    // The old time is free again, the new one taken.
    const now = (await slots()).map((s) => s.start);
    expect(now).toContain(all[10].start);
    expect(now).not.toContain(target.start);
  });

  it("answers 409 with the next free slots when the new time was taken meanwhile, and 400 naming the slot for a bad one", async () => {
    const all = await slots();
    const mine = await bookOne(all[0]);
    await bookOne(all[1]);
    const token = linkIn((await mailsTo(mine))[0].text_body);
    const taken = await act({ action: "reschedule", token, slot: all[1].start });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ field: "slot", reason: "slot-taken" });
    expect(taken.json.data.next.length).toBeGreaterThan(0);
    const bad = await act({ action: "reschedule", token, slot: "2020-01-01T13:00:00Z" });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe("slot");
    // Neither used the link up.
    expect((await act({ action: "view", token })).status).toBe(200);
  });

  it("cancels once: the time is free again, the invite is withdrawn, and the link then says the visit was cancelled", async () => {
    const all = await slots();
    const email = await bookOne(all[3]);
    const token = linkIn((await mailsTo(email))[0].text_body);
    const r = await act({ action: "cancel", token });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.visit.status).toBe("cancelled");
    await manage.settle();
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["visit-confirm", "visit-cancelled"]);
    const cal = parseIcs((await attachmentOf(mails[1].id))[0].content);
    expect(cal.props.METHOD).toBe("CANCEL");
    expect(cal.events[0].props.STATUS).toBe("CANCELLED");
    expect((await slots()).map((s) => s.start)).toContain(all[3].start);
    const again = await act({ action: "cancel", token });
    expect(again.status).toBe(410);
    expect(again.json.reason).toBe("cancelled");
  });

  it.each<[string, () => Promise<string>, number, string]>([
    ["a forged token", async () => "not.a.token", 400, "invalid"],
    ["garbage", async () => "x".repeat(300), 400, "invalid"],
    ["a session token (another audience)", async () => signSessionToken("00000000-0000-0000-0000-000000000000", new Date(Date.now() + 3_600_000)), 400, "invalid"],
    ["a token signed with another key", async () => signVisitToken({ id: "00000000-0000-0000-0000-000000000000", manage_nonce: "n", ends_at: new Date(Date.now() + 86_400_000) }, new TextEncoder().encode("another-key-another-key-another-key-!")), 400, "invalid"],
    ["a token for no visit", async () => signVisitToken({ id: "00000000-0000-0000-0000-000000000000", manage_nonce: "n", ends_at: new Date(Date.now() + 86_400_000) }), 400, "invalid"],
    ["an expired token", async () => signVisitToken({ id: "00000000-0000-0000-0000-000000000000", manage_nonce: "n", ends_at: new Date(Date.now() - 60_000) }), 410, "expired"],
  ])("gets a clear answer for %s, never a 500", async (_what, make, status, reason) => {
    const token = await make();
    for (const body of [{ action: "view", token }, { action: "cancel", token }, { action: "reschedule", token, slot: (await slots())[0].start }]) {
      const r = await act(body);
      expect(r.status, r.text).toBe(status);
      expect(r.json).toMatchObject({ status: false, field: "token", reason });
      expect(r.json.message.length).toBeGreaterThan(20);
    }
  });

  it("says a visit that has taken place is over", async () => {
    const all = await slots();
    const email = await bookOne(all[15]);
    const token = linkIn((await mailsTo(email))[0].text_body);
    await db().query("UPDATE visits SET status = 'done' WHERE id = $1", [(await visitOf(email)).id]);
    const r = await act({ action: "view", token });
    expect(r.status).toBe(410);
    expect(r.json.reason).toBe("past");
  });

  it("refuses a body that is not one of its actions with a 400 naming the field", async () => {
    expect((await act({ action: "delete", token: "x" })).json.field).toBe("action");
    expect((await act({ action: "reschedule", token: "x" })).json.field).toBe("slot");
    expect((await act({ action: "view" })).json.field).toBe("token");
  });
});
