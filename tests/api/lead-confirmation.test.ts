// The visitor's confirmation cannot carry spam (issue 25, item 5): a fixed template with names from
// our own records only, and at most 3 to one address a day, while every lead still reaches the office.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { inquiryBody, quoteBody, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";

const db = useTestDb();
const contactBg = withBackground(contactHandler);
const inquiryBg = withBackground(inquiryHandler);
afterEach(async () => {
  await contactBg.settle();
  await inquiryBg.settle();
});
let ipSeq = 0;
/** A fresh visitor IP per request: the per-IP limit is not what these tests are about. */
const ip = () => `198.51.100.${++ipSeq}`;

const OFFICE = "office@fixture.example.com";
const SPAM = "Buy cheap pills http://spam.example";

beforeAll(async () => {
  // Fixture site (office e-mail, name, phone) and services (Custom Docks, Boat Lifts).
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
  await db().query("INSERT INTO products (id, name) VALUES ('dock-ladder-4', 'Dock Ladder 4-Step')");
});
afterAll(() => {
  delete process.env.CONTENT_DIR;
});

type Mail = { to_address: string; subject: string; text_body: string; kind: string };
const mails = async (kind: string, to?: string) =>
  (
    await db().query<Mail>(
      "SELECT to_address, subject, text_body, kind FROM outbox WHERE kind = $1 AND ($2::text IS NULL OR lower(to_address) = lower($2)) ORDER BY id",
      [kind, to ?? null],
    )
  ).rows;
const officeMailAbout = async (email: string) => (await mails("lead-notify", OFFICE)).filter((m) => m.text_body.includes(`E-mail:   ${email}`));
const quote = (over: Record<string, unknown>) => call(contactBg.fn, "POST", "/api/public/contact", { body: quoteBody(over), ip: ip() });
const inquire = (over: Record<string, unknown>) => call(inquiryBg.fn, "POST", "/api/public/inquiry", { body: inquiryBody(over), ip: ip() });

describe("the confirmation names nothing the visitor typed", () => {
  it("a quote with a spam name and an 'Other' subject: the confirmation carries none of it, the office gets all of it", async () => {
    const email = "victim-1@example.com";
    expect((await quote({ email, fullName: SPAM, subject: `Other: ${SPAM}`, details: SPAM })).status).toBe(200);
    const [confirm] = await mails("lead-confirm", email);
    for (const part of [confirm.subject, confirm.text_body]) {
      expect(part).not.toMatch(/pills|spam\.example|http|Other/i);
    }
    expect(confirm.subject).toBe("We received your quote request - Coastal Marine Construction (test fixture)");
    // A neutral greeting, the company's words and phone, no service named (none was chosen).
    expect(confirm.text_body).toMatch(/^Hello,\n/);
    expect(confirm.text_body).toContain("Thank you for your quote request. ");
    expect(confirm.text_body).toContain("(239) 555-0100");
    const [office] = await officeMailAbout(email);
    expect(office.text_body).toContain(`Name:     ${SPAM}`);
    expect(office.text_body).toContain(`Subject:  Other: ${SPAM}`);
  });

  it("a quote for a service of the catalogue names that service", async () => {
    const email = "boat-lift@example.com";
    expect((await quote({ email, fullName: "Jane Doe", subject: "Boat Lifts" })).status).toBe(200);
    const [confirm] = await mails("lead-confirm", email);
    expect(confirm.text_body).toContain("Thank you for your quote request for Boat Lifts.");
    expect(confirm.text_body).not.toContain("Jane");
  });

  it("an inquiry with a forged product name gets the catalogue's name for its product id", async () => {
    const email = "victim-2@example.com";
    expect((await inquire({ email, fullName: SPAM, productId: "dock-ladder-4", productName: SPAM, subject: SPAM, message: SPAM })).status).toBe(200);
    const [confirm] = await mails("lead-confirm", email);
    expect(confirm.subject).toBe("We received your inquiry - Coastal Marine Construction (test fixture)");
    expect(confirm.text_body).toContain("Thank you for your inquiry about Dock Ladder 4-Step.");
    expect(`${confirm.subject}\n${confirm.text_body}`).not.toMatch(/pills|spam\.example|http/i);
  });

  it("an inquiry about a product id we do not have names no product", async () => {
    const email = "victim-3@example.com";
    expect((await inquire({ email, productId: "no-such-product", productName: SPAM })).status).toBe(200);
    const [confirm] = await mails("lead-confirm", email);
    expect(confirm.text_body).toContain("Thank you for your inquiry. ");
    expect(confirm.text_body).not.toMatch(/pills|spam\.example|no-such-product/i);
  });
});

describe("at most 3 confirmations to one address a day", () => {
  it("the 4th request from one address (any letter case) is stored and sent to the office, without a confirmation", async () => {
    const addresses = ["Flooded@Example.com", "flooded@example.com", "FLOODED@example.com", "flooded@EXAMPLE.com"];
    for (const [i, email] of addresses.entries()) {
      const r = i % 2 ? await inquire({ email, productId: "dock-ladder-4" }) : await quote({ email });
      expect(r.status).toBe(200);
    }
    const leads = await db().query("SELECT id FROM leads WHERE lower(email) = 'flooded@example.com' AND spam_reason IS NULL");
    expect(leads.rowCount).toBe(4);
    expect(await mails("lead-confirm", "flooded@example.com")).toHaveLength(3);
    expect((await mails("lead-notify", OFFICE)).filter((m) => /E-mail: {3}flooded@example\.com/i.test(m.text_body))).toHaveLength(4);
    const log = await db().query<{ level: string; message: string }>("SELECT level, message FROM log WHERE source = 'leads/confirmation'");
    expect(log.rows).toEqual([{ level: "WARN", message: expect.stringMatching(/no confirmation e-mail to the visitor, 3 already went to that address in 24 hours/) }]);
  });

  it("requests from one address at the same moment cannot pass the count together", async () => {
    const email = "burst@example.com";
    const answers = await Promise.all(Array.from({ length: 6 }, () => quote({ email })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await mails("lead-confirm", email)).toHaveLength(3);
    expect(await officeMailAbout(email)).toHaveLength(6);
  });

  it("an address gets confirmations again once its earlier ones are 24 hours old", async () => {
    const email = "returning@example.com";
    for (let i = 0; i < 4; i++) expect((await quote({ email })).status).toBe(200);
    expect(await mails("lead-confirm", email)).toHaveLength(3);
    await db().query("UPDATE outbox SET created_at = now() - interval '25 hours' WHERE kind = 'lead-confirm' AND to_address = $1", [email]);
    expect((await quote({ email })).status).toBe(200);
    expect(await mails("lead-confirm", email)).toHaveLength(4);
  });
});
