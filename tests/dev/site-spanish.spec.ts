import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { consent, expectClean, hydrateAll, signIn, watch } from "./dev-helpers.ts";
import { putSiteBack, saveDraft, siteState } from "../e2e/site-helpers.ts";

/**
 * Issue 37's "Done when", under `npm run dev`: the office adds a review in the back office's Site tab
 * with its Spanish beside the English, publishes, and the Spanish landing page shows the Spanish
 * (the English one the English); a text with no Spanish yet shows in English there, marked
 * lang="en", and is on the launch checklist. The version from before is published again at the end.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test("a review written in English and Spanish in the Site tab, published, shows in Spanish on /es and in English on /", async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const session = await signIn(request, page);
  const before = await siteState(request, session.token);
  const tag = Date.now().toString(36).slice(-4);
  const review = {
    name: `Lucía G. ${tag}`,
    shortText: "They rebuilt our dock in six weeks.",
    reviewText: "The crew rebuilt our dock and the lift in six weeks and explained every step in Spanish.",
    shortTextEs: "Reconstruyeron nuestro muelle en seis semanas.",
    reviewTextEs: "El equipo reconstruyó nuestro muelle y el elevador en seis semanas y nos explicó cada paso en español.",
  };
  const w = watch(page);
  try {
    await test.step("the office writes the review with its Spanish and saves it", async () => {
      await page.goto("/admin#site");
      await hydrateAll(page);
      await page.getByTestId("site-part-reviews").click();
      const reviews = page.getByTestId("site-section-reviews");
      await reviews.getByRole("button", { name: "הוספת ביקורת" }).click();
      const item = reviews.getByTestId("list-item").first();
      await item.getByLabel("שם הכותב/ת").fill(review.name);
      await item.getByLabel("כותרת קצרה", { exact: true }).fill(review.shortText);
      await item.getByLabel("בספרדית: כותרת קצרה").fill(review.shortTextEs);
      await expect(item.getByLabel("בספרדית: כותרת קצרה")).toHaveAttribute("lang", "es");
      await item.getByLabel("טקסט הביקורת", { exact: true }).fill(review.reviewText);
      await item.getByLabel("בספרדית: טקסט הביקורת").fill(review.reviewTextEs);
      const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#2a6f97" } }).png().toBuffer();
      await item.getByTestId("picture-input").setInputFiles({ name: "lucia.png", mimeType: "image/png", buffer: png });
      await expect(item.getByTestId("picture-thumb")).toHaveAttribute("src", /^\/api\/images\/[\w-]{43}$/);
      await saveDraft(reviews);
      // Saved with its Spanish, which the office wrote: not a sample translation.
      const draft = (await siteState(request, session.token)).draft.reviews[0];
      expect(draft).toMatchObject({ name: review.name, es: { shortText: review.shortTextEs, reviewText: review.reviewTextEs }, esSample: false });
    });

    await test.step("publish: 'Live'", async () => {
      await page.getByTestId("publish").click();
      await expect(page.getByTestId("publish-state")).toHaveAttribute("data-phase", "live");
    });
    await expectClean(w);

    const visitor = await browser.newContext({ baseURL });
    try {
      const v = await visitor.newPage();
      await consent(v);
      await test.step("/es shows the review in Spanish, / in English", async () => {
        await v.goto("/es");
        await hydrateAll(v);
        const card = v.locator("#reviews-strip figure").filter({ hasText: review.name }).first();
        await expect(card).toContainText(`“${review.shortTextEs}”`);
        await expect(card).toContainText(review.reviewTextEs);
        await expect(card).not.toContainText(review.reviewText);
        await expect(card.getByRole("img", { name: "5 de 5 estrellas" })).toBeVisible();
        await v.goto("/");
        const english = v.locator("#reviews-strip figure").filter({ hasText: review.name }).first();
        await expect(english).toContainText(`“${review.shortText}”`);
        await expect(english).not.toContainText(review.reviewTextEs);
      });
    } finally {
      await visitor.close();
    }
  } finally {
    // Put back: the version from before, published again.
    await putSiteBack(request, session.token, before.live.version);
  }
});

test("a text with no Spanish yet shows in English on the Spanish page, marked lang=\"en\", and is on the launch checklist", async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await signIn(request, page);
  const before = await siteState(request, session.token);
  const about = before.draft.about;
  const { headline: _gone, ...es } = about.es;
  try {
    const save = await request.put("/api/admin/site/about", { headers: auth(session.token), data: { ...about, es } });
    expect(save.status(), await save.text()).toBe(200);
    const checklist = (await siteState(request, session.token)).checklist as { field: string; message: string }[];
    expect(checklist.find((c) => c.field === "about.es.headline")?.message).toBe("חסר תרגום לספרדית: טקסט אחד (העמוד בספרדית מציג אותם באנגלית)");
    expect((await request.post("/api/admin/site/publish", { headers: auth(session.token) })).status()).toBe(200);
    await page.goto("/es/about");
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveText(about.headline);
    await expect(h1).toHaveAttribute("lang", "en");
    // The rest of the page is still the office's Spanish.
    await expect(page.locator("main")).toContainText(about.es.intro);
  } finally {
    await putSiteBack(request, session.token, before.live.version);
  }
});
