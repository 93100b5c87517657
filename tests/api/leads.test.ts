import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { inquiryBody, quoteBody, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";
import services from "../../functions/services.ts";
import { LEAD_SUBMIT_PER_IP } from "../../src/server/leads/submit.ts";

const db = useTestDb();
// The e-mails are sent after the answer; each test waits for that work before the next.
const contactBg = withBackground(contactHandler);
const inquiryBg = withBackground(inquiryHandler);
const contact = contactBg.fn;
const inquiry = inquiryBg.fn;
afterEach(async () => {
  await contactBg.settle();
  await inquiryBg.settle();
});
let ipSeq = 0;
/** A fresh visitor IP per request, so the rate limit only bites where a test wants it to. */
const ip = () => `198.51.100.${++ipSeq % 250}-${ipSeq}`;

beforeAll(() => {
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
});
afterAll(() => {
  delete process.env.CONTENT_DIR;
  delete process.env.LEAD_NOTIFY_EMAIL;
});
beforeEach(() => {
  delete process.env.LEAD_NOTIFY_EMAIL;
});

const leadByEmail = async (email: string) =>
  (
    await db().query<Record<string, any>>(
      `SELECT id, kind, full_name, email, phone, address, subject, message, product_id, product_name,
        source_page, landing_page, referrer, utm, user_agent, ip_hash, spam_reason, crm_state FROM leads WHERE email = $1 ORDER BY created_at`,
      [email],
    )
  ).rows;
const mailsTo = async (...to: string[]) =>
  (await db().query<{ to_address: string; subject: string; text_body: string; kind: string }>(
    "SELECT to_address, subject, text_body, kind FROM outbox WHERE to_address = ANY($1) ORDER BY id",
    [to],
  )).rows;

describe("POST /api/public/contact (quote request)", () => {
  it("stores the quote with its source, answers {data:{status:true}} and queues both e-mails", async () => {
    const email = "quote-happy@example.com";
    const r = await call(contact, "POST", "/api/public/contact", {
      body: quoteBody({ email, landing: "/services/seawalls?utm_source=google" }),
      ip: "203.0.113.50",
      headers: { "user-agent": "TestBrowser/1.0" },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { status: true } });
    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({
      kind: "quote",
      full_name: "Jane Doe",
      phone: "(239) 555-0134",
      address: "123 Canal St, Cape Coral, FL",
      subject: "Boat Lifts",
      source_page: "/contact",
      // Where the visit landed (issue 28), apart from the page the form was sent from.
      landing_page: "/services/seawalls?utm_source=google",
      referrer: "https://www.google.com/",
      utm: { source: "google", medium: "cpc", campaign: "docks" },
      user_agent: "TestBrowser/1.0",
      spam_reason: null,
      crm_state: "disabled",
    });
    expect(lead.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(lead.ip_hash).not.toContain("203.0.113.50");
    // First and last name are derived by the CRM client when it syncs, never stored (the old
    // columns stay empty until a later migration drops them: see 007-lead-names).
    const names = await db().query<{ first_name: string; last_name: string }>("SELECT first_name, last_name FROM leads WHERE id = $1", [lead.id]);
    expect(names.rows[0]).toEqual({ first_name: "", last_name: "" });
    const mails = await mailsTo("office@fixture.example.com", email);
    expect(mails.map((m) => [m.to_address, m.kind])).toEqual([
      ["office@fixture.example.com", "lead-notify"],
      [email, "lead-confirm"],
    ]);
    expect(mails[0].text_body).toContain("Jane Doe");
    expect(mails[0].text_body).toContain(lead.id);
  });

  it("sends the office notification to LEAD_NOTIFY_EMAIL when it is set", async () => {
    process.env.LEAD_NOTIFY_EMAIL = "sales@override.example.com";
    const email = "quote-override@example.com";
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() })).status).toBe(200);
    const notify = (await mailsTo("sales@override.example.com")).filter((m) => m.text_body.includes(email));
    expect(notify).toHaveLength(1);
  });

  it("keeps a visitor's line breaks out of the e-mail subject", async () => {
    process.env.LEAD_NOTIFY_EMAIL = "subject-check@example.com";
    const r = await call(contact, "POST", "/api/public/contact", {
      body: quoteBody({ email: "subject@example.com", subject: "Seawalls" }),
      ip: ip(),
    });
    expect(r.status).toBe(200);
    const [m] = await mailsTo("subject-check@example.com");
    expect(m.subject).toBe("New quote request: Seawalls");
  });
});

