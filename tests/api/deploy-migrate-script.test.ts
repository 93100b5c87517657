/**
 * scripts/migrate.ts, the first step of build:deploy, run as the build runs it: its own process, on
 * databases of its own (embedded PGlite folders), whatever TEST_DATABASE_URL says; the REFUSED path
 * must not touch production's database at all. Apart from deploy-seed.test.ts because the
 * PostgreSQL pass runs that file again, and this one would only repeat the same PGlite processes
 * there (19 s of its 21 s).
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const STRONG = "reviewers-know-this-one tide 7";

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

  it("on a preview with its own database: migrates, scrubs and seeds it, and prints the sign-in without a secret", async () => {
    const out = await run({ CONTEXT: "deploy-preview", NETLIFY_DB_URL: "pglite:memory", DATABASE_URL: "postgres://prod.invalid/never", PREVIEW_ADMIN_PASSWORD: STRONG });
    expect(out).toContain("database: netlify-database");
    expect(out).toContain("Migrations applied");
    expect(out).toContain("Preview database: copied data scrubbed before first use");
    expect(out).toMatch(/products: added \d+ catalogue products/);
    expect(out).toContain("preview sign-in: admin admin@example.com / the PREVIEW_ADMIN_PASSWORD");
    expect(out).not.toContain(STRONG);
  }, 60_000);

  it("in production: migrates, seeds the site's content from content/ into a new database, and no demo data", async () => {
    const out = await run({ CONTEXT: "production", DATABASE_URL: "pglite:memory" });
    expect(out).toContain("Migrations applied");
    expect(out).toMatch(/Site content: version 1 from content\/ \(\d+ pictures\)/);
    expect(out).not.toContain("Demo data");
    expect(out).not.toContain("sign-in");
  }, 60_000);

  it("on the next deploy, never reads content/ over what staff published", async () => {
    const parent = mkdtempSync(join(tmpdir(), "deploy-build-"));
    dirs.push(parent);
    const url = `pglite:${join(parent, "production")}`;
    expect(await run({ CONTEXT: "production", DATABASE_URL: url })).toMatch(/Site content: version 1 from content\//);
    expect(await run({ CONTEXT: "production", DATABASE_URL: url })).toContain("Site content: already in the database (content/ is not read again)");
  }, 60_000);

  it("runs before the pages are built, which read the published content from the database", () => {
    const steps = JSON.parse(readFileSync("package.json", "utf8")).scripts["build:deploy"].split("&&").map((s: string) => s.trim());
    expect(steps.indexOf("node scripts/migrate.ts")).toBe(0);
    expect(steps.indexOf("astro build")).toBeGreaterThan(0);
  });
});
