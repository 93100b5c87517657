// Issue 39, item 8: the small things a homeowner reads as careless.
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import site from "../../content/site.json" with { type: "json" };
import { consented, drawn } from "./marketing-helpers";

test.beforeEach(async ({ page }) => consented(page));

test("the footer's © year is this year, and moves on by itself in a page built last year", async ({ page }) => {
  await page.goto("/about");
  const year = page.locator("footer [data-year]");
  await expect(year).toHaveText(String(new Date().getFullYear()));
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} ${site.name}.`);
  // The same page, opened on New Year's Day after it was built.
  const next = new Date().getFullYear() + 1;
  await page.clock.install({ time: new Date(`${next}-01-01T09:00:00-05:00`) });
  await page.goto("/about");
  await expect(year).toHaveText(String(next));
});

/** The colour drawn at a point of the viewport, as [r, g, b]. */
async function colourAt(page: Page, x: number, y: number) {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 }, animations: "disabled" });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/contact", "/landing"]) {
    test(`${path} (${theme}): the quote section's wave runs into the colour of what follows, not a band of another`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      await page.goto(path);
      // The form's block is drawn once the page is idle (issue 38); until then its height is a guess.
      await drawn(page);
      const section = page.locator("section#contact");
      // The section's bottom edge in the middle of the screen.
      await section.evaluate((el) => scrollTo(0, el.getBoundingClientRect().bottom + scrollY - innerHeight / 2));
      const box = (await section.boundingBox())!;
      const x = box.x + box.width / 2;
      const wave = await colourAt(page, x, box.y + box.height - 3);
      const below = await colourAt(page, x, box.y + box.height + 3);
      const apart = Math.max(...wave.map((c, i) => Math.abs(c - below[i])));
      expect(apart, `wave ${wave} against ${below}`).toBeLessThanOrEqual(3);
    });
  }
}

test("a product page says plainly what sending does and what the price covers, in English and Spanish", async ({ page }) => {
  await page.goto("/products/aluminum-dock-box");
  await expect(page.getByRole("heading", { name: "Ask us about Marine Aluminum Dock Box, 88 in." })).toBeVisible();
  await expect(page.getByText(/^Send us your question\. Nothing is ordered or charged/)).toBeVisible();
  await expect(page.getByText("Want to get an inquiry")).toHaveCount(0);
  await expect(page.getByTestId("price-covers")).toHaveText(site.catalogue.installation);
  await page.goto("/es/products/aluminum-dock-box");
  await expect(page.getByRole("heading", { name: /^Pregúntenos sobre / })).toBeVisible();
  await expect(page.getByTestId("price-covers")).toHaveText(site.es["catalogue.installation"]);
  await expect(page.getByTestId("price-covers")).not.toHaveAttribute("lang", "en");
});

test("an empty inquiry says at each required field what is missing, all at once, the first focused, in the form's words (issue 39)", async ({ page }) => {
  let posted = 0;
  await page.route("**/api/public/inquiry", (r) => (posted++, r.fulfill({ json: { status: true, message: "Thank you for your inquiry" } })));
  await page.goto("/products/aluminum-dock-box");
  const form = page.getByTestId("inquiry-form");
  // The tap may come before React owns the form: it is held and replayed (first-tap.spec.ts).
  await expect(form.locator("form")).toHaveAttribute("novalidate", "");
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  const name = form.getByLabel("Full name");
  const email = form.getByLabel("Email");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByTestId("field-error")).toHaveText(["Full name is required.", "Email is required."]);
  await expect(name).toBeFocused();
  await page.goto("/es/products/aluminum-dock-box");
  await page.getByTestId("inquiry-form").getByRole("button", { name: "Enviar consulta" }).click();
  await expect(page.getByTestId("inquiry-form").getByTestId("field-error")).toHaveText(["Nombre completo: este campo es obligatorio.", "Correo electrónico: este campo es obligatorio."]);
  expect(posted).toBe(0);
});