describe("POST /api/public/inquiry (product inquiry)", () => {
  it("stores the inquiry with the product, defaults the subject and answers {status, message}", async () => {
    const email = "inquiry-happy@example.com";
    const r = await call(inquiry, "POST", "/api/public/inquiry", { body: inquiryBody({ email }), ip: ip() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, message: "Thank you for your inquiry" });
    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({
      kind: "inquiry",
      product_id: "dock-ladder-4",
      product_name: "Dock Ladder 4-Step",
      subject: "Inquiry about Dock Ladder 4-Step",
      phone: "",
      crm_state: "disabled",
    });
  });

  it("keeps a subject the visitor typed", async () => {
    const email = "inquiry-subject@example.com";
    await call(inquiry, "POST", "/api/public/inquiry", { body: inquiryBody({ email, subject: "Do you ship to Naples?" }), ip: ip() });
    expect((await leadByEmail(email))[0].subject).toBe("Do you ship to Naples?");
  });
});

describe("bad input is refused with a clear 4xx and nothing is stored", () => {
  const cases: [string, (typeof contact), unknown, number, string | undefined][] = [
    ["malformed JSON", contact, "{not json", 400, undefined], // the body as a whole: no field is named
    ["an array body", contact, [1, 2], 400, undefined], // the body as a whole: no field is named
    ["a missing full name", contact, quoteBody({ fullName: undefined }), 400, "fullName"],
    ["a blank full name", contact, quoteBody({ fullName: "   " }), 400, "fullName"],
    ["an e-mail without @", contact, quoteBody({ email: "jane.example.com" }), 400, "email"],
    ["a phone made of letters", contact, quoteBody({ phone: "call me maybe" }), 400, "phone"],
    ["a phone with too few digits", contact, quoteBody({ phone: "555-01" }), 400, "phone"],
    ["a missing phone on a quote", contact, quoteBody({ phone: "" }), 400, "phone"],
    ["a number as the name", contact, quoteBody({ fullName: 42 }), 400, "fullName"],
    ["an unknown field", contact, quoteBody({ isAdmin: true }), 400, "isAdmin"],
    ["an unknown UTM key", contact, quoteBody({ utm: { source: "x", evil: "y" } }), 400, "utm.evil"],
    ["a 121-character name", contact, quoteBody({ fullName: "x".repeat(121) }), 400, "fullName"],
    ["a NUL character", contact, quoteBody({ address: "a\u0000b" }), 400, "address"],
    ["a lone surrogate in the UTM", contact, quoteBody({ utm: { source: "\ud800" } }), 400, "utm.source"],
    ["a line break in the subject", contact, quoteBody({ subject: "Docks\r\nBcc: x@evil.example" }), 400, "subject"],
    ["a startedAt that is a string", contact, quoteBody({ startedAt: "yesterday" }), 400, "startedAt"],
    ["a missing product id", inquiry, inquiryBody({ productId: undefined }), 400, "productId"],
    ["a product id with a path in it", inquiry, inquiryBody({ productId: "../../etc/passwd" }), 400, "productId"],
    ["a 2001-character message", inquiry, inquiryBody({ message: "m".repeat(2001) }), 400, "message"],
    ["a 10,000-character message", inquiry, inquiryBody({ message: "מ".repeat(10_000) }), 400, "message"],
    ["10,000 characters of project details", contact, quoteBody({ details: "🌊".repeat(5_000) }), 400, "details"],
    ["2001 characters of project details", contact, quoteBody({ details: "d".repeat(2001) }), 400, "details"],
    ["photos over the limit", contact, quoteBody({ photos: 6 }), 400, "photos"],
    ["a negative photo count", contact, quoteBody({ photos: -1 }), 400, "photos"],
    ["a fractional photo count", contact, quoteBody({ photos: 1.5 }), 400, "photos"],
    ["photos on an inquiry", inquiry, inquiryBody({ photos: 1 }), 400, "photos"],
    ["an e-mail as a list", inquiry, inquiryBody({ email: ["a@b.co"] }), 400, "email"],
    ["a body over 64 KB", inquiry, inquiryBody({ message: "m".repeat(70_000) }), 413, "body"],
  ];
  it.each(cases)("%s", async (_name, fn, body, status, field) => {
    const before = Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n);
    const r = await call(fn, "POST", "/api/public/x", { body, ip: ip() });
    expect(r.status).toBe(status);
    expect(r.json.status).toBe(false);
    expect(r.json.message).toEqual(expect.any(String));
    // Every case states the field its answer names; undefined: the answer names none.
    expect(r.json.field).toBe(field);
    const after = Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n);
    expect(after).toBe(before);
  });

  it("refuses GET with 405", async () => {
    expect((await call(contact, "GET", "/api/public/contact")).status).toBe(405);
    expect((await call(inquiry, "GET", "/api/public/inquiry")).status).toBe(405);
  });
});

