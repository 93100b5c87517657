/**
 * Issue 36 on the production build with its own rebuilding server (tests/e2e/rebuild-server.ts):
 * the office changes the seawall's price per foot on its phone in the back office's price list,
 * saves, publishes, sees "Live" once the rebuilt /estimate serves the new version, and a visitor's
 * same answers then give the new range.
 */
import { expect, test } from "@playwright/test";
import { rememberSession } from "./auth-helpers";
import { consented } from "./marketing-helpers";
import { useRebuildServer } from "./rebuild-server";
import { answerSeawall120ByBarge } from "./estimate-helpers";

test.describe.configure({ mode: "serial" });
const { base: BASE, office } = useRebuildServer(8896);

test("the office changes the seawall price and, after publish, the same answers give the new range", { tag: "@phone" }, async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const visitor = await browser.newPage({ ...test.info().project.use });
  await consented(visitor);

  await test.step("before: the seed's $250–$400 a foot", async () => {
    await visitor.goto(`${BASE}/estimate`);
    await answerSeawall120ByBarge(visitor);
    await expect(visitor.getByTestId("estimate-range")).toHaveText("$48,000 – $106,000");
  });

  await test.step("the office sets $300–$450 a foot for a new seawall, saves and publishes", async () => {
    const session = (await office(request)).session;
    await rememberSession(page, session);
    await page.goto(`${BASE}/admin#prices`);
    const card = page.getByTestId("prices-seawall");
    await expect(card).toBeVisible();
    await card.getByRole("textbox", { name: "קיר ים חדש · מחיר לרגל אורך: מ־" }).fill("300");
    await card.getByRole("textbox", { name: "קיר ים חדש · מחיר לרגל אורך: עד" }).fill("450");
    // The example prices the draft beside what the site gives now.
    await expect(card.getByTestId("example-draft")).toHaveText("$57,500–$119,000");
    await page.getByTestId("prices-save").click();
    await expect(page.getByTestId("prices-status")).toHaveText("הטיוטה נשמרה. היא תופיע באתר אחרי ״פרסם״.");
    await page.getByTestId("publish").click();
    await expect(page.getByTestId("publish-state")).toHaveAttribute("data-phase", "publishing");
    // The rebuild serves the new /estimate, and the bar says so (it asks /estimate-version.json every 5 s).
    await expect(page.getByTestId("publish-state")).toHaveAttribute("data-phase", "live", { timeout: 240_000 });
    await expect(page.getByTestId("publish-state")).toContainText("באוויר: גרסה 2");
  });

  await test.step("after: the same answers give $57,500–$119,000", async () => {
    expect((await (await request.get(`${BASE}/estimate-version.json`)).json()).version).toBe(2);
    await visitor.goto(`${BASE}/estimate`);
    await answerSeawall120ByBarge(visitor);
    // 120 × $300 × 1.6 = $57,600 → $57,500; 120 × $450 × 2 × 1.1 = $118,800 → $119,000.
    await expect(visitor.getByTestId("estimate-range")).toHaveText("$57,500 – $119,000");
  });
  await visitor.close();
});
