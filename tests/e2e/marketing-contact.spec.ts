import { expect, test, type Locator, type Page } from "@playwright/test";
import site from "../../content/site.json" with { type: "json" };
import gallery from "../../content/gallery.json" with { type: "json" };
import { consented, fillQuote, hydrated } from "./marketing-helpers";

const tel = `tel:+1${site.phone.replace(/\D/g, "")}`;
const submit = (page: Page) => page.locator('#contact button[type="submit"]');

async function height(l: Locator) {
  const box = await l.boundingBox();
  return box?.height ?? 0;
}

test.beforeEach(async ({ page }) => consented(page));

test("phones: a sticky bar calls the office and opens the quote form from every page", { tag: "@phone" }, async ({ page }) => {
  for (const path of ["/", "/about", "/services/seawalls", "/gallery"]) {
    await page.goto(path);
    const bar = page.locator("#contact-bar");
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: /Call/ })).toHaveAttribute("href", tel);
    await expect(bar.getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "/contact");
    // Still there, at the bottom of the screen, after scrolling far down.
    await page.mouse.wheel(0, 3000);
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
    for (const link of await bar.getByRole("link").all()) expect(await height(link)).toBeGreaterThanOrEqual(44);
  }
  // The footer can still be read above the bar.
  await page.locator("footer").scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  const copyright = page.locator("footer").getByText(/All rights reserved/);
  const barTop = (await page.locator("#contact-bar").boundingBox())!.y;
  expect((await copyright.boundingBox())!.y + 20).toBeLessThanOrEqual(barTop);
});

test("wide screens: a Free Estimate button in the header, no sticky bar", async ({ page }) => {
  await page.goto("/about");
  const quote = page.locator("#site-nav").getByRole("link", { name: "Free Estimate" });
  await expect(quote).toBeVisible();
  await expect(quote).toHaveAttribute("href", "/contact");
  await expect(page.locator("#contact-bar")).toBeHidden();
});

test("the phone menu shows the whole company name, a quote button and the phone", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByText(site.name, { exact: true })).toBeVisible();
  const name = menu.getByText(site.name, { exact: true });
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await expect(menu.getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "/contact");
  await expect(menu.getByRole("link", { name: /Call/ })).toHaveAttribute("href", tel);
});

test("the proof from site.json shows under the hero, in the footer and beside the quote form", async ({ page }) => {
  await page.goto("/");
  const license = `#${site.proof.licenses[0].number}`;
  const rating = `${site.proof.rating.value.toFixed(1)} on ${site.proof.rating.source}`;
  for (const where of ["#hero-title ~ [data-proof]", "footer [data-proof]", "#contact [data-proof]"]) {
    const proof = page.locator(where);
    await expect(proof).toContainText(license);
    await expect(proof).toContainText(rating);
    await expect(proof).toContainText(`since ${site.proof.founded}`);
  }
  await expect(page.locator("footer [data-proof-rating]")).toHaveAttribute("href", site.proof.rating.url);
  await expect(page.locator("footer [data-proof]")).toContainText(site.proof.warranty);
  await expect(page.locator("#contact [data-reply-promise]")).toContainText(site.reply.promise);
  await expect(page.locator("[data-review-source]").first()).toHaveText(/\S/);
});

test("the About seals carry the proof and their words stay inside the circle", async ({ page }) => {
  await page.goto("/about");
  const seal = page.locator('[data-seal="licensed"]');
  await expect(seal).toHaveAttribute("aria-label", new RegExp(site.proof.licenses[0].number));
  for (const s of await page.locator("[data-seal]").all()) {
    const fits = await s.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("text")].every((t) => {
        const r = t.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      });
    });
    expect(fits).toBe(true);
  }
});

test("the gallery shows every project card from gallery.json, a sample one marked as such", async ({ page }) => {
  await page.goto("/gallery");
  for (const g of gallery) {
    const card = page.locator(`[data-project="${g.id}"]`);
    await expect(card).toContainText(g.title);
    await expect(card).toContainText(g.place);
    await expect(card).toContainText(`${g.weeks} week`);
    await expect(card.getByText("Sample project · rendering")).toHaveCount(g.sample ? 1 : 0);
  }
});

/**
 * Links, buttons and fields a thumb must hit that are smaller than 44 px tall (issue 12). A link in
 * the middle of a sentence is exempt (WCAG 2.5.5's inline exception), as is the skip link (it is
 * off screen until focused); a stretched link (a card's title whose ::after covers the card) is
 * measured by the area it covers, a checkbox by its label.
 */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary")) {
      if (el.matches(".sr-only") || el.closest("[aria-hidden=true], [inert]")) continue;
      let box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
      const inSentence = (el.tagName === "A" || el.tagName === "BUTTON") && [...el.parentElement!.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim().length > 1);
      if (inSentence) continue;
      const after = getComputedStyle(el, "::after");
      if (after.position === "absolute" && after.content !== "none" && el.offsetParent) box = el.offsetParent.getBoundingClientRect();
      // A checkbox is tapped through its label too.
      const label = (el as HTMLInputElement).labels?.[0];
      if (label && label.getBoundingClientRect().height > box.height) box = label.getBoundingClientRect();
      if (box.height < 44) small.push(`${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}" ${Math.round(box.height)} px`);
    }
    return small;
  });
}

