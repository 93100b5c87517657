/**
 * Smoke suite on Netlify's own build and runtime (issue 32): `netlify serve` of the production
 * build that tests/netlify/netlify-setup.ts made, and the deploy preview's `netlify build`.
 * Our own routers (`npm run dev`, `npm run preview`) are not involved anywhere here.
 */
import { spawnSync } from "node:child_process";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db } from "../../src/server/db/index.ts";
import { declarationProblems } from "../../scripts/lib/netlify-functions.ts";
import { quoteBody } from "../helpers/leads.ts";

const run = inject("netlify");
const url = (p: string) => new URL(p, run.baseUrl).toString();
let db: Db;
beforeAll(async () => {
  db = await createDb(run.databaseUrl);
});
afterAll(async () => {
  await db?.close();
});

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url(path), { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("Netlify's build of the production site", () => {
  it("bundles every function within Lambda's limits, without PGlite, a Node binary or pictures, and each loads from its own bundle", () => {
    expect(run.bundleSizes.length).toBeGreaterThan(30);
    expect(run.bundleProblems).toEqual([]);
  });

  it("lists every function with the routes and schedules declared in functions/ (the manifest Netlify deploys)", async () => {
    expect(await declarationProblems()).toEqual([]);
    const schedules = Object.fromEntries(run.manifest.functions.filter((f) => f.schedule).map((f) => [f.name, f.schedule]));
    expect(schedules).toEqual({ "job-alerts": "* * * * *", "job-crm-sync": "*/5 * * * *", "job-mail-retry": "*/10 * * * *", "job-maintenance": "@daily", "job-site-rebuild": "* * * * *" });
    const unrouted = run.manifest.functions.filter((f) => !f.schedule && !f.routes?.length).map((f) => f.name);
    expect(unrouted).toEqual([]);
  });

  it("answers every /api/* route from its function, never the static 404 or 405", async () => {
    const patterns = run.manifest.functions.flatMap((f) => (f.routes ?? []).map((r) => r.pattern));
    expect(patterns.length).toBeGreaterThan(35);
    const wrong: string[] = [];
    for (const pattern of patterns) {
      const path = pattern.replace(/:[A-Za-z]+/g, "smoke-1");
      const res = await fetch(url(path));
      const type = res.headers.get("content-type") ?? "";
      const body = await res.text();
      // Each function answers in the API's shape with its request id, whatever the method or input.
      const ours = res.headers.has("x-request-id") && type.includes("application/json") && /"status":(true|false)/.test(body);
      const imageOrCsv = res.headers.has("x-request-id") && res.status < 500;
      if (!(ours || imageOrCsv) || res.status >= 500) wrong.push(`${path}: ${res.status} ${type} ${body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("public pages under Netlify's runtime, with netlify.toml's headers and redirects", () => {
  it("serves the landing page with the security headers, and its hashed assets cached for a year", async () => {
    const res = await fetch(url("/"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<html");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=63072000");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-robots-tag")).toBeNull();
    // Issue 38: the public pages open in the visitor's process; the back office is kept apart.
    expect(res.headers.get("cross-origin-opener-policy")).toBeNull();
    const admin = await fetch(url("/admin"));
    await admin.arrayBuffer();
    expect(admin.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const asset = /\/_astro\/[^"' )]+\.(?:css|js|avif|webp|svg)/.exec(html)?.[0];
    expect(asset, "a hashed asset on the landing page").toBeTruthy();
    const a = await fetch(url(asset!));
    expect(a.status).toBe(200);
    await a.arrayBuffer();
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
  });

  // `netlify serve`'s static server writes its own Cache-Control over the rules (its proxy passes
  // the static answer's headers last); Netlify's CDN applies them. So the caching rules are read
  // here with Netlify's own parser, from netlify.toml as deployed.
  it("caches hashed assets for a year and never caches the content version (netlify.toml, read by Netlify's header parser)", async () => {
    const { headers, errors } = await parseAllHeaders({ headersFiles: undefined, netlifyConfigPath: "netlify.toml", configHeaders: undefined, minimal: false });
    expect(errors).toEqual([]);
    const cacheControl = (path: string) =>
      headers
        .filter((h) => (h as Header).forRegExp.test(path))
        .map((h) => h.values["Cache-Control"])
        .filter(Boolean);
    expect(cacheControl("/_astro/index.Bx1.css")).toEqual(["public, max-age=31536000, immutable"]);
    expect(cacheControl("/content-version.json")).toEqual(["no-cache"]);
    expect(cacheControl("/")).toEqual([]);
    // Cross-Origin-Opener-Policy on the pages with a session or a visit's link, not on the public ones.
    const coop = (path: string) => headers.filter((h) => (h as Header).forRegExp.test(path)).map((h) => h.values["Cross-Origin-Opener-Policy"]).filter(Boolean);
    for (const path of ["/admin", "/admin/", "/editor/", "/login", "/signup/", "/resetpswd", "/newpswd/", "/home", "/book/change", "/es/book/change/"]) {
      expect(coop(path), path).toContain("same-origin");
      expect(new Set(coop(path)), path).toEqual(new Set(["same-origin"]));
    }
    for (const path of ["/", "/about", "/products/", "/products/stainless-dock-cleat-10", "/book", "/es/book", "/services/seawalls"]) {
      expect(coop(path), path).toEqual([]);
    }
  });

  it("redirects /shop to /products (301), serves the site's 404 page with status 404, and every public page", async () => {
    const shop = await fetch(url("/shop"), { redirect: "manual" });
    await shop.arrayBuffer();
    expect(shop.status).toBe(301);
    expect(shop.headers.get("location")).toMatch(/\/products$/);
    const missing = await fetch(url("/no-such-page-here"));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/<html[\s\S]*404/i);
    const version = await fetch(url("/content-version.json"));
    expect(await version.json()).toMatchObject({ version: 1 });
    for (const page of ["/about", "/services", "/services/seawalls", "/gallery", "/contact", "/products", "/privacy"]) {
      const res = await fetch(url(page));
      await res.arrayBuffer(); // an unread body left open trips undici when the server closes the socket
      expect(res.status, page).toBe(200);
    }
  });
});

describe("a visitor's quote and photo through the bundled functions", () => {
  const email = `smoke-${Date.now()}@example.com`;
  let photoToken = "";

  it("stores the quote with its two e-mails in the outbox", async () => {
    const res = await postJson("/api/public/contact", quoteBody({ email, details: "Seawall cap cracked along 40 ft.", photos: 1 }), { "Idempotency-Key": crypto.randomUUID() });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toMatchObject({ status: true, data: { status: true } });
    photoToken = json.data.photoToken;
    expect(photoToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lead = (await db.query<{ id: string; created_at: Date }>("SELECT id, created_at FROM leads WHERE email = $1", [email])).rows;
    expect(lead).toHaveLength(1);
    const mails = (await db.query<{ to_address: string }>("SELECT to_address FROM outbox WHERE created_at >= $1", [lead[0].created_at])).rows.map((r) => r.to_address);
    expect(mails).toContain(email);
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it("takes a photo and stores it re-encoded by sharp inside the bundle (EXIF and GPS gone)", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 140 } } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Dock Cam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 46/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    const res = await fetch(url("/api/leads/photos"), {
      method: "POST",
      headers: { "content-type": "image/jpeg", "X-Photo-Token": photoToken, "Idempotency-Key": crypto.randomUUID() },
      body: jpeg,
    });
    expect(res.status, await res.text()).toBe(201);
    const stored = (
      await db.query<{ bytes: Uint8Array }>(
        "SELECT b.bytes FROM lead_photos p JOIN lead_photo_blobs b ON b.sha256 = p.blob_sha256 JOIN leads l ON l.id = p.lead_id WHERE l.email = $1",
        [email],
      )
    ).rows;
    expect(stored).toHaveLength(1);
    const meta = await sharp(Buffer.from(stored[0].bytes)).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
  });
});

describe("the office through the bundled functions", () => {
  let token = "";

  it("signs up the company's admin, is made admin by `npm run admin:grant`, and signs in", async () => {
    const password = "a long harbour passphrase 2026";
    const up = await postJson("/api/sign/new", { email: run.adminEmail, password, acceptTerms: true, updates: false });
    expect(up.status, await up.text()).toBeLessThan(300);
    const grant = spawnSync(process.execPath, ["scripts/make-admin.ts", run.adminEmail], { env: { ...process.env, DATABASE_URL: run.databaseUrl, NETLIFY_DB_URL: "" }, encoding: "utf8" });
    expect(grant.status, grant.stderr + grant.stdout).toBe(0);
    const res = await postJson("/api/auth/in", { email: run.adminEmail, password });
    expect(res.status).toBe(200);
    token = (await res.json()).data.token;
    const check = await fetch(url("/api/auth/check"), { headers: { authorization: `Bearer ${token}` } });
    expect((await check.json()).data.user).toMatchObject({ email: run.adminEmail, role: "admin" });
  });

  it("lists the leads, the visitor's quote among them", async () => {
    const res = await fetch(url("/api/admin/leads"), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.data.total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(json.data.data)).toContain("smoke-");
  });

  it("runs the query console with PostgreSQL's parser from its bundle (its WebAssembly shipped)", async () => {
    const ask = async (query: string) => {
      const res = await postJson("/api/admin/query", { query }, { authorization: `Bearer ${token}` });
      return { status: res.status, json: await res.json() };
    };
    const read = await ask("SELECT count(*)::int AS n FROM leads WHERE email LIKE 'smoke-%'");
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect(read.json.data.data[0].n).toBeGreaterThanOrEqual(1);
    // A comment ended by '\r' hides nothing from the parser.
    const hidden = await ask("SELECT 1 --\r, pg_sleep(600)");
    expect(hidden.status).toBe(400);
    expect(hidden.json.message).toMatch(/does not run pg_sleep\(\)/);
  });

  it("publishes a change of the site's content, which calls the build hook", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const before = (await (await fetch(run.hookCallsUrl)).json()) as unknown[];
    const site = await (await fetch(url("/api/admin/site"), { headers: auth })).json();
    const draft = site.data.draft;
    const put = await fetch(url("/api/admin/site/site"), {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ ...draft.site, tagline: "Docks and seawalls built to last" }),
    });
    expect(put.status, await put.text()).toBe(200);
    const pub = await fetch(url("/api/admin/site/publish"), { method: "POST", headers: auth });
    expect(pub.status, await pub.text()).toBe(200);
    await expect
      .poll(async () => ((await (await fetch(run.hookCallsUrl)).json()) as { method: string }[]).slice(before.length).map((c) => c.method), { timeout: 10_000 })
      .toEqual(["POST"]);
  });
});


describe("Netlify's build of a deploy preview", () => {
  it("builds, migrates and seeds the preview's own database with the demo sign-in, never printing the password", () => {
    expect(run.preview.exitCode, run.preview.log.slice(-3000)).toBe(0);
    expect(run.preview.log).toContain("▸ Deploy context: deploy-preview");
    expect(run.preview.log).toMatch(/▸ Migrations applied: 001-core/);
    expect(run.preview.log).toMatch(/▸ Demo data: /);
    expect(run.preview.log).not.toContain("preview-admin-Kq7");
  });

  it("keeps search engines out (noindex on every page) and routes every function", () => {
    expect(run.preview.headers).toMatch(/\/\*\s*\n\s*X-Robots-Tag: noindex/);
    const unrouted = run.preview.manifest.functions.filter((f) => !f.schedule && !f.routes?.length).map((f) => f.name);
    expect(run.preview.manifest.functions.length).toBeGreaterThan(30);
    expect(unrouted).toEqual([]);
  });

  it("gave the preview's database the demo accounts, and production's none", async () => {
    const preview = await createDb(run.preview.databaseUrl);
    try {
      const emails = (await preview.query<{ email: string; role: string }>("SELECT email, role FROM users ORDER BY email")).rows;
      expect(emails).toEqual(expect.arrayContaining([expect.objectContaining({ email: "admin@example.com", role: "admin" }), expect.objectContaining({ email: "user@example.com" })]));
    } finally {
      await preview.close();
    }
    expect((await db.query("SELECT 1 FROM users WHERE email IN ('admin@example.com', 'user@example.com')")).rowCount).toBe(0);
  });
});
