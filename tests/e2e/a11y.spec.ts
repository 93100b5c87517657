import { axe } from "./axe.ts";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGES, consented, drawn, hydrated } from "./marketing-helpers";

// Landing twice is one page; one service detail stands for the eleven (same template).
const pages = PUBLIC_PAGES.filter((p) => p.path !== "/landing" && (!p.path.startsWith("/services/") || p.path === "/services/dock-construction" || p.path === "/services/seawalls"));

// Phones get their own layout (the Call bar, the 3D gallery carousel, the menu button): the pages
// that differ most are checked there too.
const PHONE_TOO = ["/", "/gallery", "/estimate"];

/** Waits until the pictures in view have loaded (contrast is checked against them). */
const picturesInView = (page: Page) =>
  // (Pictures off to the side, such as a carousel's next slides, wait for their turn: not those.)
  page.waitForFunction(() =>
    [...document.images].every((i) => {
      const r = i.getBoundingClientRect();
      return i.complete || !r.width || r.right <= 0 || r.left >= innerWidth;
    }),
  );

// One page load serves both themes: the page is checked light, then switched to dark by its own
// theme button (what a stored dark theme gives at load: the same `dark` class on <html>) and
// checked again. Loading, walking and waiting for the pictures was most of each run.
// The Spanish pages (issue 37): the same templates, other words (longer ones, the switcher's link
// in the other language, content still in English marked lang="en"); the catalogue's too.
const SPANISH_PAGES = ["/es", "/es/about", "/es/services", "/es/services/dock-construction", "/es/gallery", "/es/contact", "/es/estimate", "/es/book", "/es/terms", "/es/privacy", "/es/products", "/es/products/life-ring-with-bracket", "/es/no-such-page"];
const PHONE_TOO_ES = ["/es", "/es/gallery", "/es/contact"];

for (const { path } of [...pages, { path: "/no-such-page" }, ...SPANISH_PAGES.map((p) => ({ path: p }))]) {
  test(`axe finds no violations on ${path} (light and dark)`, { tag: PHONE_TOO.includes(path) || PHONE_TOO_ES.includes(path) ? "@responsive" : [] }, async ({ page }) => {
    // Measured: 7–15 s a page and theme with two workers on two cores (the landing page the most:
    // axe walks about 1,500 nodes), and twice that for the first tests of a fresh-clone CI run,
    // which passed 30 s on the landing page. The budget is for that, not for a wait.
    test.setTimeout(60_000);
    await consented(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    // "load", not "networkidle": the landing page's hero video can keep the network busy for
    // many seconds on a cold server (the first run's first test timed out there). What axe needs
    // is waited for below: every section shown once, and the pictures in view loaded.
    await page.goto(path);
    // axe's color check hit-tests: every block left out of the first frame is drawn first.
    await drawn(page);
    // Bring every section into view once (revealed sections, counters and lazy pictures start
    // there), then wait until the pictures on it have loaded before checking contrast.
    // A frame, or a quarter second when the page draws none: a fresh-clone CI run once waited out
    // the test's minute here on /book and /es/book (twice in one run, never since, neither alone nor
    // with both cores busy), where a page scrolled through twice over takes 0.3 s.
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => {
        const t = setTimeout(r, 250);
        requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(t), r(null))));
      });
      for (let y = 0; y < document.body.scrollHeight && y < 40 * innerHeight; y += innerHeight * 0.8) {
        scrollTo(0, y);
        await frame();
      }
      scrollTo(0, 0);
      await frame();
    });
    for (const theme of ["light", "dark"] as const) {
      if (theme === "dark") {
        // The button's own handler, without moving the pointer onto it (no hover colours).
        await page.locator("#theme-toggle").dispatchEvent("click");
        await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        await expect(page.locator("#theme-toggle")).toHaveAttribute("aria-pressed", "true");
      }
      await picturesInView(page);
      // Legacy mode runs axe in the page itself: these pages have no frames to merge, and the
      // default opens a second page to merge them (a second of each run).
      const results = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(summary, theme).toEqual([]);
    }
  });
}

test("the consent banner and the open quote dropdown pass axe too", async ({ page }) => {
  await page.goto("/contact", { waitUntil: "networkidle" });
  await hydrated(page, "#contact");
  await page.locator("#contact").getByRole("button", { name: /Service/ }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("in Spanish too: the consent banner and the open quote dropdown pass axe", async ({ page }) => {
  await page.goto("/es/contact", { waitUntil: "networkidle" });
  await hydrated(page, "#contact");
  await page.locator("#contact").getByRole("button", { name: /Servicio/ }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
