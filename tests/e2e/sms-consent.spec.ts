// Issue 34, item 2: 'Text me about this request' on the quote and inquiry forms. Unticked by
// default, reached and ticked from the keyboard, stored with the lead when ticked; ticked without a
// phone, the form says so at the phone field and sends nothing; axe-clean in both themes; and a
// phone-width picture of each form with it, light and dark, for a person to look at.
import { expect, test, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { consented, fillQuote, filledByAPerson, hydrated, storedLeads } from "./marketing-helpers";

const box = (page: Page) => page.getByRole("checkbox", { name: /Text me about this request/ });
const PRODUCT_PAGE = "/products/aluminum-dock-box";
type WithSms = { email: string; sms: { consent: boolean; state: string | null } };

async function openQuote(page: Page) {
  await consented(page);
  await filledByAPerson(page);
  await page.goto("/contact");
  await hydrated(page, "#contact");
}

test("quote: the box is unticked, reached with Tab after the photos and ticked with Space; the stored lead has the consent", async ({ page, request }) => {
  await openQuote(page);
  await expect(box(page)).not.toBeChecked();
  await expect(box(page)).toHaveAccessibleDescription(/Coastal Marine Construction may send automated text messages about this request.*Consent is not a condition of purchase.*Msg & data rates may apply\. Reply STOP to opt out, HELP for help\. Privacy Policy\./);
  const email = `e2e-sms-${Date.now().toString(36)}@example.com`;
  await fillQuote(page, { email, service: "Seawalls" });
  // From the last text field, Tab goes through the photo picker to the box, never past it.
  await page.getByLabel(/Project details/).focus();
  for (let i = 0; i < 6 && !(await box(page).evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(box(page)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(box(page)).toBeChecked();
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
  await page.keyboard.press("Shift+Tab"); // back and forth: the focus ring is the browser's own
  await page.locator('#contact button[type="submit"]').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(JSON.parse(res.request().postData() ?? "{}")).toMatchObject({ smsConsent: true, smsConsentVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  // Sent: the form gives way to the confirmation panel (issue 39); a new request starts unticked.
  await expect(box(page)).toHaveCount(0);
  await page.locator("#contact").getByRole("button", { name: "Send another request" }).click();
  await expect(box(page)).not.toBeChecked();
  const [lead] = (await storedLeads(request, "quote", (l) => l.email === email)) as unknown as WithSms[];
  // No Twilio on the test server: the text waits in the outbox.
  expect(lead.sms).toEqual({ consent: true, state: "queued" });
});

test("quote: left unticked, the lead has no consent", async ({ page, request }) => {
  await openQuote(page);
  const email = `e2e-nosms-${Date.now().toString(36)}@example.com`;
  await fillQuote(page, { email, service: "Dredging" });
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
  await page.locator('#contact button[type="submit"]').click();
  expect(JSON.parse((await answer).request().postData() ?? "{}")).not.toHaveProperty("smsConsent");
  const [lead] = (await storedLeads(request, "quote", (l) => l.email === email)) as unknown as WithSms[];
  expect(lead.sms).toEqual({ consent: false, state: null });
});

test("inquiry: ticked without a phone, it says so at once and at the phone field, sends nothing, then sends with a number", async ({ page, request }) => {
  await consented(page);
  await filledByAPerson(page);
  let posted = 0;
  page.on("request", (r) => void (r.url().endsWith("/api/public/inquiry") && posted++));
  await page.goto(PRODUCT_PAGE);
  const form = page.getByTestId("inquiry-form");
  await hydrated(page);
  await expect(box(page)).not.toBeChecked();
  const email = `e2e-inq-sms-${Date.now().toString(36)}@example.com`;
  await form.getByLabel("Full name").fill("Sam Boater");
  await form.getByLabel("Email").fill(email);
  await box(page).check();
  await expect(page.getByTestId("sms-needs-phone")).toHaveText("Enter your mobile number above so we can text you.");
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  const phone = form.getByLabel("Phone");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("Phone is needed for text messages: enter your mobile number, or untick 'Text me about this request'.");
  await expect(phone).toBeFocused();
  expect(posted).toBe(0);
  await phone.fill("(239) 555-0177");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/inquiry"));
  await form.getByRole("button", { name: "Send Inquiry" }).click();
  expect((await answer).status()).toBe(200);
  const [lead] = (await storedLeads(request, "inquiry", (l) => l.email === email)) as unknown as WithSms[];
  expect(lead.sms.consent).toBe(true);
});

for (const theme of ["light", "dark"] as const) {
  test(`phone: the forms with the box, ${theme}: axe-clean, and a picture of each`, { tag: "@phone" }, async ({ page }, info) => {
    test.setTimeout(60_000);
    await consented(page, theme === "dark" ? { theme: "dark" } : {});
    await page.emulateMedia({ reducedMotion: "reduce", colorScheme: theme });
    await page.goto("/contact");
    await hydrated(page, "#contact");
    if (theme === "dark" && !(await page.locator("html").getAttribute("class"))?.includes("dark")) await page.locator("#theme-toggle").dispatchEvent("click");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // As a visitor has it just before sending: a number given, the box ticked.
    await page.getByLabel("Phone").fill("(239) 555-0188");
    await box(page).check();
    const consent = page.getByTestId("sms-consent");
    await consent.scrollIntoViewIfNeeded();
    const a = await axe(page).include('[data-testid="sms-consent"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(a.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // The box, the photos above it and the button below, as a visitor sees them on a phone.
    const card = page.locator("#contact form");
    const box1 = (await card.boundingBox())!;
    const c = (await consent.boundingBox())!;
    await page.screenshot({ path: info.outputPath(`quote-sms-${theme}.png`), clip: { x: box1.x - 8, y: c.y - 260, width: box1.width + 16, height: c.height + 360 } });
    expect((await box(page).boundingBox())!.width).toBeGreaterThanOrEqual(20);
    // The label row is the tap target: at least 44 px tall.
    expect((await consent.locator("label").boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await page.goto(PRODUCT_PAGE);
    const form = page.getByTestId("inquiry-form");
    await hydrated(page);
    if (theme === "dark" && !(await page.locator("html").getAttribute("class"))?.includes("dark")) await page.locator("#theme-toggle").dispatchEvent("click");
    // Ticked before a phone is given: the form says what it needs.
    await box(page).check();
    await form.scrollIntoViewIfNeeded();
    const b = await axe(page).include('[data-testid="inquiry-form"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(b.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await form.screenshot({ path: info.outputPath(`inquiry-sms-${theme}.png`) });
  });
}
