// Issue 36: a quote request sent from /estimate keeps its estimate. The server recomputes it from
// the visitor's answers with the live price rules (never a figure from the browser), and the lead
// card, the CSV, the office e-mail and Zoho's Description all show it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { quoteBody, useZohoEnv, withBackground } from "../helpers/leads.ts";

const { default: contact } = await import("../../functions/public-contact.ts");
const { default: leadsFn } = await import("../../functions/admin-leads.ts");
const { default: admin } = await import("../../functions/admin-estimate.ts");
const { seedPriceRules } = await import("../../src/server/estimate/seed.ts");
const { leadRef } = await import("../../src/server/crm/records.ts");

const db = useTestDb();
let zoho: FakeZoho;
let undoEnv: () => void;
let office: { token: string };

beforeAll(async () => {
  zoho = await startFakeZoho();
  undoEnv = useZohoEnv(zoho, { LEAD_NOTIFY_EMAIL: "office@example.com" });
  await seedPriceRules(db());
  office = await userWithSession(db(), { role: "admin", email: "office@example.com" });
}, 60_000);
afterAll(async () => {
  undoEnv();
  await zoho.close();
});

/** The example, as the estimator's island sends it (sizes as typed: text). */
const SEAWALL = { project: "seawall", kind: "new", material: "concrete", feet: "120", water: "salt", access: "barge", waterway: "canal" };
let n = 0;
const send = async (over: Record<string, unknown>) => {
  const bg = withBackground(contact);
  const r = await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `estimate${++n}@example.com`, phone: `(239) 555-01${10 + n}`, subject: "Seawalls", ...over }), ip: `203.0.113.${40 + n}` });
  await bg.settle();
  return r;
};
const leadBy = async (email: string) => (await db().query<{ id: string; estimate: any }>("SELECT id, estimate FROM leads WHERE email = $1", [email])).rows[0];
const leadCount = async () => Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n);

describe("a quote request from /estimate", () => {
  it("keeps the estimate the server computed, and the card, the CSV, the office e-mail and Zoho's Description show it", async () => {
    const r = await send({ estimate: SEAWALL, details: "The old wall is leaning." });
    expect(r.status).toBe(200);
    const stored = await leadBy(`estimate${n}@example.com`);
    expect([stored.estimate.low, stored.estimate.high, stored.estimate.rulesVersion, stored.estimate.sample]).toEqual([48_000, 106_000, 1, true]);
    expect(stored.estimate.answers).toEqual({ ...SEAWALL, feet: 120 });
    const line = "Online estimate: $48,000–$106,000 (ballpark, sample prices, price rules v1)";

    // The card.
    const list = await call(leadsFn, "GET", `/api/admin/leads?id=${stored.id}`, { token: office.token });
    const card = list.json.data.data[0];
    expect(card.estimate).toEqual({
      low: 48_000,
      high: 106_000,
      sample: true,
      lines: [line, "Seawalls: A new seawall · 120 ft · Concrete panels · By barge · Salt water · A Cape Coral canal", "Permits: City of Cape Coral dock and seawall permit, 2–6 weeks; State environmental resource permit, 4–12 weeks"],
    });
    expect(card.message).toBe("The old wall is leaning.");

    // The CSV: one column, the lines joined.
    const csv = await call(leadsFn, "GET", "/api/admin/leads?format=csv", { token: office.token });
    expect(csv.text.split("\n")[0]).toContain(",estimate,");
    expect(csv.text).toContain(`${line} | Seawalls: A new seawall · 120 ft`);

    // The office e-mail.
    const mail = (await db().query<{ text_body: string }>("SELECT text_body FROM outbox WHERE kind = 'lead-notify' AND text_body LIKE $1", [`%${stored.id}%`])).rows[0];
    expect(mail.text_body).toContain(line);
    expect(mail.text_body).toContain("Permits: City of Cape Coral dock and seawall permit, 2–6 weeks");

    // Zoho: the lead's and the deal's Description.
    const ld = zoho.records.Leads.find((l) => String(l.Description).includes(leadRef(stored.id)))!;
    const deal = zoho.records.Deals.find((d) => String(d.Deal_Name).includes(leadRef(stored.id)))!;
    expect(String(ld.Description).split("\n").slice(0, 2)).toEqual(["Quote request: Seawalls", line]);
    expect(String(deal.Description)).toContain(line);
  });

  it("never takes a figure from the browser: an answer the estimator does not ask is refused at its field, and nothing is stored", async () => {
    const before = await leadCount();
    for (const [estimate, field, message] of [
      [{ ...SEAWALL, low: 1, high: 2 }, "estimate.low", /not one of the estimator's questions/],
      [{ ...SEAWALL, feet: "10000" }, "estimate.feet", /at most 2,000 ft/],
      [{ ...SEAWALL, feet: "0" }, "estimate.feet", /at least 10 ft/],
      [{ ...SEAWALL, material: "gold" }, "estimate.material", /concrete panels or vinyl sheet piling/],
    ] as const) {
      const r = await send({ estimate });
      expect(r.status, field).toBe(400);
      expect(r.json.field).toBe(field);
      expect(r.json.message).toMatch(message);
    }
    expect(await leadCount()).toBe(before);
  });

  it("computes with the rules live when it arrives: after the office publishes a new seawall price, the same answers give the new range", async () => {
    const view = (await call(admin, "GET", "/api/admin/estimate", { token: office.token })).json.data;
    const draft = view.draft;
    draft.projects.seawall.kinds.new.unit = { low: 300, high: 450 };
    expect((await call(admin, "PUT", "/api/admin/estimate/draft", { body: draft, token: office.token, params: { part: "draft" } })).status).toBe(200);
    expect((await call(admin, "POST", "/api/admin/estimate/publish", { token: office.token, params: { part: "publish" } })).json.data.published).toBe(2);
    await send({ estimate: SEAWALL });
    const stored = await leadBy(`estimate${n}@example.com`);
    // 120 × $300 × 1.6 = $57,600 → $57,500; 120 × $450 × 2 × 1.1 = $118,800 → $119,000.
    expect([stored.estimate.low, stored.estimate.high, stored.estimate.rulesVersion]).toEqual([57_500, 119_000, 2]);
  });

  it("a quote without an estimate has none, as before", async () => {
    expect((await send({})).status).toBe(200);
    expect((await leadBy(`estimate${n}@example.com`)).estimate).toBeNull();
  });
});
