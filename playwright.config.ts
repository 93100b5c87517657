import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const PORT = Number(process.env.E2E_PORT || 8890);
/** Where scripts/serve.ts writes its database URL, for tests that read the outbox. */
export const DB_URL_FILE = `.data/e2e-db-url-${PORT}`;

/**
 * Playwright's own Chromium when it is installed, else Debian's (CHROMIUM_PATH or /usr/bin/chromium)
 * through scripts/chromium-e2e.sh, which switches off the browser's omnibox popups: headless, that
 * Chromium builds them for every browser context, at more CPU than the pages under test.
 */
function chromiumPath(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {}
  return fileURLToPath(new URL("./scripts/chromium-e2e.sh", import.meta.url));
}

const launchOptions = {
  executablePath: chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/warm-up.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // A test that passes only on its second try is a bug to find, not a pass.
  retries: 0,
  failOnFlakyTests: true,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording every test costs time on two cores; E2E_TRACE=1 keeps a trace of each failure.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions,
  },
  // A test runs on desktop unless it is tagged: `@phone` runs on the phone only (phone layout,
  // touch), `@responsive` on both (it checks what differs between the two).
  projects: [
    { name: "desktop", grepInvert: /@phone\b/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: "phone", grep: /@phone\b|@responsive\b/, use: { ...devices["Pixel 7"], launchOptions } },
  ],
  webServer: {
    // The production build served as Netlify would, on a fresh in-memory database.
    command: `node --experimental-transform-types --no-warnings scripts/serve.ts --memory --quiet --port ${PORT} --db-url-file ${DB_URL_FILE}`,
    url: `http://localhost:${PORT}/api/health`,
    // Every browser test signs in, sends and uploads from 127.0.0.1: raise the per-IP caps (unset in production).
    // Passwords are hashed at test cost (scrypt 2^10; NODE_ENV=test is the only way SCRYPT_LOG_N is
    // honoured, and production cost keeps its own unit test).
    env: { AUTH_RATE_LIMIT_FACTOR: "50", LEAD_SUBMIT_MAX_PER_IP: "1000", LEAD_PHOTO_MAX_PER_IP: "1000", VISIT_BOOK_MAX_PER_IP: "1000", VISIT_SLOTS_MAX_PER_IP: "1000", VISIT_MANAGE_MAX_PER_IP: "1000", NODE_ENV: "test", SCRYPT_LOG_N: "10" },
    reuseExistingServer: !process.env.CI,
    // Start-up migrates and seeds the embedded database and loads every function (about 10 s).
    timeout: 60_000,
  },
});
