// Issue 34, item 2: the homeowner hears back at once, by text if they ask for it. Against a fake
// Twilio (tests/helpers/fake-twilio.ts): the consent and its record, the fixed template by the
// published hours, exactly one text under retries and lost answers, one per number per day (a
// database constraint, 20 requests at once), STOP/START/HELP through the signed webhook, previews.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import site from "../../content/site.json" with { type: "json" };
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { inquiryBody, quoteBody, setEnv, withBackground } from "../helpers/leads.ts";
import { startFakeTwilio, type FakeTwilio } from "../helpers/fake-twilio.ts";
import contactHandler from "../../functions/public-contact.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";
import leadsFn from "../../functions/admin-leads.ts";
import releaseHandler from "../../functions/admin-leads-release.ts";
import inboundFn from "../../functions/sms-inbound.ts";
import healthFn from "../../functions/health.ts";
import { runAlertsJob } from "../../src/server/jobs/index.ts";
import { deliverDueTexts } from "../../src/server/sms/outbox.ts";
import { officeClock } from "../helpers/clock.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { SMS_CONSENT_VERSION, smsConsentText } from "../../src/lib/contracts/sms.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
const inquiry = withBackground(inquiryHandler);
const release = withBackground(releaseHandler);
const SITE = "https://www.coastalmarinecapecoral.com";
const INBOUND = `${SITE}/api/sms/inbound`;
const log = createLogger("test");
let twilio: FakeTwilio;
let undoEnv: () => void;
let admin: string;
let seq = 0;
const ip = () => `198.51.100.${++seq % 250}`;
/** A fresh US mobile number for each use ((239) 3NN-NNNN), so tests never share a number's day. */
const newPhone = () => {
  const n = ++seq;
  return { typed: `(239) 3${String(n % 100).padStart(2, "0")}-${String(1000 + n).slice(-4)}`, e164: `+12393${String(n % 100).padStart(2, "0")}${String(1000 + n).slice(-4)}` };
};
const consent = { smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION };

async function quote(over: Record<string, unknown> = {}) {
  const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `q${++seq}@example.com`, ...over }), ip: ip() });
  await contact.settle();
  return r;
}
const leadOf = async (email: string) => (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0]?.id;
const outbox = async (e164: string) =>
  (
    await db().query<{ id: string; lead_id: string; state: string; body: string; attempts: number; last_error: string | null; twilio_sid: string | null; local_day: string }>(
      "SELECT id, lead_id, state, body, attempts, last_error, twilio_sid, to_char(local_day, 'YYYY-MM-DD') AS local_day FROM sms_outbox WHERE to_e164 = $1 ORDER BY id",
      [e164],
    )
  ).rows;
const sentTo = (e164: string) => twilio.messages.filter((m) => m.to === e164);
/** Makes every queued text due now (instead of waiting out its backoff). */
const due = () => db().query("UPDATE sms_outbox SET next_attempt_at = now() WHERE state = 'queued'");
const adminLead = async (id: string) => (await call(leadsFn, "GET", `/api/admin/leads?id=${id}`, { token: admin })).json.data.data[0];
const inbound = (from: string, body: string, opts?: Parameters<FakeTwilio["inbound"]>[3]) => sendInbound(twilio.inbound(INBOUND, from, body, opts));
async function sendInbound(req: Request) {
  // Twilio posts to the public address; the function sees the platform's internal one.
  const internal = new Request(req.url.replace(SITE, "http://localhost:8888"), { method: req.method, headers: req.headers, body: await req.text() });
  const res = await inboundFn(internal, { ip: "54.172.60.1", requestId: crypto.randomUUID(), params: {} } as never);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  undoEnv = setEnv({ ...twilio.env(), TWILIO_TIMEOUT_MS: "1000", SITE_URL: SITE });
  admin = (await userWithSession(db(), { role: "admin" })).token;
});
afterAll(async () => {
  undoEnv();
  await twilio.stop();
});
beforeEach(() => {
  twilio.heal();
  twilio.retryAfter = 1;
});
afterEach(async () => {
  vi.useRealTimers();
  await contact.settle();
  await inquiry.settle();
  delete process.env.CONTEXT;
});

