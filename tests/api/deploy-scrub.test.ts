// A preview's database branch is a copy of production's (issue 24, item 8): at its first build in a
// preview context everything personal is deleted before anything uses it; never on production.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { quoteBody, withBackground } from "../helpers/leads.ts";
import { userWithPassword } from "../helpers/accounts.ts";
import contact from "../../functions/public-contact.ts";
import authIn from "../../functions/auth-in.ts";
import { PERSONAL_TABLES, scrubPreviewCopy } from "../../src/server/db/seeds/scrub.ts";
import { deploySettings } from "../../src/server/settings/context.ts";
import { productsSeeder } from "../../src/server/products/seed.ts";

const db = useTestDb();
const count = async (table: string) => Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const preview = deploySettings({ CONTEXT: "deploy-preview", NETLIFY_DB_URL: "postgres://branch@ep.neon.tech/db" }, undefined);

/** What production holds: a customer's quote (lead, e-mails), an account signed in, a CRM token, logs. */
async function productionData() {
  const bg = withBackground(contact);
  expect((await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email: "customer@example.com", startedAt: Date.now() - 60_000 }), ip: "203.0.113.50" })).status).toBe(200);
  await bg.settle();
  const u = await userWithPassword(db(), { email: "owner@company.example", role: "admin" });
  expect((await call(authIn, "POST", "/api/auth/in", { body: { email: u.email, password: u.password }, ip: "203.0.113.51" })).status).toBe(200);
  await db().query("INSERT INTO lead_photo_blobs (sha256, content_type, bytes, size) VALUES ($1, 'image/jpeg', '\\xffd8ff'::bytea, 3)", ["a".repeat(64)]);
  await db().query("INSERT INTO log (level, source, message) VALUES ('INFO', 'test', 'customer@example.com asked for a quote')");
  // Production's Zoho was down for an hour: its banner must not follow the copy into the preview.
  await db().query("INSERT INTO pipe_health (pipe, failing_since, last_failure_at, failures, last_error) VALUES ('zoho', now() - interval '2 hours', now(), 9, 'invalid_client')");
  await db().query("INSERT INTO pipe_alerts (pipe, failing_since, opened_at, opened_notice) VALUES ('zoho', now() - interval '2 hours', now() - interval '1 hour', 'mail')");
}

beforeEach(async () => {
  await db().query("DROP TABLE IF EXISTS preview_scrub");
  for (const table of PERSONAL_TABLES) await db().query(`DELETE FROM ${table}`);
  await productsSeeder.run(db());
});

describe("scrubPreviewCopy", () => {
  it("deletes leads, accounts, sessions, mail, logs and photos once, keeps the catalogue, and leaves reviewers' later data alone", async () => {
    await productionData();
    const products = await count("products");
    expect(await count("leads")).toBeGreaterThan(0);
    expect(await count("sessions")).toBeGreaterThan(0);
    expect(await count("outbox")).toBeGreaterThan(0);
    expect(await count("pipe_alerts")).toBe(1);

    const said = await scrubPreviewCopy(db(), preview);
    expect(said).toMatch(/^copied data scrubbed before first use: .*leads.*users/);
    for (const table of PERSONAL_TABLES) expect(await count(table), table).toBe(0);
    expect(await count("products")).toBe(products);

    // The next build of the same preview: what a reviewer made since is theirs.
    await userWithPassword(db(), { email: "reviewer@example.com" });
    expect(await scrubPreviewCopy(db(), preview)).toBeNull();
    expect(await count("users")).toBe(1);
  });

  it.each([
    ["production", { CONTEXT: "production", DATABASE_URL: "postgres://prod@db.example.com/site" }],
    ["a preview on production's read-only database", { CONTEXT: "deploy-preview", DATABASE_URL: "postgres://prod@db.example.com/site" }],
    ["dev", { CONTEXT: "dev" }],
  ])("touches nothing on %s", async (_name, env) => {
    await productionData();
    const before = await Promise.all(PERSONAL_TABLES.map(count));
    expect(await scrubPreviewCopy(db(), deploySettings(env, undefined))).toBeNull();
    expect(await Promise.all(PERSONAL_TABLES.map(count))).toEqual(before);
  });
});
