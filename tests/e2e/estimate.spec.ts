/**
 * Issue 36 on a phone: /estimate answers as the visitor types (the range, what moves it, the
 * permits), says so to a screen reader, tells a wrong answer at its field, and works without
 * JavaScript as a form whose answer is a page. (Axe, light and dark, is in a11y.spec.ts; the lead
 * and the office's publish are in estimate-lead.spec.ts and estimate-publish.spec.ts.)
 */
import { expect, test } from "@playwright/test";
import { consented, filledByAPerson } from "./marketing-helpers";
import { answerSeawall120ByBarge } from "./estimate-helpers";
import { axe } from "./axe.ts";
import { signedInAs, uniqueEmail } from "./auth-helpers";

test("seawall 120 ft by barge on a salt canal shows a range and the City permit, and says the range to a screen reader", { tag: "@phone" }, async ({ page }) => {
  await consented(page);
  await page.goto("/estimate");
  await answerSeawall120ByBarge(page);
  const answer = page.getByTestId("estimate-result");
  // 120 × $250 × 1.6 = $48,000; 120 × $400 × 2 × 1.1 = $105,600 → $106,000 (the seed's sample numbers).
  await expect(answer.getByTestId("estimate-range")).toHaveText("$48,000 – $106,000");
  await expect(answer).toContainText("A ballpark, not a quote.");
  await expect(answer.getByTestId("estimate-sample")).toHaveText("Sample prices");
  const city = answer.locator('[data-permit="city"]');
  await expect(city).toContainText("City of Cape Coral dock and seawall permit");
  await expect(city).toContainText("Likely needed · 2–6 weeks");
  await expect(answer).toContainText("Permits usually take 4–12 weeks before work can start.");
  await expect(answer.getByRole("listitem").filter({ hasText: "By barge." })).toContainText("compared with “From land”");
  // Spoken once the visitor pauses (aria-live), not at every key.
  await expect(page.getByTestId("estimate-announce")).toHaveText("Ballpark: $48,000 to $106,000.");
  await expect(page.getByTestId("estimate-announce")).toHaveAttribute("aria-live", "polite");
  // The two ways on.
  await expect(answer.getByRole("link", { name: "Book a site visit" })).toHaveAttribute("href", "/book");
  // On the phone the range stays in sight at the bottom while the questions are answered.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.getByTestId("estimate-summary")).toContainText("$48,000 – $106,000");
});