describe("consent", () => {
  it("no consent: the lead is stored, no consent record, no text; the lead card says so", async () => {
    const phone = newPhone();
    const r = await quote({ phone: phone.typed, email: "no-texts@example.com" });
    expect(r.status, r.text).toBe(200);
    await deliverDueTexts(db(), { log });
    expect(sentTo(phone.e164)).toEqual([]);
    expect(await outbox(phone.e164)).toEqual([]);
    const id = await leadOf("no-texts@example.com");
    expect((await db().query("SELECT 1 FROM sms_consents WHERE lead_id = $1", [id])).rowCount).toBe(0);
    expect((await adminLead(id)).sms).toEqual({ consent: false, state: null });
    // Unticked is the same as absent.
    const phone2 = newPhone();
    expect((await quote({ phone: phone2.typed, smsConsent: false })).status).toBe(200);
    expect(sentTo(phone2.e164)).toEqual([]);
  });

  it("a consent without a phone (the inquiry's is optional) is a 400 naming the phone field; nothing is stored", async () => {
    const before = Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n);
    const r = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ phone: "", ...consent }), ip: ip() });
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("phone");
    expect(r.json.message).toMatch(/^Invalid phone: is needed to get text messages/);
    const absent = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: { ...inquiryBody(consent), phone: undefined }, ip: ip() });
    expect(absent.json.field).toBe("phone");
    expect(Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n)).toBe(before);
  });

  it("refuses a number it will not text (overseas, a Caribbean +1), a consent without the wording's version, and a version never shown", async () => {
    for (const phone of ["+44 20 7946 0958", "+1 876 555 0100"]) {
      const r = await quote({ phone, ...consent });
      expect(r.status, phone).toBe(400);
      expect(r.json.field).toBe("phone");
      expect(r.json.message).toMatch(/must be a US mobile number to get text messages/);
    }
    expect((await quote({ phone: newPhone().typed, smsConsent: true })).json.field).toBe("smsConsentVersion");
    expect((await quote({ phone: newPhone().typed, smsConsent: true, smsConsentVersion: "1999-01-01" })).json.field).toBe("smsConsentVersion");
    expect((await quote({ phone: newPhone().typed, smsConsent: "yes", smsConsentVersion: SMS_CONSENT_VERSION })).json.field).toBe("smsConsent");
    // Without the consent, an overseas number is a lead like any other.
    expect((await quote({ phone: "+44 20 7946 0958" })).status).toBe(200);
  });

  it("a consent is stored with the lead: its time, the wording's version and text, the page, and the number it covers", async () => {
    const phone = newPhone();
    const before = Date.now();
    const r = await quote({ phone: phone.typed, email: "consent@example.com", page: "/contact", ...consent });
    expect(r.status, r.text).toBe(200);
    const id = await leadOf("consent@example.com");
    const rec = (await db().query<{ consented_at: Date; wording: string }>("SELECT phone_e164, consented_at, wording_version, wording, page FROM sms_consents WHERE lead_id = $1", [id])).rows[0];
    expect(rec).toMatchObject({ phone_e164: phone.e164, wording_version: SMS_CONSENT_VERSION, wording: smsConsentText(SMS_CONSENT_VERSION, site.name), page: "/contact" });
    expect(rec.wording).toContain("Coastal Marine Construction may send automated text messages about this request");
    expect(new Date(rec.consented_at).getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect((await adminLead(id)).sms).toEqual({ consent: true, state: "sent" });
  });
});

