/**
 * Playwright's global set-up: one browser opens the landing page before the workers start.
 *
 * On a fresh clone the first tests paid for everything cold at once: Chromium's binary and fonts
 * read from disk by two browsers together, and the server's first answers. The landing page's
 * axe test passed 30 s there twice while taking 8–15 s warm. Warming once, alone, costs about
 * 3 s and leaves the tests to measure the product.
 */
import { chromium, type FullConfig } from "@playwright/test";

export default async function warmUp(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    const page = await browser.newPage();
    for (const path of ["/", "/gallery"]) await page.goto(new URL(path, use.baseURL).href, { waitUntil: "load" });
  } finally {
    await browser.close();
  }
}
