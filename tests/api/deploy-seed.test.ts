/**
 * The build-time seed of a deploy: demo catalogue and sign-in on previews and branch deploys,
 * nothing on production or into a database the preview may only read; and the build script's
 * REFUSED path, which must not touch production's database at all.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
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

describe("seedDeploy", () => {
  it.each(["deploy-preview", "branch-deploy"])("on %s: seeds the catalogue and the preview accounts, and prints the sign-in", async (context) => {
    const settings = deploySettings({ CONTEXT: context, NETLIFY_DB_URL: "postgres://branch@ep.neon.tech/db" }, undefined);
    const said = await seedDeploy(db(), settings, {});
    expect(await count(db(), "products")).toBe((await readCatalogue()).length);
    const admin = await findUserByEmail(db(), "admin@example.com");
    const user = await findUserByEmail(db(), "user@example.com");
    expect(admin?.role).toBe("admin");
    expect(user?.role).toBe("user");
    const signIn = said.find((l) => l.startsWith("preview sign-in"))!;
    const password = /admin admin@example\.com \/ (\S+)/.exec(signIn)![1];
    // The admin password is random (not the local demo default), and it is the one printed.
    expect(password).not.toBe("demo-admin-password");
    expect(password.length).toBeGreaterThanOrEqual(PREVIEW_ADMIN_PASSWORD_MIN);
    expect(await verifyPassword(password, admin!.password_hash)).toBe(true);
    expect(await verifyPassword("demo-user-password", user!.password_hash)).toBe(true);
  });

  it("sets a new admin password on the next build (the latest build log is right), and leaves the catalogue as staff left it", async () => {
    const settings = deploySettings({ CONTEXT: "deploy-preview" }, undefined);
    await seedDeploy(db(), settings, {});
    await db().query("DELETE FROM products WHERE id = (SELECT id FROM products ORDER BY id LIMIT 1)");
    const left = await count(db(), "products");
    const second = await seedDeploy(db(), settings, {});
    expect(await count(db(), "products")).toBe(left);
    expect(await count(db(), "users")).toBe(2);
    const password = /admin admin@example\.com \/ (\S+)/.exec(second.join("\n"))![1];
    expect(await verifyPassword(password, (await findUserByEmail(db(), "admin@example.com"))!.password_hash)).toBe(true);
  });

  it("uses PREVIEW_ADMIN_PASSWORD when it is long enough, and ignores a short one", async () => {
    const settings = deploySettings({ CONTEXT: "deploy-preview" }, undefined);
    await seedDeploy(db(), settings, { PREVIEW_ADMIN_PASSWORD: "reviewers-know-this-one" });
    expect(await verifyPassword("reviewers-know-this-one", (await findUserByEmail(db(), "admin@example.com"))!.password_hash)).toBe(true);
    expect(previewAccounts({ PREVIEW_ADMIN_PASSWORD: "short" })[0].origin).toBe("random");
    // DEMO_ADMIN_PASSWORD (the local default, often copied from .env.example) never reaches a deploy.
    expect(previewAccounts({ DEMO_ADMIN_PASSWORD: "demo-admin-password" })[0].password).not.toBe("demo-admin-password");
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

describe("scripts/migrate.ts (the first step of build:deploy)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const run = async (env: Record<string, string>) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CONTEXT|DATABASE_URL|NETLIFY_DB_URL|PREVIEW_DATABASE_URL|SITE_ID|NETLIFY)$/.test(k)));
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/migrate.ts"], { env: { ...clean, ...env }, timeout: 60_000 });
    return stdout;
  };

  it("on a preview with only DATABASE_URL: prints REFUSED and never opens that database", async () => {
    const parent = mkdtempSync(join(tmpdir(), "deploy-build-"));
    dirs.push(parent);
    const production = join(parent, "production");
    const out = await run({ CONTEXT: "deploy-preview", DATABASE_URL: `pglite:${production}` });
    expect(out).toContain("REFUSED");
    expect(out).not.toContain("Migrations applied");
    // Opening it (even to read) would have created the folder.
    expect(existsSync(production)).toBe(false);
  }, 60_000);

  it("on a preview with its own database: migrates and seeds it, and prints the sign-in", async () => {
    const out = await run({ CONTEXT: "deploy-preview", NETLIFY_DB_URL: "pglite:memory", DATABASE_URL: "postgres://prod.invalid/never" });
    expect(out).toContain("database: netlify-database");
    expect(out).toContain("Migrations applied");
    expect(out).toMatch(/products: added \d+ catalogue products/);
    expect(out).toMatch(/preview sign-in: admin admin@example\.com \/ \S+/);
  }, 60_000);

  it("in production: migrates, seeds nothing", async () => {
    const out = await run({ CONTEXT: "production", DATABASE_URL: "pglite:memory" });
    expect(out).toContain("Migrations applied");
    expect(out).not.toContain("Demo data");
    expect(out).not.toContain("sign-in");
  }, 60_000);
});
