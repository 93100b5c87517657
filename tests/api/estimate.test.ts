// Issue 36: the estimator on the server. The office's price rules are a published document (draft,
// publish, history, restore, a rebuild asked for); the public endpoint computes with the live rules
// only, answers a JSON estimate or, for the no-JavaScript form, a page; bad answers get a 400 naming
// the field; another site's page, other content types and oversized bodies are refused.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";

const { default: admin } = await import("../../functions/admin-estimate.ts");
const { default: estimateFn } = await import("../../functions/estimate.ts");
const { default: siteFn } = await import("../../functions/admin-site.ts");
const { seedPriceRules } = await import("../../src/server/estimate/seed.ts");
const { seedSiteContent } = await import("../../src/server/site-content/seed.ts");

const db = useTestDb();
let office: { token: string };
let user: { token: string };

beforeAll(async () => {
  expect(await seedPriceRules(db())).toBe("version 1 from content/estimate.json (sample prices)");
  expect(await seedPriceRules(db()), "never over what is there").toBeNull();
  await seedSiteContent(db());
  office = await userWithSession(db(), { role: "admin", email: "office@example.com" });
  user = await userWithSession(db(), { role: "user", email: "visitor@example.com" });
}, 60_000);

beforeEach(() => {
  vi.stubEnv("BUILD_HOOK_URL", "");
});

