import { expect, test, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { consented, fillQuote, filledByAPerson, hydrated, storedLeads } from "./marketing-helpers";

// A product of the seeded catalogue (content/products/catalogue.json).
const FORM_PAGE = "/products/aluminum-dock-box";
const PRODUCT = { id: "aluminum-dock-box", name: "Marine Aluminum Dock Box, 88 in." };
/**
 * Opens the form and waits until React owns it (the island hydrates when the visitor reaches for
 * it). The page's clock runs a minute behind, so the server takes the form as filled in by a person.
 */
async function open(page: Page) {
  await consented(page);
  await filledByAPerson(page);
  await page.goto(FORM_PAGE);
  await hydrated(page);
}

const form = (page: Page) => page.getByTestId("inquiry-form");

async function fill(page: Page, email: string) {
  await form(page).getByLabel("Full name").fill("Sam Boater");
  await form(page).getByLabel("Email").fill(email);
  await form(page).getByLabel("Phone").fill("(239) 555-0134");
}

test.describe("product inquiry form", () => {
  test("sends the inquiry to the real endpoint and puts a confirmation in the form's place, staying on the product (issue 39)", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("heading", { name: `Ask us about ${PRODUCT.name}` })).toBeVisible();
    const email = `e2e-inquiry-${Date.now().toString(36)}@example.com`;
    await fill(page, email);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/inquiry"));
    const button = page.getByRole("button", { name: "Send Inquiry" });
    await button.click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: "Thank you for your inquiry" });
    const sent = JSON.parse(res.request().postData() ?? "{}");
    expect(sent).toMatchObject({ productId: PRODUCT.id, productName: PRODUCT.name, subject: `Inquiry about ${PRODUCT.name}`, website: "", page: FORM_PAGE });
    const heading = form(page).getByRole("heading", { name: "Message Sent Successfully" });
    await expect(heading).toBeFocused();
    await expect(form(page)).toContainText("Thank you, Sam. Your request is in.");
    await expect(form(page).getByTestId("reply-by")).toHaveText(/^We'll call you at \(239\) 555-0134 /);
    await expect(form(page).getByTestId("sent-summary")).toContainText(PRODUCT.name);
    await expect(form(page).getByTestId("urgent-call")).toHaveAttribute("href", /^tel:\+1/);
    await expect(form(page).getByLabel("Full name")).toHaveCount(0);
    expect(await storedLeads(page.request, "inquiry", (l) => l.email === email)).toEqual([expect.objectContaining({ fullName: "Sam Boater", spamReason: null })]);
    // The confirmation stays to be read; the way back to the catalogue is the visitor's to take.
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(new RegExp(`${FORM_PAGE}$`));
    await expect(form(page).getByRole("link", { name: "Back to the products" })).toHaveAttribute("href", "/products");
  });

  test("says at the field what the server refused in the inquiry, and focuses it", async ({ page }) => {
    await open(page);
    // The browser accepts "sam@localhost"; the server wants a real domain.
    await fill(page, "sam@localhost");
    await page.getByRole("button", { name: "Send Inquiry" }).click();
    const email = form(page).getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(form(page).locator(`#${await email.getAttribute("aria-describedby")}`)).toHaveText("Email is not a valid e-mail address.");
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send Inquiry" })).toBeEnabled();
  });

  test.describe("without a service worker", () => {
    // The page's route cannot see the worker's Background Sync: Chromium fires it at once (the
    // browser is online, only this route fails), and the worker could deliver the inquiry before the
    // offline message is ever read. The worker's path is covered in quote-photos.spec.ts.
    test.use({ serviceWorkers: "block" });

    test("keeps the inquiry on the device when the network fails ('Sending...' while it tries), and sends it when back online", async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let down = true;
      await page.route("**/api/public/inquiry", async (route) => {
        if (!down) return route.continue();
        await held;
        await route.abort("internetdisconnected");
      });
      const email = `e2e-offline-${Date.now().toString(36)}@example.com`;
      await open(page);
      await fill(page, email);
      await form(page).getByLabel(/Message/).fill("Does it fit a 5 ft dock?\nTwo of them, please.");
      await page.getByRole("button", { name: "Send Inquiry" }).click();
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
      release();
      await expect(form(page).getByTestId("inquiry-offline")).toHaveText(/^You're offline\. We saved your request on this device and will send it automatically/);
      await expect(form(page).getByRole("heading", { name: "Saved on this device, not sent yet" })).toBeFocused();
      // The connection is back: the page sends the request by itself, once, on `online`.
      down = false;
      await page.evaluate(() => dispatchEvent(new Event("online")));
      await expect(page.getByText("Message Sent Successfully")).toBeVisible();
      const mine = await storedLeads(page.request, "inquiry", (l) => l.email === email);
      expect(mine).toEqual([expect.objectContaining({ message: "Does it fit a 5 ft dock?\nTwo of them, please.", spamReason: null })]);
    });
  });

  // One page load for both themes: opened dark (the stored theme), then light by the page's own
  // theme button (its handler, without hovering it).
  test("has no accessibility violations (dark and light)", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await open(page);
    for (const theme of ["dark", "light"] as const) {
      if (theme === "light") await page.locator("#theme-toggle").dispatchEvent("click");
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      const result = await axe(page).include("[data-testid=inquiry-form]").analyze();
      expect(result.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    }
  });
});

test.describe("quote request form on /contact", () => {
  test("stores the request through the real endpoint and shows the success overlay", async ({ page }) => {
    await consented(page);
    await filledByAPerson(page);
    await page.goto("/contact");
    await hydrated(page, "#contact");
    const email = `e2e-contact-${Date.now().toString(36)}@example.com`;
    await fillQuote(page, { email, service: "Seawalls" });
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
    await page.locator('#contact button[type="submit"]').click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: true, data: { status: true } });
    expect(JSON.parse(res.request().postData() ?? "{}")).toMatchObject({ fullName: "Pat Waters", subject: "Seawalls", page: "/contact", website: "" });
    await expect(page.getByText("Message Sent Successfully")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveCount(0);
    // Stored as a person's request, not held as spam ("too-fast").
    expect(await storedLeads(page.request, "quote", (l) => l.email === email)).toEqual([expect.objectContaining({ fullName: "Pat Waters", spamReason: null })]);
  });
});

test.describe("quote request endpoint on the served site", () => {
  test("accepts a quote request with {data:{status:true}} and refuses a bad one with a clear 400", async ({ request }) => {
    const body = {
      fullName: "Ann Anchor",
      email: `e2e-quote-${Date.now().toString(36)}@example.com`,
      phone: "239-555-0101",
      address: "",
      subject: "Seawalls",
      website: "",
      startedAt: Date.now() - 10_000,
      page: "/contact",
      referrer: "",
      utm: {},
    };
    const ok = await request.post("/api/public/contact", { data: body });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ status: true, data: { status: true } });
    const bad = await request.post("/api/public/contact", { data: { ...body, phone: "nope" } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ status: false, field: "phone" });
    expect(await storedLeads(request, "quote", (l) => l.email === body.email)).toEqual([expect.objectContaining({ fullName: "Ann Anchor", spamReason: null })]);
  });
});
