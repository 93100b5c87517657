import { defineConfig, devices } from "@playwright/test";
import base from "./playwright.config";

/**
 * The browser suite for `npm run dev` (issue 11): the README's first command, started as a fresh
 * clone would start it (empty Vite cache, fresh in-memory database), visited page by page. It has
 * its own port and its own Vite cache folder, so a developer's running `npm run dev` is untouched.
 */
const PORT = Number(process.env.DEV_E2E_PORT || 4399);
const launchOptions = base.use?.launchOptions;

export default defineConfig({
  testDir: "tests/dev",
  // One dev server, one browser: the pages are visited in order, as a newcomer would.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: { baseURL: `http://localhost:${PORT}`, trace: "retain-on-failure", launchOptions },
  projects: [{ name: "dev", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions } }],
  webServer: {
    command: `npm run dev -- --memory --clear-cache --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    env: { DEV_VITE_CACHE_DIR: `node_modules/.vite/dev-test-${PORT}`, AUTH_RATE_LIMIT_FACTOR: "50" },
    // DEV_E2E_REUSE=1 runs against a dev server already listening on the port (quicker while editing tests).
    reuseExistingServer: process.env.DEV_E2E_REUSE === "1",
    stdout: "pipe",
    timeout: 300_000,
  },
});