const view = (token = office.token) => call(admin, "GET", "/api/admin/estimate", { token });
const save = (body: unknown, token = office.token) => call(admin, "PUT", "/api/admin/estimate/draft", { body, token, params: { part: "draft" } });
const publish = (token = office.token) => call(admin, "POST", "/api/admin/estimate/publish", { token, params: { part: "publish" } });
const restore = (version: number | string, token = office.token) => call(admin, "POST", `/api/admin/estimate/restore/${version}`, { token, params: { version: String(version) } });
const SEAWALL = { project: "seawall", kind: "new", material: "concrete", feet: 120, water: "salt", access: "barge", waterway: "canal" };
const estimate = (body: unknown, headers: Record<string, string> = {}) => call(estimateFn, "POST", "/api/estimate", { body, headers });
const form = (body: string, headers: Record<string, string> = { origin: "http://localhost:8888" }) =>
  call(estimateFn, "POST", "/api/estimate", { body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

describe("who may change the prices", () => {
  it("answers 401 without a session and 403 to a signed-in visitor, for every call", async () => {
    const draft = (await view()).json.data.draft;
    for (const [token, status] of [["", 401], [user.token, 403]] as const) {
      expect((await view(token)).status).toBe(status);
      expect((await save(draft, token)).status).toBe(status);
      expect((await publish(token)).status).toBe(status);
      expect((await restore(1, token)).status).toBe(status);
    }
  });
});

describe("the office's price rules: draft, publish, history, restore", () => {
  it("starts from content/estimate.json as version 1, every part sample, nothing to publish", async () => {
    const r = await view();
    expect(r.status).toBe(200);
    expect(r.json.data.live).toMatchObject({ version: 1, publishedBy: "content/ (seed)" });
    expect(r.json.data.changed).toBe(false);
    expect(r.json.data.draft.projects.seawall.kinds.new.unit).toEqual({ low: 250, high: 400 });
    expect(r.json.data.live.rules).toEqual(r.json.data.draft);
    expect((await publish()).status).toBe(409);
  });

  it("refuses numbers that would break the estimator's promises, naming the field", async () => {
    const draft = (await view()).json.data.draft;
    const bad: [string, (d: any) => void, string, RegExp][] = [
      ["a low above its high", (d) => (d.projects.seawall.kinds.new.unit = { low: 500, high: 400 }), "projects.seawall.kinds.new.unit.high", /low end must not be above/],
      ["a barge factor under 1 (barge cheaper than land)", (d) => (d.projects.seawall.barge = { low: 0.8, high: 1.2 }), "projects.seawall.barge.low", /at least 1/],
      ["a negative price", (d) => (d.projects.dock.minimum.low = -1), "projects.dock.minimum.low", /negative/],
      ["a price as text", (d) => (d.projects.lift.kinds.cable.unit.high = "1500"), "projects.lift.kinds.cable.unit.high", /number/],
      ["an unknown material", (d) => (d.projects.seawall.materials.gold = { low: 1, high: 1 }), "projects.seawall.materials.gold", /unknown field/],
      ["a missing kind", (d) => delete d.projects.cap.kinds.repair, "projects.cap.kinds.repair", /./],
      ["HTML in a permit's name", (d) => (d.permits[0].name = "<b>City</b>"), "permits.0.name", /plain text/],
      ["a permit's weeks the wrong way round", (d) => (d.permits[1].weeks = { min: 12, max: 4 }), "permits.1.weeks.max", /shortest/],
      ["an unknown waterway", (d) => (d.permits[0].applies.dock = ["lake"]), "permits.0.applies.dock.0", /./],
      ["two permits with one id", (d) => (d.permits[1].id = "city"), "permits.1.id", /used twice/],
    ];
    for (const [what, change, field, message] of bad) {
      const d = structuredClone(draft);
      change(d);
      const r = await save(d);
      expect(r.status, what).toBe(400);
      expect(r.json.field, what).toBe(field);
      expect(r.json.message, what).toMatch(message);
    }
    expect((await view()).json.data.changed, "nothing refused reached the draft").toBe(false);
  });

  it("the office changes the seawall price: the draft holds it, the public estimate waits for publish", async () => {
    const before = (await estimate(SEAWALL)).json.data;
    expect([before.low, before.high]).toEqual([48_000, 106_000]);
    const draft = (await view()).json.data.draft;
    draft.projects.seawall.kinds.new.unit = { low: 300, high: 450 };
    draft.projects.seawall.sample = false;
    const saved = await save(draft);
    expect(saved.status).toBe(200);
    expect(saved.json.data.changed).toBe(true);
    expect(saved.json.data.draftUpdatedBy).toBe("office@example.com");
    expect((await estimate(SEAWALL)).json.data.low, "the draft is not live").toBe(48_000);

    const p = await publish();
    expect(p.status).toBe(200);
    expect(p.json.data.published).toBe(2);
    expect(p.json.data.live).toMatchObject({ version: 2, publishedBy: "office@example.com" });
    // 120 × $300 × 1.6 = $57,600 → $57,500; 120 × $450 × 2 × 1.1 = $118,800 → $119,000.
    const after = (await estimate(SEAWALL)).json.data;
    expect([after.low, after.high, after.rulesVersion, after.sample]).toEqual([57_500, 119_000, 2, true]);
    expect((await publish()).status, "nothing new").toBe(409);
  });

  it("restores an earlier version as the draft; it goes live on the next publish, and the history says so", async () => {
    expect((await restore(99)).status).toBe(404);
    expect((await restore("x")).status).toBe(400);
    const r = await restore(1);
    expect(r.status).toBe(200);
    expect(r.json.data.restoredFrom).toBe(1);
    expect(r.json.data.draft.projects.seawall.kinds.new.unit).toEqual({ low: 250, high: 400 });
    expect((await estimate(SEAWALL)).json.data.low, "still version 2 until published").toBe(57_500);
    const p = await publish();
    expect(p.json.data.published).toBe(3);
    expect(p.json.data.versions.map((v: any) => [v.version, v.restoredFrom])).toEqual([[3, 1], [2, null], [1, null]]);
    expect((await estimate(SEAWALL)).json.data.low).toBe(48_000);
  });

  it("a publish asks for the rebuild through the build hook (debounced), like the site's content", async () => {
    vi.stubEnv("BUILD_HOOK_URL", "https://api.netlify.example/build_hooks/abc");
    vi.stubEnv("BUILD_HOOK_DEBOUNCE_SECONDS", "60");
    await db().query("DELETE FROM site_rebuild");
    const draft = (await view()).json.data.draft;
    draft.projects.dock.minimum = { low: 7000, high: 9000 };
    expect((await save(draft)).status).toBe(200);
    const p = await publish();
    expect(p.status).toBe(200);
    expect(p.json.data.rebuild.hook).toBe(true);
    expect(p.json.data.rebuild.dueAt).not.toBeNull();
    const row = (await db().query<{ reasons: string[] }>("SELECT reasons FROM site_rebuild WHERE id = 'site'")).rows[0];
    expect(row.reasons).toEqual(["price rules"]);
  });
});

describe("the launch checklist", () => {
  it("lists every part of the live price rules still sample, until the office confirms it and publishes", async () => {
    const items = async () => (await call(siteFn, "GET", "/api/admin/site", { token: office.token })).json.data.checklist.filter((c: any) => c.section === "prices");
    const before = await items();
    expect(before.map((c: any) => c.field)).toEqual(["prices.dock", "prices.lift", "prices.seawall", "prices.cap", "prices.dredge", "prices.permits"]);
    expect(before.find((c: any) => c.field === "prices.seawall").message).toMatch(/קיר ים.*לדוגמה/);
    const draft = (await view()).json.data.draft;
    draft.projects.seawall.sample = false;
    draft.permitsSample = false;
    expect((await save(draft)).status).toBe(200);
    expect((await items()).length, "the draft is not live yet").toBe(6);
    expect((await publish()).status).toBe(200);
    expect((await items()).map((c: any) => c.field)).toEqual(["prices.dock", "prices.lift", "prices.cap", "prices.dredge"]);
    // The public answer says so too: a seawall estimate is no longer "sample".
    expect((await estimate(SEAWALL)).json.data.sample).toBe(false);
  });
});

describe("POST /api/estimate: computed on the server with the live rules", () => {
  it("answers the estimate: range, drivers, permits with their weeks", async () => {
    const r = await estimate(SEAWALL);
    expect(r.status).toBe(200);
    const e = r.json.data;
    expect(e.answers).toEqual(SEAWALL);
    expect(e.permits.map((p: any) => [p.id, p.status, p.weeks])).toEqual([
      ["city", "likely", { min: 2, max: 6 }],
      ["state", "likely", { min: 4, max: 12 }],
    ]);
    expect(e.drivers).toHaveLength(3);
    expect(e.permitWeeks).toEqual({ min: 4, max: 12 });
  });

  it("answers 400 naming the field for out-of-range or unknown answers", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SEAWALL, feet: 0 }, "feet"],
      [{ ...SEAWALL, feet: 10_000 }, "feet"],
      [{ ...SEAWALL, material: "gold" }, "material"],
      [{ ...SEAWALL, waterway: "lake" }, "waterway"],
      [{ ...SEAWALL, low: 1 }, "low"],
      [{ ...SEAWALL, feet: "12\u0000" }, "feet"],
    ];
    for (const [body, field] of cases) {
      const r = await estimate(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.field).toBe(field);
      expect(r.json.message).toMatch(new RegExp(`^Invalid ${field}: `));
    }
    expect((await estimate("[1]")).status).toBe(400);
    expect((await estimate("{not json")).status).toBe(400);
  });

  it("refuses another site's page, other content types and bodies over 4 KB", async () => {
    expect((await estimate(SEAWALL, { origin: "https://evil.example" })).status).toBe(403);
    expect((await form("project=seawall", { origin: "https://evil.example" })).status).toBe(403);
    expect((await form("project=seawall", {})).status, "a form without Origin").toBe(403);
    expect((await call(estimateFn, "POST", "/api/estimate", { body: JSON.stringify(SEAWALL), headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await call(estimateFn, "POST", "/api/estimate", { body: "x", headers: { "content-type": "multipart/form-data; boundary=x" } })).status).toBe(415);
    expect((await estimate({ ...SEAWALL, pad: "x".repeat(5000) })).status).toBe(413);
    expect((await call(estimateFn, "GET", "/api/estimate")).status).toBe(405);
  });

  it("the no-JavaScript form gets a page with the range, the City permit and 'a ballpark, not a quote'", async () => {
    const body = "project=seawall&dock.kind=new&dock.material=wood&dock.length=40&dock.width=8&seawall.kind=new&seawall.material=concrete&seawall.feet=120&water=salt&access=barge&waterway=canal";
    const r = await form(body);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("content-security-policy")).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(r.text).toContain("$48,000–$106,000");
    expect(r.text).toContain("A ballpark, not a quote.");
    expect(r.text).toContain("City of Cape Coral dock and seawall permit");
    expect(r.text).toContain('href="/book"');
    expect(r.text).toContain('href="tel:+12395550142"');
    // The office confirmed its seawall prices above: no "sample" label on them; the dock's are still samples.
    expect(r.text).not.toContain("sample prices");
    const dock = await form("project=dock&dock.kind=new&dock.material=wood&dock.length=40&dock.width=8&water=salt&access=land&waterway=canal");
    expect(dock.text).toContain("These are sample prices from typical Southwest Florida ranges, not yet our own price list.");
  });

  it("the no-JavaScript form with an answer to correct gets a 400 page saying which, with the visitor's text escaped", async () => {
    const r = await form("project=seawall&seawall.kind=new&seawall.material=%3Cscript%3Ealert(1)%3C%2Fscript%3E&seawall.feet=120&water=salt&access=barge&waterway=canal");
    expect(r.status).toBe(400);
    expect(r.text).toContain("Choose a material from the list");
    expect(r.text).not.toContain("<script>");
    const far = await form("project=seawall&seawall.kind=new&seawall.material=concrete&seawall.feet=10000&water=salt&access=barge&waterway=canal");
    expect(far.status).toBe(400);
    expect(far.text).toContain("at most 2,000 ft");
  });
});