describe("the text", () => {
  it("goes out at once after the answer, from the fixed template: business hours say 'within the hour'", async () => {
    officeClock("2031-03-05", "10:15"); // a Wednesday
    const phone = newPhone();
    const r = await quote({ phone: phone.typed, subject: "Seawalls", ...consent });
    expect(r.status, r.text).toBe(200);
    const [m] = sentTo(phone.e164);
    expect(m.body).toBe(`Coastal Marine Construction got your request for Seawalls. We'll call within the hour from ${site.phone}. Reply STOP to opt out.`);
    expect(m).toMatchObject({ from: twilio.from, messaging_service_sid: null });
    expect((await outbox(phone.e164))[0]).toMatchObject({ state: "sent", twilio_sid: m.sid, attempts: 1, local_day: "2031-03-05" });
  });

  it("after hours it names the next business morning: a Friday evening's request hears 'Monday morning'", async () => {
    officeClock("2031-03-07", "18:40"); // a Friday
    const phone = newPhone();
    expect((await quote({ phone: phone.typed, subject: "Boat Lifts", ...consent })).status).toBe(200);
    expect(sentTo(phone.e164)[0].body).toBe(`Coastal Marine Construction got your request for Boat Lifts. We'll call Monday morning from ${site.phone}. Reply STOP to opt out.`);
    officeClock("2031-03-08", "09:00"); // Saturday morning: still Monday
    const inq = newPhone();
    expect((await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ phone: inq.typed, ...consent }), ip: ip() })).status).toBe(200);
    await inquiry.settle();
    expect(sentTo(inq.e164)[0].body).toBe(`Coastal Marine Construction got your product inquiry. We'll call Monday morning from ${site.phone}. Reply STOP to opt out.`);
  });

  it("carries nothing the visitor typed: not the name, the 'Other' words, the details, the inquiry's subject or message", async () => {
    const typed = ["Jane <b>Evil</b>", "Free iPhone at evil.example", "Call 1-900-555-0199 now", "WIN $$$", "http://bit.ly/x"];
    const phone = newPhone();
    expect((await quote({ phone: phone.typed, fullName: typed[0], subject: typed[1], details: typed[2], address: typed[3], ...consent })).status).toBe(200);
    const inq = newPhone();
    const r = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ phone: inq.typed, fullName: typed[0], subject: typed[1], message: typed[4], productName: typed[3], ...consent }), ip: ip() });
    expect(r.status).toBe(200);
    await inquiry.settle();
    const [q] = sentTo(phone.e164);
    const [i] = sentTo(inq.e164);
    expect(q.body).toMatch(/^Coastal Marine Construction got your quote request\. We'll call .+ from \(239\) 555-0142\. Reply STOP to opt out\.$/);
    expect(i.body).toMatch(/^Coastal Marine Construction got your product inquiry\. We'll call .+ from \(239\) 555-0142\. Reply STOP to opt out\.$/);
    for (const t of typed) for (const word of t.split(/\s+/)) if (word.length > 3) expect(`${q.body} ${i.body}`).not.toContain(word);
    for (const body of [q.body, i.body]) expect(body.length).toBeLessThanOrEqual(160);
  });

  it("a request held as possible spam gets no text; 'Not spam' sends it", async () => {
    const phone = newPhone();
    const r = await quote({ phone: phone.typed, email: "held-sms@example.com", startedAt: Date.now() - 1000, ...consent });
    expect(r.status).toBe(200);
    await deliverDueTexts(db(), { log });
    expect(sentTo(phone.e164)).toEqual([]);
    const id = await leadOf("held-sms@example.com");
    expect((await adminLead(id)).sms).toEqual({ consent: true, state: null });
    const rel = await call(release.fn, "POST", `/api/admin/leads/${id}/release`, { token: admin, params: { id }, body: {} });
    expect(rel.status, rel.text).toBe(200);
    await release.settle();
    expect(sentTo(phone.e164)).toHaveLength(1);
    expect((await adminLead(id)).sms).toEqual({ consent: true, state: "sent" });
  });
});

