import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readFunctionRoutes } from "../../scripts/lib/dev-functions.ts";
import { declarationProblems, functionFiles, netlifyFunctions } from "../../scripts/lib/netlify-functions.ts";

// Issue 32: Netlify's bundler read `{ … } satisfies Config` as an empty config, and 32 of 36
// functions lost their route on a real deploy while our own routers still found them.
describe("the functions as Netlify's own parser reads them (zip-it-and-ship-it listFunctions)", () => {
  it("every file in functions/ is a function with a route or a schedule", async () => {
    expect(functionFiles().length).toBeGreaterThan(30);
    expect(await declarationProblems()).toEqual([]);
  });

  it("Netlify routes the same paths as `npm run dev` reads from the source", async () => {
    const netlify = (await netlifyFunctions()).flatMap((f) => f.paths.map((p) => `${basename(f.file)} ${p}`)).sort();
    const ours = (await readFunctionRoutes("functions")).map((r) => `${basename(r.file)} ${r.pattern}`).sort();
    expect(netlify).toEqual(ours);
  });

  it("the scheduled jobs keep their schedules, and the API paths the README names are routed", async () => {
    const fns = await netlifyFunctions();
    const schedules = Object.fromEntries(fns.filter((f) => f.schedule).map((f) => [f.name, f.schedule]));
    expect(schedules).toEqual({
      "job-alerts": "* * * * *",
      "job-crm-sync": "*/5 * * * *",
      "job-mail-retry": "*/10 * * * *",
      "job-maintenance": "@daily",
      "job-site-rebuild": "* * * * *",
    });
    const paths = fns.flatMap((f) => f.paths);
    for (const p of ["/api/health", "/api/public/contact", "/api/public/inquiry", "/api/auth/in", "/api/admin/leads", "/api/admin/site", "/api/leads/photos", "/api/public/products/:id", "/api/admin/alerts", "/api/admin/leads/:id/contacted", "/api/sms/inbound"]) {
      expect(paths).toContain(p);
    }
  });

  describe("the check fails on what broke the deploy", () => {
    const dir = mkdtempSync(join(tmpdir(), "fn-decl-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const health = readFileSync(resolve("functions/health.ts"), "utf8");

    it("a `satisfies Config` declaration", async () => {
      const broken = health.replace(/export const config: Config = (\{[^}]*\});/, "export const config = $1 satisfies Config;");
      expect(broken).not.toEqual(health);
      writeFileSync(join(dir, "health.ts"), broken.replaceAll("../src/", `${resolve("src")}/`));
      expect(await declarationProblems(dir)).toEqual([expect.stringMatching(/^health\.ts: Netlify reads no path and no schedule/)]);
    });

    it("a config built at run time", async () => {
      writeFileSync(join(dir, "health.ts"), 'const p = "/api/x";\nexport const config = { path: p.toString() };\nexport default async () => new Response("ok");\n');
      expect(await declarationProblems(dir)).toEqual([expect.stringMatching(/^health\.ts: Netlify reads no path/)]);
    });
  });
});
