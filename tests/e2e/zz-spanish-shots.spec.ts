// Screenshots of the Spanish pages for a person to look at (issue 37): phone and desktop, light and
// dark. Not part of the suite's assertions; run on its own: SHOTS=/tmp/shots npx playwright test zz-spanish-shots.
import { test } from "@playwright/test";
import { consented } from "./marketing-helpers";

const DIR = process.env.SHOTS;
const PAGES = ["/es", "/es/services/boat-lifts", "/es/contact", "/es/estimate", "/es/book", "/es/gallery", "/es/products", "/es/products/four-step-dock-ladder", "/es/about", "/es/privacy", "/es/no-such-page"];

test.skip(!DIR, "SHOTS is not set");
for (const theme of ["light", "dark"] as const)
  for (const path of PAGES)
    test(`${path} ${theme}`, { tag: "@responsive" }, async ({ page }, info) => {
      test.setTimeout(60_000);
      await consented(page, theme === "dark" ? { theme: "dark" } : {});
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
          scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        scrollTo(0, 0);
      });
      await page.waitForTimeout(400);
      const name = `${path.replace(/\//g, "_") || "_"}-${theme}-${info.project.name}.png`;
      await page.screenshot({ path: `${DIR}/${name}`, fullPage: info.project.name === "desktop" ? false : false });
      await page.screenshot({ path: `${DIR}/full${name}`, fullPage: true });
    });