describe("exactly once", () => {
  it("a 429 is retried after its Retry-After, without asking Twilio's list (nothing was taken): by the submit itself when it is short", async () => {
    twilio.failNext(1, 429);
    const phone = newPhone();
    const started = Date.now();
    await quote({ phone: phone.typed, ...consent });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(sentTo(phone.e164)).toHaveLength(1);
    expect(twilio.callsFor(phone.e164)).toEqual({ posts: 2, lists: 0 });
    expect((await outbox(phone.e164))[0]).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("a long Retry-After is left to the every-minute job, which honours it", async () => {
    twilio.retryAfter = 30;
    twilio.failNext(1, 429);
    const phone = newPhone();
    await quote({ phone: phone.typed, ...consent });
    const [row] = await outbox(phone.e164);
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row.last_error).toMatch(/429/);
    const wait = (await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS s FROM sms_outbox WHERE id = $1", [row.id])).rows[0].s;
    expect(wait).toBeGreaterThan(27);
    expect(wait).toBeLessThanOrEqual(30);
    // Not due yet: the job leaves it.
    expect((await deliverDueTexts(db(), { log })).tried).toBe(0);
    await due();
    const r = await runAlertsJob(db(), log);
    expect(r).toMatch(/texts 1 tried, 1 sent/);
    expect(sentTo(phone.e164)).toHaveLength(1);
    expect(twilio.callsFor(phone.e164)).toEqual({ posts: 2, lists: 0 });
    expect((await outbox(phone.e164))[0]).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("every lost answer is checked on Twilio's list before a second try: taken-then-500, taken-then-silence, 500, silence: one text each", async () => {
    const ways = [
      { how: "500-after", taken: true },
      { how: "timeout-after", taken: true },
      { how: 500, taken: false },
      { how: 503, taken: false },
      { how: "timeout", taken: false },
    ] as const;
    const phones = ways.map(() => newPhone());
    ways.forEach((w, i) => twilio.failNext(1, w.how, { to: phones[i].e164 }));
    // At once, as visitors do: each meets its own failure, and its submit retries it.
    const answers = await Promise.all(phones.map((p) => call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `lost${++seq}@example.com`, phone: p.typed, ...consent }), ip: ip() })));
    expect(answers.map((a) => a.status)).toEqual(ways.map(() => 200));
    await contact.settle();
    ways.forEach((w, i) => {
      const e164 = phones[i].e164;
      expect(sentTo(e164), String(w.how)).toHaveLength(1);
      expect(twilio.callsFor(e164), String(w.how)).toEqual({ posts: w.taken ? 1 : 2, lists: 1 });
    });
    for (const [i, p] of phones.entries()) {
      const [row] = await outbox(p.e164);
      expect(row, String(ways[i].how)).toMatchObject({ state: "sent", attempts: 2, twilio_sid: sentTo(p.e164)[0].sid });
      if (ways[i].taken) expect(row.last_error).toBe("found on Twilio's list after a lost answer: not sent again");
    }
  });

  it("when Twilio's list cannot be read, nothing is sent again until it can (the job carries on after the submit)", async () => {
    const phone = newPhone();
    twilio.retryAfter = 60;
    twilio.failNext(1, "500-after", { to: phone.e164 });
    twilio.failNext(1, 429, { lists: true, to: phone.e164 });
    await quote({ phone: phone.typed, ...consent });
    // The submit asked for the list (a 429 asking for a minute), and sent nothing again.
    expect(twilio.callsFor(phone.e164)).toEqual({ posts: 1, lists: 1 });
    const [row] = await outbox(phone.e164);
    expect(row.state).toBe("queued");
    const wait = (await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS s FROM sms_outbox WHERE id = $1", [row.id])).rows[0].s;
    expect(wait).toBeGreaterThan(55);
    await due();
    expect(await deliverDueTexts(db(), { log })).toMatchObject({ tried: 1, sent: 1, checked: 1, found: 1 });
    expect(twilio.callsFor(phone.e164)).toEqual({ posts: 1, lists: 2 });
    expect(sentTo(phone.e164)).toHaveLength(1);
  });

  it("a sender that stopped mid-way: once its lease runs out the next run finds its text on Twilio; the late sender changes nothing", async () => {
    const undo = setEnv({ TWILIO_TIMEOUT_MS: "1500" });
    const phone = newPhone();
    twilio.failNext(1, "timeout-after", { to: phone.e164 });
    const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `lease${++seq}@example.com`, phone: phone.typed, ...consent }), ip: ip() });
    expect(r.status).toBe(200);
    // The first try is in flight: Twilio took it and does not answer.
    await vi.waitFor(() => expect(sentTo(phone.e164)).toHaveLength(1));
    // Its lease runs out (a frozen function): the job claims the row and checks Twilio's list.
    await db().query("UPDATE sms_outbox SET claimed_until = now() - interval '1 second', next_attempt_at = now() WHERE to_e164 = $1", [phone.e164]);
    expect(await deliverDueTexts(db(), { log })).toMatchObject({ tried: 1, sent: 1, found: 1 });
    await contact.settle(); // the first sender times out now, and must not undo that
    undo();
    const [row] = await outbox(phone.e164);
    expect(row).toMatchObject({ state: "sent", attempts: 2, last_error: "found on Twilio's list after a lost answer: not sent again" });
    expect(sentTo(phone.e164)).toHaveLength(1);
  });

  it("30 visitors at once while Twilio fails half its calls every way it can: each number gets exactly one text", async () => {
    twilio.failRandomly(0.5);
    const phones = Array.from({ length: 30 }, newPhone);
    const answers = await Promise.all(phones.map((p) => call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `rnd${++seq}@example.com`, phone: p.typed, ...consent }), ip: ip() })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await contact.settle();
    for (let round = 0; round < 30; round++) {
      const left = Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM sms_outbox WHERE state = 'queued'")).rows[0].n);
      if (!left) break;
      await due();
      await deliverDueTexts(db(), { log });
    }
    twilio.heal();
    for (const p of phones) {
      expect(sentTo(p.e164), p.e164).toHaveLength(1);
      expect((await outbox(p.e164))[0].state).toBe("sent");
    }
  });

  it("a text that could not go while what it says held is not sent late", async () => {
    twilio.retryAfter = 60;
    const phone = newPhone();
    twilio.failNext(1, 429, { to: phone.e164 });
    await quote({ phone: phone.typed, ...consent });
    await db().query("UPDATE sms_outbox SET expires_at = now() - interval '1 minute', next_attempt_at = now() WHERE to_e164 = $1", [phone.e164]);
    await deliverDueTexts(db(), { log });
    expect((await outbox(phone.e164))[0]).toMatchObject({ state: "failed" });
    expect((await outbox(phone.e164))[0].last_error).toMatch(/too late/);
    expect(sentTo(phone.e164)).toEqual([]);
  });

  it("a landline is given up at once (Twilio 21614), and the lead card says failed", async () => {
    const phone = newPhone();
    twilio.landline(phone.e164);
    await quote({ phone: phone.typed, email: "landline@example.com", ...consent });
    expect((await outbox(phone.e164))[0]).toMatchObject({ state: "failed" });
    expect((await outbox(phone.e164))[0].last_error).toMatch(/21614/);
    expect((await adminLead(await leadOf("landline@example.com"))).sms).toEqual({ consent: true, state: "failed" });
  });

  it("sends through a Messaging Service when one is set", async () => {
    const undo = setEnv(twilio.env({ service: true }));
    try {
      const phone = newPhone();
      await quote({ phone: phone.typed, ...consent });
      expect(sentTo(phone.e164)[0]).toMatchObject({ messaging_service_sid: twilio.messagingServiceSid, from: null });
    } finally {
      undo();
    }
  });
});

