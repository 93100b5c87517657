/**
 * The build-time seed of a deploy: demo catalogue and sign-in on previews and branch deploys,
 * nothing on production or into a database the preview may only read. The build script that runs
 * it (scripts/migrate.ts) is tested in deploy-migrate-script.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import type { Db } from "../../src/server/db/index.ts";
import { previewAccounts, seedDeploy, PREVIEW_ADMIN_PASSWORD_MIN } from "../../src/server/db/seeds/deploy.ts";
import { deploySettings } from "../../src/server/settings/context.ts";
import { verifyPassword } from "../../src/server/auth/password.ts";
import { findUserByEmail } from "../../src/server/users/users.ts";
import { readCatalogue } from "../../src/server/products/seed.ts";

process.env.SCRYPT_LOG_N ||= "10";
const db = useTestDb();
const count = async (q: Db, table: string) => Number((await q.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

beforeEach(async () => {
  await db().query("DELETE FROM products");
  await db().query("DELETE FROM users");
});

const STRONG = "reviewers-know-this-one tide 7";

describe("seedDeploy", () => {
  it.each(["deploy-preview", "branch-deploy"])("on %s: seeds the catalogue and the preview accounts, and never prints the admin's password", async (context) => {
    const settings = deploySettings({ CONTEXT: context, NETLIFY_DB_URL: "postgres://branch@ep.neon.tech/db" }, undefined);
    const said = await seedDeploy(db(), settings, { PREVIEW_ADMIN_PASSWORD: STRONG });
    expect(await count(db(), "products")).toBe((await readCatalogue()).length);
    const admin = await findUserByEmail(db(), "admin@example.com");
    const user = await findUserByEmail(db(), "user@example.com");
    expect(admin?.role).toBe("admin");
    expect(user?.role).toBe("user");
    expect(await verifyPassword(STRONG, admin!.password_hash)).toBe(true);
    expect(await verifyPassword("demo-user-password", user!.password_hash)).toBe(true);
    const log = said.join("\n");
    expect(log).toContain("admin admin@example.com / the PREVIEW_ADMIN_PASSWORD");
    expect(log).toContain("user user@example.com / demo-user-password");
    expect(log).not.toContain(STRONG);
  });

  it("without PREVIEW_ADMIN_PASSWORD there is no preview admin, and the log says how to have one", async () => {
    const said = await seedDeploy(db(), deploySettings({ CONTEXT: "deploy-preview" }, undefined), {});
    expect(await findUserByEmail(db(), "admin@example.com")).toBeNull();
    expect(said.join("\n")).toContain("no preview admin: set PREVIEW_ADMIN_PASSWORD");
  });

  it("refuses a short or easy PREVIEW_ADMIN_PASSWORD, and ignores DEMO_ADMIN_PASSWORD", async () => {
    expect(previewAccounts({ PREVIEW_ADMIN_PASSWORD: "short" }).noAdmin).toMatch(new RegExp(`shorter than ${PREVIEW_ADMIN_PASSWORD_MIN}`));
    expect(previewAccounts({ PREVIEW_ADMIN_PASSWORD: "password1234" }).noAdmin).toMatch(/^no preview admin: PREVIEW_ADMIN_PASSWORD refused \(.+\)$/);
    expect(previewAccounts({ PREVIEW_ADMIN_PASSWORD: STRONG }).noAdmin).toBeUndefined();
    // DEMO_ADMIN_PASSWORD (the local default, often copied from .env.example) never reaches a deploy.
    expect(previewAccounts({ DEMO_ADMIN_PASSWORD: "demo-admin-password" }).accounts.map((a) => a.role)).toEqual(["user"]);
  });

  it("leaves the catalogue as staff left it on the next build", async () => {
    const settings = deploySettings({ CONTEXT: "deploy-preview" }, undefined);
    await seedDeploy(db(), settings, { PREVIEW_ADMIN_PASSWORD: STRONG });
    await db().query("DELETE FROM products WHERE id = (SELECT id FROM products ORDER BY id LIMIT 1)");
    const left = await count(db(), "products");
    await seedDeploy(db(), settings, { PREVIEW_ADMIN_PASSWORD: STRONG });
    expect(await count(db(), "products")).toBe(left);
    expect(await count(db(), "users")).toBe(2);
  });

  it.each([
    ["production", { CONTEXT: "production", DATABASE_URL: "postgres://prod@db.example.com/site" }],
    ["dev", { CONTEXT: "dev" }],
    ["a preview on production's read-only database", { CONTEXT: "deploy-preview", DATABASE_URL: "postgres://prod@db.example.com/site" }],
  ])("adds nothing on %s", async (_name, env) => {
    expect(await seedDeploy(db(), deploySettings(env, undefined), {})).toEqual([]);
    expect(await count(db(), "products")).toBe(0);
    expect(await count(db(), "users")).toBe(0);
  });
});
