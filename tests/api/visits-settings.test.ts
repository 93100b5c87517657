// Issue 35, item 1: the office's visit settings are stored in Postgres with a history of changes,
// admins only; the seed's service-area ZIP codes are labelled sample, and the launch checklist lists
// them until the office confirms them.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import settingsFn from "../../functions/admin-visit-settings.ts";
import siteFn from "../../functions/admin-site.ts";
import { DEFAULT_VISIT_SETTINGS, SEED_ZIPS } from "../../src/server/visits/settings.ts";
import { readPublishedSite } from "../../src/server/site-content/published.ts";
import { seedSiteContent } from "../../src/server/site-content/seed.ts";

const db = useTestDb();
let admin: string;
let user: string;

beforeAll(async () => {
  await seedSiteContent(db());
  admin = (await userWithSession(db(), { role: "admin", email: "office@example.com" })).token;
  user = (await userWithSession(db(), { role: "user" })).token;
}, 60_000);

const get = (token = admin) => call(settingsFn, "GET", "/api/admin/visits/settings", { token });
const put = (body: unknown, token = admin) => call(settingsFn, "PUT", "/api/admin/visits/settings", { token, body });

describe("the visit settings", () => {
  it("are the defaults until saved: weekdays 8-16, 60 + 30 minutes, 4 a day, 2 to 21 days, the seed's ZIP codes as samples", async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ settings: DEFAULT_VISIT_SETTINGS, updatedAt: null, updatedBy: null, history: [] });
    expect(r.json.data.settings.sampleZips).toEqual(SEED_ZIPS);
  });

  it("are for admins only", async () => {
    expect((await get(user)).status).toBe(403);
    expect((await put(DEFAULT_VISIT_SETTINGS, user)).status).toBe(403);
    expect((await call(settingsFn, "GET", "/api/admin/visits/settings")).status).toBe(401);
  });

  it.each([
    [{ ...DEFAULT_VISIT_SETTINGS, weekly: [{ day: 8, from: "08:00", to: "12:00" }] }, "weekly.0.day"],
    [{ ...DEFAULT_VISIT_SETTINGS, minDaysAhead: 10, maxDaysAhead: 5 }, "maxDaysAhead"],
    [{ ...DEFAULT_VISIT_SETTINGS, zips: ["339O4"] }, "zips.0"],
    [{ ...DEFAULT_VISIT_SETTINGS, extra: true }, "extra"],
    [{ ...DEFAULT_VISIT_SETTINGS, daysOff: [{ date: "2026-12-25", label: "Christmas\u0000" }] }, "daysOff.0.label"],
  ])("refuse bad input with a 400 naming the field (%#)", async (body, field) => {
    const r = await put(body);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
  });

  it("are saved with who and when, and every version is kept", async () => {
    const first = await put({ ...DEFAULT_VISIT_SETTINGS, maxPerDay: 3, daysOff: [{ date: "2026-12-25", label: "Christmas" }, { date: "2026-11-26", label: "Thanksgiving" }] });
    expect(first.status, first.text).toBe(200);
    // Days off come back in date order.
    expect(first.json.data.settings.daysOff.map((d: { date: string }) => d.date)).toEqual(["2026-11-26", "2026-12-25"]);
    expect(first.json.data.updatedBy).toBe("office@example.com");
    const second = await put({ ...first.json.data.settings, visitMinutes: 90 });
    expect(second.json.data.history).toHaveLength(2);
    expect((await get()).json.data.settings).toMatchObject({ maxPerDay: 3, visitMinutes: 90 });
    const rows = await db().query<{ settings: { visitMinutes: number } }>("SELECT settings FROM visit_settings_history ORDER BY id");
    expect(rows.rows.map((r) => r.settings.visitMinutes)).toEqual([60, 90]);
  });
});

describe("the launch checklist", () => {
  const zipItem = async () => {
    const r = await call(siteFn, "GET", "/api/admin/site", { token: admin });
    return r.json.data.checklist.find((c: { field: string }) => c.field === "visits.zips");
  };

  it("lists the ZIP codes the office has not confirmed, and drops them once it has", async () => {
    const settings = (await get()).json.data.settings;
    await put({ ...settings, sampleZips: SEED_ZIPS });
    const item = await zipItem();
    expect(item.section).toBe("visits");
    expect(item.message).toContain("33904");
    expect(item.message).toContain(`${SEED_ZIPS.length} מיקודים`);
    expect((await readPublishedSite(db())).checklist.map((c) => c.en).join("\n")).toMatch(/service-area ZIP code\(s\) for site visits are still sample values.*33904/);

    // Confirming some: only the rest stay listed; a new ZIP is the office's own, never sample.
    const r = await put({ ...settings, zips: [...SEED_ZIPS.filter((z) => z !== "33957"), "33920"], sampleZips: ["33931"] });
    expect(r.status, r.text).toBe(200);
    expect((await zipItem()).message).toMatch(/1 מיקודים.*33931$/);
    await put({ ...r.json.data.settings, sampleZips: [] });
    expect(await zipItem()).toBeUndefined();
  });
});