describe("spam is answered like a lead but flagged, never mailed or synced", () => {
  it.each([
    ["the honeypot is filled", () => ({ website: "http://spam.example" }), "honeypot"],
    ["the form was sent 1 s after it appeared", () => ({ startedAt: Date.now() - 1000 }), "too-fast"],
  ])("when %s", async (_name, over, reason) => {
    const email = `spam-${reason}@example.com`;
    const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email, ...over() }), ip: ip() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { status: true } });
    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({ spam_reason: reason, crm_state: "disabled" });
    expect(await mailsTo(email)).toEqual([]);
  });

  it("does not take a visitor whose clock runs ahead of ours for a bot", async () => {
    const email = "clock-ahead@example.com";
    await call(inquiry, "POST", "/api/public/inquiry", { body: inquiryBody({ email, startedAt: Date.now() + 60_000 }), ip: ip() });
    expect((await leadByEmail(email))[0].spam_reason).toBeNull();
  });
});

describe("rate limit per IP", () => {
  it(`accepts ${LEAD_SUBMIT_PER_IP.max} submissions from one IP, then answers 429 with Retry-After`, async () => {
    const visitor = "192.0.2.77";
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i <= LEAD_SUBMIT_PER_IP.max; i++) {
      last = await call(i % 2 ? inquiry : contact, "POST", "/api/public/x", {
        body: i % 2 ? inquiryBody({ email: `burst${i}@example.com` }) : quoteBody({ email: `burst${i}@example.com` }),
        ip: visitor,
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody(), ip: "192.0.2.78" })).status).toBe(200);
  });
});

describe("GET /api/services", () => {
  it("answers the service catalogue from content/services.json", async () => {
    const r = await call(services, "GET", "/api/services");
    expect(r.status).toBe(200);
    expect(r.json.status).toBe(true);
    expect(r.json.data.map((s: { slug: string }) => s.slug)).toEqual(["dock-construction", "boat-lifts"]);
    expect(r.json.data[0].options).toHaveLength(4);
  });

  it("answers 503 without a stack trace when the catalogue file is missing", async () => {
    process.env.CONTENT_DIR = "/nonexistent";
    try {
      const r = await call(services, "GET", "/api/services");
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ status: false, message: "The service list is unavailable right now" });
    } finally {
      process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
    }
  });
});
