// Issue 37: /es/estimate's form without JavaScript posts to /api/estimate?lang=es and gets its page
// in Spanish (lang="es", Spanish links back), the answer to correct in Spanish too; the JSON API
// answers Spanish words with ?lang=es and English without. The launch checklist lists the
// estimator's texts with no Spanish.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";

const { default: estimateFn } = await import("../../functions/estimate.ts");
const { default: admin } = await import("../../functions/admin-estimate.ts");
const { default: siteFn } = await import("../../functions/admin-site.ts");
const { seedPriceRules } = await import("../../src/server/estimate/seed.ts");
const { seedSiteContent } = await import("../../src/server/site-content/seed.ts");

const db = useTestDb();
let office: { token: string };

beforeAll(async () => {
  await seedPriceRules(db());
  await seedSiteContent(db());
  office = await userWithSession(db(), { role: "admin", email: "office-es@example.com" });
}, 60_000);

const form = (body: string, lang = "es") =>
  call(estimateFn, "POST", `/api/estimate?lang=${lang}`, { body, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:8888" } });
const SEAWALL = "project=seawall&seawall.kind=new&seawall.material=concrete&seawall.feet=120&water=salt&access=barge&waterway=canal";

describe("the estimator's answer in Spanish", () => {
  it("the no-JavaScript form of /es/estimate gets its page in Spanish", async () => {
    const r = await form(SEAWALL);
    expect(r.status).toBe(200);
    expect(r.text).toContain('<html lang="es">');
    expect(r.text).toContain("$48,000–$106,000");
    expect(r.text).toContain("Un precio aproximado, no un presupuesto.");
    expect(r.text).toContain("Permiso de muelles y seawalls de la Ciudad de Cape Coral");
    // The agency by its own name, marked English.
    expect(r.text).toContain('<span lang="en">City of Cape Coral</span>');
    expect(r.text).toContain('href="/es/contact"');
    expect(r.text).toContain('href="/es/estimate"');
    expect(r.text).toContain('href="/es"');
    expect(r.text).not.toMatch(/A ballpark|Request a quote|What moves it most/);
  });

  it("an answer to correct, in Spanish, with the way back to /es/estimate", async () => {
    const r = await form(SEAWALL.replace("feet=120", "feet=10000"));
    expect(r.status).toBe(400);
    expect(r.text).toContain("El largo del muro puede ser de 2,000 pies como máximo aquí");
    expect(r.text).toContain('href="/es/estimate"');
  });

  it("English without ?lang, and the JSON API in either", async () => {
    expect((await form(SEAWALL, "en")).text).toContain('<html lang="en">');
    const json = (lang: string) => call(estimateFn, "POST", `/api/estimate${lang}`, { body: { project: "seawall", kind: "new", material: "concrete", feet: 120, water: "salt", access: "barge", waterway: "canal" } });
    expect((await json("?lang=es")).json.data.size).toBe("120 pies");
    expect((await json("")).json.data.size).toBe("120 ft");
  });

  it("a permit with no Spanish is on the launch checklist until the office writes it, in the price list", async () => {
    const view = (await call(admin, "GET", "/api/admin/estimate", { token: office.token })).json.data;
    const items = async () => (await call(siteFn, "GET", "/api/admin/site", { token: office.token })).json.data.checklist.map((i: { field: string }) => i.field);
    expect(await items()).not.toContain("prices.permits.es");
    const draft = structuredClone(view.draft);
    delete draft.permits[2].es;
    const saved = await call(admin, "PUT", "/api/admin/estimate/draft", { body: draft, token: office.token, params: { part: "draft" } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(admin, "POST", "/api/admin/estimate/publish", { token: office.token, params: { part: "publish" } })).status).toBe(200);
    expect(await items()).toContain("prices.permits.es");
    // The Spanish is checked like the English: one line of plain text.
    const bad = structuredClone(draft);
    bad.permits[0].es = { name: "<b>Permiso</b>" };
    const refused = await call(admin, "PUT", "/api/admin/estimate/draft", { body: bad, token: office.token, params: { part: "draft" } });
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe("permits.0.es.name");
  });
});
