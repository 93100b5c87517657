// Issue 25, item 2: phone numbers as people write them are taken, and kept as typed plus what a phone dials.
import { afterEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { inquiryBody, quoteBody, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";
import { listLeads } from "../../src/server/leads/admin-list.ts";
import leadPhone from "../../src/server/db/migrations/011-lead-phone.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
const inquiry = withBackground(inquiryHandler);
afterEach(async () => {
  await contact.settle();
  await inquiry.settle();
});
let n = 0;
const ip = () => `198.51.100.${++n}`;

const phoneOf = async (email: string) =>
  (await db().query<{ phone: string; phone_e164: string | null; phone_ext: string | null }>("SELECT phone, phone_e164, phone_ext FROM leads WHERE email = $1", [email])).rows;

describe("a phone number with an extension or a country code", () => {
  it("a quote with (239) 555-0142 ext. 12 is stored with the phone as typed and in E.164 with its extension", async () => {
    const email = "ext-phone@example.com";
    const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email, phone: "(239) 555-0142 ext. 12" }), ip: ip() });
    expect(r.status).toBe(200);
    expect(await phoneOf(email)).toEqual([{ phone: "(239) 555-0142 ext. 12", phone_e164: "+12395550142", phone_ext: "12" }]);
    // The office's list carries both, for the tap-to-call link.
    const { leads } = await listLeads(db(), 1, 100);
    expect(leads.find((l) => l.email === email)).toMatchObject({ phone: "(239) 555-0142 ext. 12", phoneE164: "+12395550142", phoneExt: "12" });
  });

  it("an inquiry with an international number is stored with its E.164", async () => {
    const email = "intl-phone@example.com";
    const r = await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email, phone: "+44 20 7946 0958" }), ip: ip() });
    expect(r.status).toBe(200);
    expect(await phoneOf(email)).toEqual([{ phone: "+44 20 7946 0958", phone_e164: "+442079460958", phone_ext: null }]);
  });

  it("an inquiry without a phone keeps none", async () => {
    const email = "no-phone@example.com";
    expect((await call(inquiry.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ email }), ip: ip() })).status).toBe(200);
    expect(await phoneOf(email)).toEqual([{ phone: "", phone_e164: null, phone_ext: null }]);
  });

  it.each([
    ["a number without its area code", "555-0142", "Invalid phone: is too short: include the area code"],
    ["words", "call me maybe", "Invalid phone: is not a phone number"],
    ["an extension without digits", "239 555 0142 ext", "Invalid phone: is not a phone number"],
  ])("%s is refused at the field with a message", async (_name, phone, message) => {
    const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ phone }), ip: ip() });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, message });
  });
});

describe("migration 011 reads the phones stored before it", () => {
  it.each([
    ["(239) 555-0134", "+12395550134"],
    ["1-239-555-0134", "+12395550134"],
    ["+1 239 555 0134", "+12395550134"],
    ["+972 52 555 0134", "+972525550134"],
    ["555-0134", null], // no area code
    ["123-456-7890", null], // not a North American number
    ["", null],
  ])("%j → %s", async (phone, e164) => {
    const email = `backfill-${++n}@example.com`;
    await db().query("INSERT INTO leads (kind, first_name, full_name, email, phone, crm_state) VALUES ('quote', '', 'Old Lead', $1, $2, 'disabled')", [email, phone]);
    const backfill = leadPhone.sql.split(/;\s*\n/).find((s) => s.trim().startsWith("UPDATE"))!;
    await db().query(backfill);
    expect(await phoneOf(email)).toEqual([{ phone, phone_e164: e164, phone_ext: null }]);
  });
});
