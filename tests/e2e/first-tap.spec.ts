import { expect, test, type Page } from "@playwright/test";
import services from "../../content/services.json" with { type: "json" };
import { consented, GALLERY_SLIDES } from "./marketing-helpers";

/**
 * Islands hydrated on intent (`client:intent`) must not lose the visitor's first touch: the tap
 * that wakes the island has to do what it says. The islands' code is held back, as on a slow phone
 * network, until the test has interacted with the server-rendered HTML and releases it: every
 * interaction below happens before React owns the DOM.
 */

/**
 * Opens `path` and holds back every script asked for after the page has loaded (the islands' own
 * code) until the returned function is called.
 */
async function openWithIslandCodeHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let loaded = false;
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    if (loaded) await held;
    await route.continue();
  });
  await page.goto(path);
  await page.waitForLoadState("load");
  loaded = true;
  return release;
}

/** True while the island inside `scope` still shows only its server-rendered HTML. */
const notHydrated = (page: Page, scope: string) => page.locator(`${scope} astro-island[ssr]`).count().then((n) => n > 0);
const hydrated = (page: Page, scope: string) => page.waitForFunction((s) => !document.querySelector(`${s} astro-island[ssr]`), scope);

const serviceButton = (page: Page) => page.locator("#contact").getByRole("button", { name: /Select a Service/ });

test.beforeEach(async ({ page }) => {
  await consented(page);
});

test("contact: the first tap (or click) on 'Select a Service' opens the list", { tag: "@responsive" }, async ({ page, isMobile }) => {
  const release = await openWithIslandCodeHeld(page, "/contact");
  expect(await notHydrated(page, "#contact")).toBe(true);
  if (isMobile) await serviceButton(page).tap();
  else await serviceButton(page).click();
  // The tap happened before hydration (the island's code is held).
  expect(await notHydrated(page, "#contact")).toBe(true);
  release();
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByRole("option")).toHaveCount(services.length + 1);
  await page.getByRole("option", { name: "Seawalls" }).click();
  await expect(serviceButton(page)).toHaveCount(0);
  await expect(page.locator("#contact").getByRole("button", { name: /Seawalls/ })).toBeVisible();
});

test("contact: text typed before hydration is kept, stays focused, and is sent", { tag: "@responsive" }, async ({ page, isMobile }) => {
  let sent: Record<string, unknown> | null = null;
  await page.route("**/api/public/contact", (r) => ((sent = r.request().postDataJSON()), r.fulfill({ json: { status: true, data: { status: true } } })));
  // The island's code waits until the whole name is typed.
  const release = await openWithIslandCodeHeld(page, "/contact");
  const name = page.getByLabel("Full name");
  if (isMobile) await name.tap();
  else await name.click();
  await page.keyboard.type("Pat Waters", { delay: 20 });
  expect(await notHydrated(page, "#contact")).toBe(true);
  release();
  await hydrated(page, "#contact");
  await page.keyboard.type(" Jr");
  await expect(name).toHaveValue("Pat Waters Jr");
  await expect(name).toBeFocused();
  await page.getByLabel("Phone").fill("(239) 555-0188");
  await page.getByLabel("Email", { exact: false }).fill("pat@example.com");
  await serviceButton(page).click();
  await page.getByRole("option", { name: "Seawalls" }).click();
  await page.locator('#contact button[type="submit"]').click();
  await expect.poll(() => sent).not.toBeNull();
  expect(sent).toMatchObject({ fullName: "Pat Waters Jr", phone: "(239) 555-0188", email: "pat@example.com" });
});

test("product page: the first tap on 'Send Inquiry' of an empty form says what is missing", { tag: "@responsive" }, async ({ page, isMobile }) => {
  // Issue 38: a built product page hydrates only when the visitor reaches for it; its button is
  // enabled from the first byte, and a tap on it before the code arrives is held and replayed.
  let posted = 0;
  await page.route("**/api/public/inquiry", (r) => (posted++, r.fulfill({ json: { status: true, message: "Thank you for your inquiry" } })));
  const release = await openWithIslandCodeHeld(page, "/products/aluminum-dock-box");
  const form = page.getByTestId("inquiry-form");
  const send = form.getByRole("button", { name: "Send Inquiry" });
  if (isMobile) await send.tap();
  else await send.click();
  expect(await notHydrated(page, "[data-product-check]")).toBe(true);
  await expect(page).toHaveURL(/\/products\/aluminum-dock-box$/);
  release();
  await expect(form.getByTestId("field-error")).toHaveText(["Full name is required.", "Email is required."]);
  await expect(form.getByLabel("Full name")).toBeFocused();
  expect(posted).toBe(0);
});