test("'Send to the office' creates a lead whose card shows the same estimate", { tag: "@phone" }, async ({ page, browser }) => {
  await consented(page);
  // The page's clock a minute behind: the server takes the form as filled in by a person.
  await filledByAPerson(page);
  await page.goto("/estimate");
  await answerSeawall120ByBarge(page);
  await expect(page.getByTestId("estimate-range")).toHaveText("$48,000 – $106,000");
  await page.getByRole("button", { name: "Send to the office" }).click();
  const form = page.getByRole("form", { name: "Send to the office" });
  const email = uniqueEmail("estimate");
  const name = `Pat Seawall ${Date.now().toString(36)}`;
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Phone").fill("(239) 555-0177");
  await form.getByLabel("Email").fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
  await form.getByRole("button", { name: "Send my answers" }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  // The answers go, never a figure: the server computes the estimate it keeps.
  const sent = JSON.parse(res.request().postData() ?? "{}");
  expect(sent).toMatchObject({ subject: "Seawalls", estimate: { project: "seawall", kind: "new", material: "concrete", feet: "120", water: "salt", access: "barge", waterway: "canal" } });
  expect(JSON.stringify(sent)).not.toContain("48000");
  await expect(page.getByTestId("estimate-sent")).toContainText("Sent to the office, with your answers.");

  // The office opens the lead on its phone.
  const office = await browser.newPage({ ...test.info().project.use });
  await signedInAs(office, "admin@example.com", "demo-admin-password");
  await office.goto("/admin");
  const card = office.getByTestId("lead-row").filter({ hasText: name });
  await expect(card.getByTestId("lead-estimate-range")).toHaveText("$48,000–$106,000");
  await expect(card.getByTestId("lead-estimate")).toContainText("מחירים לדוגמה");
  await expect(card.getByTestId("lead-estimate-lines")).toContainText("Seawalls: A new seawall · 120 ft · Concrete panels · By barge · Salt water · A Cape Coral canal");
  await expect(card.getByTestId("lead-estimate-lines")).toContainText("Permits: City of Cape Coral dock and seawall permit, 2–6 weeks");
  await office.close();
});

test("an answer out of range is told at its field, and the range comes back once it is fixed", { tag: "@phone" }, async ({ page }) => {
  await consented(page);
  await page.goto("/estimate");
  await answerSeawall120ByBarge(page);
  const length = page.getByRole("textbox", { name: "Length of wall (ft)" });
  await length.fill("10000");
  await expect(length).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("estimate-field-error")).toHaveText("The length of wall can be at most 2,000 ft here: for a bigger job, call the office.");
  await expect(page.getByTestId("estimate-problem")).toBeVisible();
  await expect(page.getByTestId("estimate-announce")).toHaveText(/^Check this answer: The length of wall can be at most 2,000 ft/);
  await length.fill("0");
  await expect(page.getByTestId("estimate-field-error")).toHaveText(/must be at least 10 ft/);
  await length.fill("120");
  await expect(page.getByTestId("estimate-range")).toHaveText("$48,000 – $106,000");
  await expect(length).not.toHaveAttribute("aria-invalid");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form switches to the dock's questions by itself and its answer is a page with the range and the permits", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/estimate");
    const form = page.getByRole("form", { name: "Your project" });
    // The live answer needs JavaScript: the form's own button brings it as a page instead.
    await expect(page.getByTestId("estimate-result")).toBeHidden();
    await expect(form.getByRole("textbox", { name: "Dock length (ft)" })).toBeHidden();
    await form.getByRole("radio", { name: "Dock: new or rebuild" }).check();
    await expect(form.getByRole("textbox", { name: "Length of wall (ft)" })).toBeHidden();
    await form.getByRole("textbox", { name: "Dock length (ft)" }).fill("40");
    await form.getByRole("textbox", { name: "Dock width (ft)" }).fill("8");
    await form.getByRole("radio", { name: "Pressure-treated wood" }).check();
    await form.getByRole("button", { name: "Show my ballpark" }).click();
    await expect(page).toHaveURL(/\/api\/estimate$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your ballpark");
    // 320 sq ft × $55 × salt 1.1 = $19,360 → $19,000; × $60 × 1.25 = $24,000.
    await expect(page.getByText("$19,000–$24,000")).toBeVisible();
    await expect(page.getByText("A ballpark, not a quote.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "City of Cape Coral dock and seawall permit" })).toContainText("typically 2–6 weeks");
    // Under 1,000 sq ft on a man-made canal: the state's exemption.
    await expect(page.getByRole("listitem").filter({ hasText: "State environmental resource permit" })).toContainText("a private dock up to 1,000 sq ft on a man-made canal is exempt");
    await expect(page.getByRole("link", { name: "Book a site visit" })).toHaveAttribute("href", "/book");
    await expect(page.getByRole("link", { name: "Change my answers" })).toHaveAttribute("href", "/estimate");
  });
});

test("the back office's price list says what is still sample, refuses a low above its high at the field, and passes axe light and dark", { tag: "@responsive" }, async ({ page }) => {
  await signedInAs(page, "admin@example.com", "demo-admin-password");
  await page.goto("/admin#prices");
  const card = page.getByTestId("prices-seawall");
  await expect(card).toBeVisible();
  await expect(page.getByTestId("prices-sample-banner")).toContainText("מחירים לדוגמה");
  await expect(card.getByTestId("sample-tag")).toHaveText("לדוגמה");
  await expect(card.getByTestId("confirm-prices")).not.toBeChecked();
  // A low above its high: refused by the server, said at the field in Hebrew, and nothing saved.
  const low = card.getByRole("textbox", { name: "קיר ים חדש · מחיר לרגל אורך: מ־" });
  const high = card.getByRole("textbox", { name: "קיר ים חדש · מחיר לרגל אורך: עד" });
  await low.fill("500");
  await page.getByTestId("prices-save").click();
  await expect(high).toHaveAttribute("aria-invalid", "true");
  await expect(high).toBeFocused();
  await expect(card).toContainText("״מ־״ גדול מ״עד״: הקצה הנמוך לא יכול להיות מעל הגבוה.");
  await expect(page.getByTestId("prices-status")).toContainText("יש לתקן: קיר ים (חדש או החלפה).");
  await low.fill("250");
  for (const part of ["seawall", "permits"]) {
    await page.getByTestId(`prices-part-${part}`).click();
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      const found = await axe(page).include('[data-testid="panel-prices"]').analyze();
      expect(found.violations.map((v) => `${part} ${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }
  }
});
