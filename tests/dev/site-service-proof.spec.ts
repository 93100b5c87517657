import { expect, test } from "@playwright/test";
import { consent, expectClean, expectLoaded, hydrateAll, signIn, watch } from "./dev-helpers.ts";
import { picture, putSiteBack, saveDraft, siteState } from "../e2e/site-helpers.ts";

/**
 * Issue 39, item 3 under `npm run dev`: a service page's proof is the office's to edit in the Site
 * tab. The office writes the Seawalls page's answer about permits and clears the "sample answers"
 * tick, gives the seawall project a new "before" picture with its description, sees both in the
 * draft preview, publishes, and a visitor's next load of /services/seawalls shows the answer with
 * no sample label and the new before/after pair. The version from before is restored and published
 * afterwards, so later tests see the seed.
 */
const PERMITS = `Yes: a City of Cape Coral permit, which we file for you. Checked ${Date.now().toString(36)}.`;
const BEFORE_ALT = "The old seawall before the work, its cap cracked along the canal";

test("a service's answers and a project's before picture, edited in the Site tab, are on the service page after publish", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(240_000);
  const session = await signIn(request, page);
  const before = await siteState(request, session.token);
  let pictureKey = "";
  const w = watch(page);
  try {
    await test.step("Services: the Seawalls answer about permits, no longer marked sample", async () => {
      await page.goto("/admin");
      await hydrateAll(page);
      await page.getByRole("tab", { name: "אתר" }).click();
      await page.getByTestId("site-part-services").click();
      const section = page.getByTestId("site-section-services");
      const item = section.getByTestId("list-item").filter({ has: page.getByTestId("item-name").filter({ hasText: /^Seawalls$/ }) });
      await item.getByTestId("item-toggle").click();
      await item.getByLabel("האם צריך היתר? (Do I need a permit?) (לא חובה)", { exact: true }).fill(PERMITS);
      await item.getByLabel("התשובות הן תשובות לדוגמה").uncheck();
      // The draft preview shows the page as it will read, before anything is saved or published.
      await page.getByRole("button", { name: "תצוגה מקדימה" }).click();
      await page.getByRole("combobox", { name: "איזה עמוד:" }).selectOption({ label: "Seawalls" });
      const answers = page.getByTestId("preview-answers");
      await expect(answers).toContainText("Do I need a permit?");
      await expect(answers).toContainText(PERMITS);
      await expect(answers.getByText("Sample", { exact: true })).toHaveCount(0);
      await saveDraft(section);
    });

    await test.step("Gallery: the seawall project gets a new 'before' picture and its description", async () => {
      await page.getByTestId("site-part-gallery").click();
      const gallery = page.getByTestId("site-section-gallery");
      const item = gallery.getByTestId("list-item").filter({ has: page.getByTestId("item-name").filter({ hasText: "New Seawall Cap and Rip-Rap" }) });
      await item.getByTestId("item-toggle").click();
      // The project's own photos have their own input; its one single picture is the "before".
      const input = item.getByTestId("picture-input");
      await expect(input).toHaveCount(1);
      await input.setInputFiles(await picture("seawall-before.jpg", "#6b5b4b", "jpeg", { width: 900, height: 600 }));
      const thumb = item.locator('[data-testid^="picture-"][data-testid$=".beforeImage"]').getByTestId("picture-thumb");
      await expect(thumb).toHaveAttribute("src", /^\/api\/images\/[\w-]{43}$/);
      pictureKey = (await thumb.getAttribute("src"))!.split("/").pop()!;
      await item.getByLabel(/^תיאור התמונה \(טקסט חלופי\): תמונת ״לפני״/).fill(BEFORE_ALT);
      await saveDraft(gallery);
      // Back on Services, the preview pairs the new "before" with the project's photo.
      await page.getByTestId("site-part-services").click();
      const pair = page.getByTestId("preview-before-after");
      await expect(pair.getByRole("img", { name: `Before: ${BEFORE_ALT}` })).toHaveAttribute("src", `/api/images/${pictureKey}`);
      await expect(page.getByTestId("draft-state")).toHaveText("טיוטה שמורה · יש שינויים שלא פורסמו");
    });

    await test.step("publish: 'Live' once the dev server serves the new version", async () => {
      await page.getByTestId("publish").click();
      await expect(page.getByTestId("publish-state")).toHaveAttribute("data-phase", "live", { timeout: 60_000 });
    });
    await expectClean(w);

    const visitor = await browser.newContext({ baseURL });
    try {
      const v = await visitor.newPage();
      await consent(v);
      const vw = watch(v);
      await v.goto("/services/seawalls");
      const answers = v.locator("[data-service-answers]");
      await expect(answers.locator('[data-answer="permits"]')).toContainText(PERMITS);
      await expect(answers.locator("[data-sample-label]")).toHaveCount(0);
      const pair = v.locator("[data-before-after]");
      await expect(pair).toContainText("New Seawall Cap and Rip-Rap");
      // The uploaded picture, optimised by Astro (named by the first 16 characters of its key).
      const beforeImg = pair.locator('[data-side="before"] img');
      await expect(beforeImg).toHaveAttribute("alt", `Before: ${BEFORE_ALT}`);
      await expect(beforeImg).toHaveAttribute("src", new RegExp(`site-images%2F${pictureKey.slice(0, 16)}\\.`));
      await beforeImg.scrollIntoViewIfNeeded();
      await expectLoaded(beforeImg);
      await expectLoaded(pair.locator('[data-side="after"] img'));
      // No page error, console error or failed request (the page has no island of its own).
      expect(vw.problems, vw.problems.join("\n")).toEqual([]);
    } finally {
      await visitor.close();
    }
  } finally {
    await putSiteBack(request, session.token, before.live.version);
  }
});