describe("one text per number per day", () => {
  it("a second request from the same number the same day gets none; the next office day it gets one", async () => {
    officeClock("2031-04-01", "23:10"); // Tuesday, 11:10 pm in Cape Coral (already Wednesday in UTC)
    const phone = newPhone();
    expect((await quote({ phone: phone.typed, email: "day1@example.com", ...consent })).status).toBe(200);
    expect((await quote({ phone: phone.typed, email: "day1b@example.com", subject: "Dredging", ...consent })).status).toBe(200);
    expect(sentTo(phone.e164)).toHaveLength(1);
    vi.useRealTimers(); // the admin's session is checked by the real clock
    expect((await adminLead(await leadOf("day1b@example.com"))).sms).toEqual({ consent: true, state: null });
    officeClock("2031-04-02", "00:20"); // Wednesday by the office's clock
    expect((await quote({ phone: phone.typed, email: "day2@example.com", ...consent })).status).toBe(200);
    expect(sentTo(phone.e164)).toHaveLength(2);
    expect((await outbox(phone.e164)).map((r) => r.local_day)).toEqual(["2031-04-01", "2031-04-02"]);
  });

  it("is the database's rule, not the code's: a second row for a number and day is refused by the unique index", async () => {
    const phone = newPhone();
    const insert = () =>
      db().query("INSERT INTO sms_outbox (to_e164, local_day, body, expires_at) VALUES ($1, '2031-05-01', 'x', now() + interval '1 hour')", [phone.e164]);
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: "23505" });
    await db().query("DELETE FROM sms_outbox WHERE to_e164 = $1", [phone.e164]);
  });

  it("20 requests at once from one number: 20 leads with their consent, one text", async () => {
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `burst${i}-${seq}@example.com`, phone: phone.typed, ...consent }), ip: `192.0.2.${i + 1}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await contact.settle();
    await deliverDueTexts(db(), { log });
    const consents = await db().query<{ n: string }>("SELECT count(*) AS n FROM sms_consents WHERE phone_e164 = $1", [phone.e164]);
    expect(Number(consents.rows[0].n)).toBe(20);
    expect(await outbox(phone.e164)).toHaveLength(1);
    expect(sentTo(phone.e164)).toHaveLength(1);
  });
});

describe("STOP, START and HELP (the signed webhook)", () => {
  it("STOP puts the number on the opt-out list (Twilio confirms it itself); a request from it then gets no text", async () => {
    const phone = newPhone();
    const r = await inbound(phone.e164, "STOP");
    expect(r).toEqual({ status: 200, type: "text/xml; charset=utf-8", text: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' });
    expect((await db().query("SELECT keyword FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rows).toEqual([{ keyword: "STOP" }]);
    await quote({ phone: phone.typed, email: "stopped@example.com", ...consent });
    await deliverDueTexts(db(), { log });
    expect(sentTo(phone.e164)).toEqual([]);
    expect((await adminLead(await leadOf("stopped@example.com"))).sms).toEqual({ consent: true, state: "opted-out" });
  });

  it.each(["STOPALL", "unsubscribe", "Cancel", "END", "quit", " stop. "])("%j is a STOP", async (word) => {
    const phone = newPhone();
    expect((await inbound(phone.e164, word)).status).toBe(200);
    expect((await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rowCount).toBe(1);
  });

  it("a STOP in other words is a STOP too, and the site confirms it (Twilio does not know it)", async () => {
    const phone = newPhone();
    const r = await inbound(phone.e164, "Please stop texting me");
    expect(r.text).toContain("<Message>Coastal Marine Construction: you will get no more texts from us. Reply START to get them again.</Message>");
    expect((await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rowCount).toBe(1);
  });

  it("a STOP that arrives while a text waits for a retry stops it", async () => {
    twilio.retryAfter = 60;
    const phone = newPhone();
    twilio.failNext(1, 429, { to: phone.e164 });
    await quote({ phone: phone.typed, ...consent });
    expect((await outbox(phone.e164))[0].state).toBe("queued");
    await inbound(phone.e164, "stop");
    await due();
    await runAlertsJob(db(), log);
    expect(sentTo(phone.e164)).toEqual([]);
    expect((await outbox(phone.e164))[0].state).toBe("opted-out");
  });

  it("START (YES, UNSTOP) takes it off the list: the answer says texts may come, and the next request gets its text", async () => {
    for (const word of ["START", "yes", "UNSTOP"]) {
      const phone = newPhone();
      await inbound(phone.e164, "STOP");
      await quote({ phone: phone.typed, ...consent });
      expect(sentTo(phone.e164)).toEqual([]);
      const r = await inbound(phone.e164, word);
      expect(r.text).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Coastal Marine Construction: you can get texts about your requests again. Reply HELP for help, STOP to opt out.</Message></Response>',
      );
      expect((await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rowCount).toBe(0);
      // The opted-out row held no place in the day: a request the same day gets its text.
      await quote({ phone: phone.typed, ...consent });
      expect(sentTo(phone.e164), word).toHaveLength(1);
    }
  });

  it("HELP (INFO) answers who texts, why, the office's phone and how to stop, and changes nothing", async () => {
    const phone = newPhone();
    for (const word of ["HELP", "info"]) {
      const r = await inbound(phone.e164, word);
      expect(r.text).toContain(`<Message>Coastal Marine Construction: texts about your request, up to 2 per request. Msg &amp; data rates may apply. Call ${site.phone}. Reply STOP to opt out.</Message>`);
    }
    expect((await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rowCount).toBe(0);
    const kept = await db().query("SELECT keyword FROM sms_inbound WHERE from_e164 = $1 ORDER BY received_at", [phone.e164]);
    expect(kept.rows).toEqual([{ keyword: "HELP" }, { keyword: "HELP" }]);
  });

  it("a reply that is no keyword is neither kept nor answered", async () => {
    const phone = newPhone();
    expect((await inbound(phone.e164, "Thanks, Monday is fine")).text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await db().query("SELECT 1 FROM sms_inbound WHERE from_e164 = $1", [phone.e164])).rowCount).toBe(0);
  });

  it("Twilio's own opt-out list (error 21610 on send) puts the number on ours", async () => {
    const phone = newPhone();
    twilio.unsubscribed(phone.e164);
    await quote({ phone: phone.typed, ...consent });
    expect((await outbox(phone.e164))[0].state).toBe("opted-out");
    expect((await db().query("SELECT keyword FROM sms_opt_outs WHERE phone_e164 = $1", [phone.e164])).rows).toEqual([{ keyword: "twilio-21610" }]);
  });
});

describe("the webhook's signature", () => {
  const optedOut = async (e164: string) => (await db().query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [e164])).rowCount;

  it("no signature, a wrong one, another token's, another address's, or a changed body: 403, and nothing happens", async () => {
    const phone = newPhone();
    const cases: [string, Request][] = [
      ["missing", twilio.inbound(INBOUND, phone.e164, "STOP", { signature: null })],
      ["garbage", twilio.inbound(INBOUND, phone.e164, "STOP", { signature: "not-a-signature" })],
      ["another token", twilio.inbound(INBOUND, phone.e164, "STOP", { signature: twilio.sign(INBOUND, {}, "wrong-token") })],
      ["empty", twilio.inbound(INBOUND, phone.e164, "STOP", { signature: "" })],
    ];
    // Signed for another site's address.
    const other = twilio.inbound("https://evil.example/api/sms/inbound", phone.e164, "STOP");
    cases.push(["another address", new Request(INBOUND, { method: "POST", headers: other.headers, body: await other.text() })]);
    // Signed, then a parameter changed on the way.
    const signed = twilio.inbound(INBOUND, phone.e164, "START");
    cases.push(["changed body", new Request(INBOUND, { method: "POST", headers: signed.headers, body: (await signed.text()).replace("Body=START", "Body=STOP") })]);
    for (const [what, req] of cases) {
      const r = await sendInbound(req);
      expect(r.status, what).toBe(403);
      expect(JSON.parse(r.text), what).toMatchObject({ status: false, field: "x-twilio-signature" });
    }
    expect(await optedOut(phone.e164)).toBe(0);
  });

  it("another Twilio account's signed request is refused too, and so are a JSON body, a GET and an oversized body", async () => {
    const phone = newPhone();
    expect((await inbound(phone.e164, "STOP", { extra: { AccountSid: "AC00000000000000000000000000000000" } })).status).toBe(403);
    const json = await sendInbound(new Request(INBOUND, { method: "POST", headers: { "content-type": "application/json", "x-twilio-signature": "x" }, body: "{}" }));
    expect(json.status).toBe(415);
    expect((await call(inboundFn, "GET", "/api/sms/inbound")).status).toBe(405);
    const big = twilio.inbound(INBOUND, phone.e164, "x".repeat(40_000));
    expect((await sendInbound(big)).status).toBe(413);
    expect(await optedOut(phone.e164)).toBe(0);
  });

  it("is checked against the address Twilio posted to (SITE_URL), whatever address the platform gives the function", async () => {
    const phone = newPhone();
    expect((await inbound(phone.e164, "STOP")).status).toBe(200);
    expect(await optedOut(phone.e164)).toBe(1);
  });

  it("without Twilio settings no request can be verified: 403", async () => {
    const undo = setEnv({ TWILIO_AUTH_TOKEN: "" });
    try {
      expect((await inbound(newPhone().e164, "STOP")).status).toBe(403);
    } finally {
      undo();
    }
  });
});

describe("deploy previews and missing settings", () => {
  it("a preview never texts: the text is kept with the reason, and the job leaves it; health says so", async () => {
    process.env.CONTEXT = "deploy-preview";
    expect((await call(healthFn, "GET", "/api/health")).json.data.sms).toBe("off-preview");
    const phone = newPhone();
    await quote({ phone: phone.typed, email: "preview-sms@example.com", ...consent });
    await runAlertsJob(db(), log);
    expect(sentTo(phone.e164)).toEqual([]);
    const [row] = await outbox(phone.e164);
    expect(row).toMatchObject({ state: "preview", last_error: "not sent: a preview deploy never texts" });
    expect(row.body).toMatch(/^Coastal Marine Construction got your request for Boat Lifts\./);
    delete process.env.CONTEXT;
    expect((await adminLead(await leadOf("preview-sms@example.com"))).sms).toEqual({ consent: true, state: "preview" });
    await runAlertsJob(db(), log);
    expect(sentTo(phone.e164)).toEqual([]);
  });

  it("without Twilio settings a text waits in the outbox with the reason, and goes once they are set", async () => {
    const undo = setEnv({ TWILIO_FROM: "", TWILIO_MESSAGING_SERVICE_SID: "" });
    const phone = newPhone();
    try {
      await quote({ phone: phone.typed, ...consent });
      expect((await outbox(phone.e164))[0]).toMatchObject({ state: "queued", attempts: 0 });
      expect((await outbox(phone.e164))[0].last_error).toMatch(/Twilio is not set up/);
    } finally {
      undo();
    }
    await runAlertsJob(db(), log);
    expect(sentTo(phone.e164)).toHaveLength(1);
    expect((await call(healthFn, "GET", "/api/health")).json.data.sms).toBe("twilio");
  });
});