test("landing: a tap on the quote form's button before its code arrives still counts", async ({ page }) => {
  const release = await openWithIslandCodeHeld(page, "/");
  const submit = page.locator('#contact button[type="submit"]');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  expect(await notHydrated(page, "#contact")).toBe(true);
  release();
  await expect(page.locator("#contact").getByTestId("field-error").first()).toHaveText("Full name is required.");
  await expect(page).toHaveURL(/\/$/);
});

test("contact: what the browser filled in before hydration (autofill, a restored form) is kept, project details too", async ({ page }) => {
  const release = await openWithIslandCodeHeld(page, "/contact");
  const details = "Lift for a 24 ft boat.\nThe seawall cap is cracked.";
  // Values set the way the browser sets them: no key press, so no sign of intent.
  await page.evaluate((text) => {
    const form = document.querySelector<HTMLFormElement>("#contact form")!;
    (form.elements.namedItem("address") as HTMLInputElement).value = "1200 SE 47th Ter, Cape Coral";
    (form.elements.namedItem("details") as HTMLTextAreaElement).value = text;
  }, details);
  await page.getByLabel("Full name").focus();
  expect(await notHydrated(page, "#contact")).toBe(true);
  release();
  await hydrated(page, "#contact");
  await expect(page.locator('#contact [name="address"]')).toHaveValue("1200 SE 47th Ter, Cape Coral");
  await expect(page.locator('#contact [name="details"]')).toHaveValue(details);
});

test("contact: an arrow key on 'Select a Service' before hydration opens the list", async ({ page }) => {
  const release = await openWithIslandCodeHeld(page, "/contact");
  await serviceButton(page).focus();
  await page.keyboard.press("ArrowDown");
  expect(await notHydrated(page, "#contact")).toBe(true);
  release();
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByRole("listbox")).toBeFocused();
});

test("gallery: the first tap on the 3D carousel advances it", { tag: "@phone" }, async ({ page }) => {
  const release = await openWithIslandCodeHeld(page, "/gallery");
  const scope = '[aria-label="Project carousel"]';
  const carousel = page.locator(scope);
  const counter = carousel.locator("[data-counter]");
  await expect(counter).toHaveText(`1 / ${GALLERY_SLIDES}`);
  expect(await notHydrated(page, scope)).toBe(true);
  await carousel.locator('[aria-roledescription="slide"]').first().tap();
  expect(await notHydrated(page, scope)).toBe(true);
  release();
  await expect(counter).toHaveText(`2 / ${GALLERY_SLIDES}`);
  // A second tap on the Next arrow keeps working once hydrated.
  await carousel.getByRole("button", { name: "Next slide" }).tap();
  await expect(counter).toHaveText(`3 / ${GALLERY_SLIDES}`);
});

test("gallery: the first tap on the Next arrow advances the carousel once", { tag: "@phone" }, async ({ page }) => {
  const release = await openWithIslandCodeHeld(page, "/gallery");
  const scope = '[aria-label="Project carousel"]';
  const carousel = page.locator(scope);
  const counter = carousel.locator("[data-counter]");
  await carousel.getByRole("button", { name: "Next slide" }).tap();
  expect(await notHydrated(page, scope)).toBe(true);
  release();
  await hydrated(page, scope);
  await expect(counter).toHaveText(`2 / ${GALLERY_SLIDES}`);
  // Once: the replayed tap is done when hydration has finished and the page has painted twice
  // more; a second advance would show by then. The next tap then moves exactly one slide.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(counter).toHaveText(`2 / ${GALLERY_SLIDES}`);
  await carousel.getByRole("button", { name: "Next slide" }).tap();
  await expect(counter).toHaveText(`3 / ${GALLERY_SLIDES}`);
});