// Fourteen pages on the phone, in three groups so that each test stays well within the default time.
for (const paths of [
  ["/", "/about", "/services", "/services/seawalls", "/gallery"],
  ["/contact", "/terms", "/privacy", "/no-such-page"],
  ["/products", "/products/life-ring-with-bracket", "/login", "/signup", "/resetpswd"],
]) {
  test(`phones: every link, button and field outside a sentence is at least 44 px tall on ${paths.join(", ")}`, { tag: "@phone" }, async ({ page }) => {
    for (const path of paths) {
      await page.goto(path);
      if (path === "/products") await expect(page.getByTestId("product-card").first()).toBeVisible();
      if (path.startsWith("/products/")) await expect(page.getByTestId("product-detail")).toBeVisible();
      expect(await smallTargets(page), path).toEqual([]);
    }
  });
}

test("phones: the open menu and the consent banner's buttons are at least 44 px tall", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/about");
  await page.locator("#menu-button").click();
  await expect(page.locator("#nav-overlay[open], #nav-dropdown:not([hidden])")).toBeVisible();
  expect(await smallTargets(page), "phone menu").toEqual([]);
  await page.evaluate(() => document.documentElement.classList.add("needs-consent"));
  await expect(page.getByRole("button", { name: "Accept all" })).toBeVisible();
  expect(await smallTargets(page), "consent banner").toEqual([]);
});

test("the not-found page offers services, the quote form and the phone", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to homepage" })).toHaveAttribute("href", "/landing");
  await expect(page.locator("[data-404-services] a").first()).toHaveAttribute("href", /^\/services\//);
  await expect(page.locator("[data-404-quote]")).toHaveAttribute("href", "/contact");
  await expect(page.locator("[data-404-call]")).toHaveAttribute("href", tel);
});

test("no page scrolls sideways and footer links are at least 44 px tall", { tag: "@responsive" }, async ({ page, isMobile }) => {
  for (const path of ["/", "/about", "/services", "/services/boat-lifts", "/gallery", "/contact", "/no-such-page"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), path).toBeLessThanOrEqual(0);
  }
  for (const link of await page.locator("footer a").all()) {
    const label = (await link.textContent())?.trim() || (await link.getAttribute("href"));
    expect(await height(link), `footer link ${label}`).toBeGreaterThanOrEqual(44);
  }
  // The office e-mail never breaks inside its name or domain on a wide screen (one line: under 50 px).
  const mail = page.locator(`footer a[href="mailto:${site.email}"]`);
  if (!isMobile) expect(await height(mail)).toBeLessThan(50);
});

test("Submit looks ready before the form's script has loaded", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.locator("#contact astro-island[ssr]")).toHaveCount(1);
  expect(await submit(page).evaluate((b) => getComputedStyle(b).opacity)).toBe("1");
  await expect(submit(page)).toHaveText("Submit");
});

test("a failure that is not the server's (a refusal of the whole request) reads in plain words with the phone number, never the raw message", async ({ page }) => {
  await page.route("**/api/public/contact", (r) => r.fulfill({ status: 413, json: { status: false, message: "down", field: "body" } }));
  await page.goto("/contact");
  await hydrated(page, "#contact");
  await fillQuote(page, { service: "Seawalls" });
  await submit(page).click();
  await expect(submit(page)).toHaveText("Try later");
  const status = page.locator("[data-quote-status]");
  await expect(status).toContainText("We could not send your request");
  await expect(status).not.toContainText("down");
  await expect(status.getByRole("link", { name: site.phone })).toHaveAttribute("href", tel);
});

test("after sending, the confirmation stays (it is not an overlay that goes), the reply promise is said once, and 'Send another request' brings back 'Submit'", async ({ page }) => {
  await page.route("**/api/public/contact", (r) => r.fulfill({ json: { status: true, data: { status: true } } }));
  await page.clock.install();
  await page.goto("/contact");
  await hydrated(page, "#contact");
  await fillQuote(page, { service: "Seawalls" });
  await submit(page).click();
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  // The office's 'what happens next' is printed once, under the panel, not repeated in it.
  await expect(page.getByText(site.reply.next)).toHaveCount(1);
  await page.getByRole("button", { name: "Send another request" }).click();
  await expect(submit(page)).toHaveText("Submit");
});
