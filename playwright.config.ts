import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const PORT = Number(process.env.E2E_PORT || 8890);
/** Where scripts/serve.ts writes its database URL, for tests that read the outbox. */
export const DB_URL_FILE = `.data/e2e-db-url-${PORT}`;

/** Playwright's own Chromium when it is installed, else Debian's (/usr/bin/chromium). */
function chromiumPath(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {}
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

const launchOptions = {
  executablePath: chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // CI runs two browsers and the server on two cores: a whole visit (load, fill, send, the 2.5 s
  // overlay) took 28-33 s there. Timing rules are checked by their own expect timeouts, not by this.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions } },
  ],
  webServer: {
    // The production build served as Netlify would, on a fresh in-memory database.
    command: `node --experimental-transform-types --no-warnings scripts/serve.ts --memory --quiet --port ${PORT} --db-url-file ${DB_URL_FILE}`,
    url: `http://localhost:${PORT}/api/health`,
    // Every browser test signs in, sends and uploads from 127.0.0.1: raise the per-IP caps (unset in production).
    env: { AUTH_RATE_LIMIT_FACTOR: "50", LEAD_SUBMIT_MAX_PER_IP: "1000", LEAD_PHOTO_MAX_PER_IP: "1000" },
    reuseExistingServer: !process.env.CI,
    // Start-up migrates and seeds the embedded database and loads every function.
    timeout: 180_000,
  },
});
