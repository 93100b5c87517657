import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES, consented, hydrated } from "./marketing-helpers";

// axe is heavy on a busy machine: give each check three times the default time.
test.beforeEach(() => test.slow());

// Landing twice is one page; one service detail stands for the eleven (same template).
const pages = PUBLIC_PAGES.filter((p) => p.path !== "/landing" && (!p.path.startsWith("/services/") || p.path === "/services/dock-construction"));

for (const theme of ["light", "dark"] as const) {
  for (const { path } of [...pages, { path: "/no-such-page" }]) {
    test(`axe finds no violations on ${path} (${theme})`, async ({ page }) => {
      await consented(page, { theme });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path, { waitUntil: "networkidle" });
      // Let revealed sections, counters and lazy pictures settle before checking contrast.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        scrollTo(0, 0);
      });
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(summary).toEqual([]);
    });
  }
}

test("the consent banner and the open quote dropdown pass axe too", async ({ page }) => {
  await page.goto("/contact", { waitUntil: "networkidle" });
  await hydrated(page, "#contact");
  await page.locator("#contact").getByRole("button", { name: /Service/ }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
