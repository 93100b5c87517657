/**
 * Issue 39, item 5: the Reports tab shows money (pipeline, won value, average job), the chart names
 * its axes and its key says what the bars look like in either theme, and on a phone the total and
 * the won rate stand beside each row's name, on screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers.ts";

const tag = `money-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Leads of a campaign of their own, 2 and 3 days ago: one won at $42,000, one quoted at $18,400. */
const seed = () =>
  withTestDb(async (db) => {
    for (const [daysAgo, status, amount] of [
      [3, "won", 42000],
      [2, "quoted", 18400],
    ] as const) {
      await db.query(
        `INSERT INTO leads (kind, email, subject, utm, source_page, crm_state, created_at, status, amount, status_changed_at)
         VALUES ('quote', $1, 'Seawalls', $2::jsonb, '/contact', 'disabled', now() - make_interval(days => $3), $4, $5, now())`,
        [`${tag}-${daysAgo}@example.com`, JSON.stringify({ source: tag, medium: "email", campaign: "spring-seawall-promo" }), daysAgo, status, amount],
      );
    }
  });
const unseed = () => withTestDb((db) => db.query("DELETE FROM leads WHERE email LIKE $1", [`${tag}-%`]));

async function openReports(page: Page, theme: "light" | "dark" = "light") {
  const session = await apiSignIn(page.request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { theme, consent: "essential" });
  await page.goto("/admin#reports");
  await expect(page.getByRole("tab", { name: "דוחות" })).toHaveAttribute("aria-selected", "true");
}

/** Dollars as the card shows them: "$18,400" → 18400. */
const dollars = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/[$,]/g, ""));

test.describe("reports: money, the chart's axes and key, phone columns", () => {
  test.beforeAll(seed);
  test.afterAll(unseed);

  test("the money card shows the open quotes, the won value and the average job, in dollars left to right", async ({ page }) => {
    await openReports(page);
    const money = page.getByTestId("report-money");
    await expect(money.getByRole("heading", { name: "כסף" })).toBeVisible();
    await expect(page.getByTestId("money-won-amount")).toHaveText(/^\$[\d,]+$/);
    // Other tests add leads with amounts at the same time: ours are part of the sums.
    expect(await dollars(page, "money-won-amount")).toBeGreaterThanOrEqual(42000);
    expect(await dollars(page, "money-pipeline-amount")).toBeGreaterThanOrEqual(18400);
    expect(await dollars(page, "money-average-amount")).toBeGreaterThan(0);
    await expect(page.getByTestId("money-won-amount").locator("bdi")).toHaveAttribute("dir", "ltr");
    await expect(page.getByTestId("money-won")).toContainText("עבודות שנחתמו");
    await expect(page.getByTestId("money-pipeline")).toContainText("הצעות פתוחות");
  });

  test("the chart names both axes; in dark mode its caption and key describe the bars as drawn", async ({ page }) => {
    await openReports(page, "dark");
    const chart = page.getByTestId("weekly-chart");
    await expect(chart).toHaveAttribute("data-drawn", "dark");
    await expect(chart).toHaveAttribute("data-x-title", "השבוע שבו הגיעה הפנייה");
    await expect(chart).toHaveAttribute("data-y-title", "מספר פניות");
    // "Pale" bars are dark on the dark card: the words say see-through with a border, which both themes show.
    const hint = page.getByTestId("report-weekly").locator("p").first();
    await expect(hint).not.toContainText("בהירה");
    await expect(hint).toContainText("שקופה עם מסגרת");
    const leadsKey = page.getByTestId("key-leads");
    const wonKey = page.getByTestId("key-won");
    await expect(page.getByTestId("weekly-key")).toContainText("כל הפניות (שקופה, עם מסגרת)");
    const style = (el: typeof leadsKey) => el.evaluate((e) => ({ bg: getComputedStyle(e).backgroundColor, border: getComputedStyle(e).borderTopColor, width: getComputedStyle(e).borderTopWidth }));
    const leads = await style(leadsKey);
    const won = await style(wonKey);
    // The leads swatch: the won colour as its border, a fill of a fifth of it (#rrggbb33).
    expect(leads.border).toBe(won.bg);
    expect(leads.width).toBe("2px");
    expect(leads.bg).toMatch(/^rgba\(\d+, \d+, \d+, 0\.2\)$/);
  });

  test("on a phone the total and the won rate of a source are on screen, beside its name @phone", async ({ page }) => {
    await openReports(page);
    const row = page.getByTestId("sources-table").getByTestId("source-row").filter({ hasText: tag });
    await expect(row).toHaveCount(1);
    const width = page.viewportSize()!.width;
    for (const cell of [row.locator("th").first(), row.getByTestId("total"), row.getByTestId("won-rate")]) {
      await expect(cell).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x, String(await cell.textContent())).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, String(await cell.textContent())).toBeLessThanOrEqual(width);
    }
    await expect(row.getByTestId("total")).toHaveText("2");
    await expect(row.getByTestId("won-rate")).toHaveText("50%");
    // The services table too: the first row's total and rate are on screen.
    const service = page.getByTestId("services-table").getByTestId("service-row").first();
    for (const cell of [service.getByTestId("total"), service.getByTestId("won-rate")]) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.x).toBeGreaterThanOrEqual(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
