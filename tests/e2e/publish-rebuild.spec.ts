/**
 * Issues 26 and 27 on the production build: what staff change reaches the prebuilt pages through a
 * rebuild. (A catalogue price edit through the same hook is not checked here yet: see issue 26's note.)
 * A server of its own (scripts/serve.ts --rebuild: the build hook answered locally by
 * `astro build` against the same database, the new build served when it succeeds), so the main
 * suite's server never rebuilds. Publish a new phone: after the rebuild
 * the pages, the call links and the JSON-LD carry them; restoring the first version brings the old
 * phone back after the next rebuild.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type APIRequestContext } from "@playwright/test";

const PORT = 8897;
const BASE = `http://localhost:${PORT}`;
const NEW_PHONE = "(239) 774-2210";
const OLD_PHONE = "(239) 555-0142";

let server: ChildProcess;
let log = "";

test.beforeAll(async () => {
  server = spawn(process.execPath, ["--experimental-transform-types", "--no-warnings", "scripts/serve.ts", "--memory", "--quiet", "--rebuild", "--port", String(PORT)], {
    env: { ...process.env, BUILD_HOOK_URL: "", BUILD_HOOK_DEBOUNCE_SECONDS: "0", NODE_ENV: "test", SCRYPT_LOG_N: "10", AUTH_RATE_LIMIT_FACTOR: "50" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (b) => (log += b));
  server.stderr?.on("data", (b) => (log += b));
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, message: `the server did not start:\n${log}` })
    .toBe(200);
});
test.afterAll(() => {
  server?.kill("SIGTERM");
});

async function adminToken(request: APIRequestContext): Promise<string> {
  const r = await request.post(`${BASE}/api/auth/in`, { data: { email: "admin@example.com", password: "demo-admin-password" } });
  expect(r.status()).toBe(200);
  return (await r.json()).data.token;
}

/** Waits for the served build to be the one made from `version` (as the back office's status does). */
async function liveVersion(request: APIRequestContext, version: number) {
  await expect
    .poll(async () => (await (await request.get(`${BASE}/content-version.json`, { headers: { "cache-control": "no-cache" } })).json()).version, {
      timeout: 150_000,
      intervals: [2000],
      message: `the rebuild did not serve version ${version}; server log:\n${log.slice(-3000)}`,
    })
    .toBeGreaterThanOrEqual(version);
}

test("a publish reaches the prebuilt pages after the rebuild; restoring the first version brings the old phone back", async ({ page, request }) => {
  test.setTimeout(360_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const state = await (await request.get(`${BASE}/api/admin/site`, { headers: auth })).json();
  expect(state.data.live.version).toBe(1);
  expect((await (await request.get(`${BASE}/content-version.json`)).json()).version).toBe(1);

  // The office changes the phone and publishes.
  const saved = await request.put(`${BASE}/api/admin/site/site`, { headers: auth, data: { ...state.data.draft.site, phone: NEW_PHONE } });
  expect(saved.status()).toBe(200);
  const published = await request.post(`${BASE}/api/admin/site/publish`, { headers: auth });
  expect((await published.json()).data.published).toBe(2);
  await liveVersion(request, 2);

  await page.goto(`${BASE}/`);
  await expect(page.locator("footer")).toContainText(NEW_PHONE);
  await expect(page.locator("footer")).not.toContainText(OLD_PHONE);
  await expect(page.locator('a[href="tel:+12397742210"]').first()).toBeAttached();
  await expect(page.locator('a[href="tel:+12395550142"]')).toHaveCount(0);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
  expect(jsonLd).toContain("+12397742210");
  expect(jsonLd).not.toContain("+12395550142");
  await page.goto(`${BASE}/contact`);
  await expect(page.getByRole("main")).toContainText(NEW_PHONE);

  // Restoring version 1 is a draft until it is published; then the next rebuild brings the old phone back.
  expect((await request.post(`${BASE}/api/admin/site/restore/1`, { headers: auth })).status()).toBe(200);
  expect((await (await request.post(`${BASE}/api/admin/site/publish`, { headers: auth })).json()).data.published).toBe(3);
  await liveVersion(request, 3);
  await page.goto(`${BASE}/`);
  await expect(page.locator("footer")).toContainText(OLD_PHONE);
  await expect(page.locator('a[href="tel:+12395550142"]').first()).toBeAttached();
  expect((await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n")).toContain("+12395550142");
});
