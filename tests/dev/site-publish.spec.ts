import { devices, expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { e164 } from "../../src/lib/phone.ts";
import { consent, expectClean, expectLoaded, hydrateAll, signIn, watch } from "./dev-helpers.ts";
import { picture as photo, putSiteBack, saveDraft, siteState } from "../e2e/site-helpers.ts";

/**
 * Issue 27's "Done when", under `npm run dev` on a phone: the office changes the phone number, adds a
 * review and a gallery project with two photos in the back office's Site tab, publishes, and the bar
 * says "Live" once /content-version.json serves the new version. Then a visitor's next page loads
 * show all of it: the landing page (the review, the featured project), the footer, the contact page,
 * the gallery (both photos), the call bar's number and the JSON-LD. The content is put back (the
 * version from before restored and published) so the suite's other tests and later runs see the seed.
 */

// A phone (touch, 412 px): staff add job photos from the site. The browser stays the suite's own
// (a describe group cannot change it without a new worker).
const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];

const NEW_PHONE = "(239) 774-2210";
const NEW_TEL = "+12397742210";

/** A picture of a phone camera roll's size. */
const picture = (name: string, color: string, type: "png" | "jpeg") => photo(name, color, type, { width: 640, height: 480 });

/** The version the dev server's pages are rendered from now (this request refreshes them, as a page load does). */
async function servedVersion(request: APIRequestContext): Promise<number> {
  const r = await request.get("/content-version.json", { headers: { "cache-control": "no-cache" } });
  expect(r.status()).toBe(200);
  return (await r.json()).version;
}

/** Every JSON-LD block of the page, as one text. */
const jsonLd = (page: Page) => page.locator('script[type="application/ld+json"]').evaluateAll((s) => s.map((e) => e.textContent ?? "").join("\n"));

/** Every picture in `pictures` has loaded (decoded, not broken). */

test.describe("on a phone", () => {
  test.use(pixel7);

  test("site content: a new phone, a review and a project with two photos published from the Site tab reach the pages on the next load", async ({ page, request, browser, baseURL }) => {
    test.setTimeout(240_000);
    const session = await signIn(request, page);
    const before = await siteState(request, session.token);
    const oldPhone: string = before.draft.site.phone;
    const oldTel = e164(oldPhone);
    expect(oldPhone).not.toBe(NEW_PHONE);
    const tag = Date.now().toString(36).slice(-4);
    const review = {
      name: `Rosa M. ${tag}`,
      shortText: "Our seawall cap held through the king tides.",
      reviewText: "The crew poured a new cap on eighty feet of seawall, kept the yard clean and finished a week early.",
      source: "Facebook",
      sourceUrl: "https://www.facebook.com/coastalmarine/reviews/rosa",
    };
    const project = {
      title: `Seawall and Lift on Bimini Canal ${tag}`,
      place: "Cape Coral, Bimini Canal",
      scope: "80 ft of new seawall cap and a 10,000 lb four-post lift",
      materials: "Reinforced concrete, aluminum beams",
      cover: "New concrete seawall cap along a canal at low tide",
      second: "Center console boat raised on a new four-post lift",
    };
    let published = 0;
    /** The review's profile picture as stored by the upload (its key names the file Astro optimises). */
    let avatarKey = "";

    const w = watch(page);
    try {
      await test.step("the admin opens the Site tab on the phone", async () => {
        await page.goto("/admin");
        await hydrateAll(page);
        await page.getByRole("tab", { name: "אתר" }).tap();
        await expect(page).toHaveURL(/\/admin#site$/);
        await expect(page.getByTestId("site-panel")).toBeVisible();
      });

      await test.step("a new phone number, saved as the draft", async () => {
        const company = page.getByTestId("site-section-site");
        const phone = company.getByLabel("טלפון", { exact: true });
        await expect(phone).toHaveValue(oldPhone);
        await phone.fill(NEW_PHONE);
        await saveDraft(company, "tap");
      });

      await test.step("a review with its dates, rating, texts, source and a profile picture, saved", async () => {
        await page.getByTestId("site-part-reviews").tap();
        const reviews = page.getByTestId("site-section-reviews");
        await reviews.getByRole("button", { name: "הוספת ביקורת" }).tap();
        const item = reviews.getByTestId("list-item").first();
        await item.getByLabel("שם הכותב/ת").fill(review.name);
        await item.getByLabel("דירוג").selectOption("4");
        await item.getByLabel("תאריך הביקורת").fill("2025-04-18");
        await item.getByLabel("במקור הביקורות מאז").fill("2021-06-02");
        await item.getByLabel("כותרת קצרה", { exact: true }).fill(review.shortText);
        await item.getByLabel("טקסט הביקורת", { exact: true }).fill(review.reviewText);
        await item.getByLabel("מקור", { exact: true }).fill(review.source);
        await item.getByLabel("קישור לביקורת").fill(review.sourceUrl);
        await item.getByLabel("מספר הסימונים ״מועיל״").fill("3");
        await item.getByTestId("picture-input").setInputFiles(await picture("rosa.png", "#2a6f97", "png"));
        const thumb = item.getByTestId("picture-thumb");
        await expect(thumb).toHaveAttribute("src", /^\/api\/images\/[\w-]{43}$/);
        avatarKey = (await thumb.getAttribute("src"))!.split("/").pop()!;
        await saveDraft(reviews, "tap");
      });

      await test.step("a featured gallery project with two photos and their alt texts, saved", async () => {
        await page.getByTestId("site-part-gallery").tap();
        const gallery = page.getByTestId("site-section-gallery");
        await gallery.getByRole("button", { name: "הוספת פרויקט" }).tap();
        const item = gallery.getByTestId("list-item").first();
        await item.getByLabel("שם הפרויקט", { exact: true }).fill(project.title);
        await item.getByLabel("מיקום", { exact: true }).fill(project.place);
        await item.getByLabel("היקף העבודה", { exact: true }).fill(project.scope);
        await item.getByLabel("חומרים", { exact: true }).fill(project.materials);
        await item.getByLabel("משך העבודה (בשבועות)").fill("6");
        await item.getByLabel("שירות").selectOption("seawalls");
        await item.getByTestId("photos-input").setInputFiles([await picture("IMG_0101.jpg", "#8a6d3b", "jpeg"), await picture("IMG_0102.jpg", "#3b8a6d", "jpeg")]);
        const tiles = item.getByTestId("photo-tile");
        await expect(tiles).toHaveCount(2);
        for (const i of [0, 1]) await expect(tiles.nth(i).getByTestId("picture-thumb")).toHaveAttribute("src", /^\/api\/images\/[\w-]{43}$/);
        await tiles.nth(0).getByLabel(/^תיאור התמונה/).fill(project.cover);
        await tiles.nth(1).getByLabel(/^תיאור התמונה/).fill(project.second);
        await item.getByLabel("מוצג בעמוד הנחיתה").check();
        await saveDraft(gallery, "tap");
        await expect(page.getByTestId("draft-state")).toHaveText("טיוטה שמורה · יש שינויים שלא פורסמו");
      });

      await test.step("publish: 'Live' once /content-version.json serves the new version", async () => {
        const answer = page.waitForResponse((r) => r.url().endsWith("/api/admin/site/publish") && r.request().method() === "POST");
        await page.getByTestId("publish").tap();
        const res = await answer;
        expect(res.status()).toBe(200);
        published = (await res.json()).data.published;
        expect(published).toBeGreaterThan(before.live.version);
        // The bar asks /content-version.json every 5 s; the dev server refreshes its content for it.
        const state = page.getByTestId("publish-state");
        await expect(state).toHaveAttribute("data-phase", "live");
        await expect(state).toHaveText(`✓ באוויר: גרסה ${published} מוצגת באתר`);
        expect(await servedVersion(request)).toBe(published);
      });
      await expectClean(w);
    } catch (e) {
      await putSiteBack(request, session.token, before.live.version);
      throw e;
    }

    // A visitor: a browser of their own (a signed-in admin is sent from the landing page to /home).
    const visitor = await browser.newContext({ ...pixel7, baseURL });
    try {
      const v = await visitor.newPage();
      await consent(v);
      const vw = watch(v);

      await test.step("the landing page: the review, the featured project, the footer, the call bar, the JSON-LD", async () => {
        await v.goto("/");
        await hydrateAll(v);
        const card = v.locator("#reviews-strip figure").filter({ hasText: review.name }).first();
        await expect(card).toBeVisible();
        await expect(card).toContainText(`“${review.shortText}”`);
        await expect(card).toContainText(review.reviewText);
        await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
        await expect(card).toContainText("customer since 2021");
        await expect(card).toContainText("Apr 2025");
        await expect(card).toContainText("3 people found this helpful");
        await expect(card.getByRole("link", { name: /Reviewed on Facebook/ })).toHaveAttribute("href", review.sourceUrl);
        // The picture uploaded in the back office, optimised by Astro (its file is named by the
        // first 16 characters of its key: src/server/site-content/published.ts).
        const avatar = card.locator("img");
        await expect(avatar).toHaveAttribute("src", new RegExp(`site-images%2F${avatarKey.slice(0, 16)}\\.`));
        await avatar.scrollIntoViewIfNeeded();
        await expectLoaded(avatar);

        const featured = v.locator("[data-featured-projects] li").filter({ hasText: project.title });
        await expect(featured).toBeVisible();
        await expect(featured).toContainText(project.place);
        await expect(featured.getByRole("link", { name: project.title })).toHaveAttribute("href", /^\/gallery#project-/);
        const cover = featured.getByRole("img", { name: project.cover });
        await cover.scrollIntoViewIfNeeded();
        await expectLoaded(cover);

        await expectPhone(v, oldPhone);
        // The call bar: the phone layout's one-tap call.
        const call = v.locator("#contact-bar [data-contact-call]");
        await expect(call).toBeInViewport();
        await expect(call).toHaveAttribute("href", `tel:${NEW_TEL}`);
        await expect(call).toContainText(NEW_PHONE);
      });

      await test.step("the contact page shows the new number", async () => {
        await v.goto("/contact");
        await hydrateAll(v);
        const card = v.locator("main").getByRole("link", { name: new RegExp(escapeRe(NEW_PHONE)) });
        await expect(card).toBeVisible();
        await expect(card).toHaveAttribute("href", `tel:${NEW_TEL}`);
        await expectPhone(v, oldPhone);
      });

      await test.step("the gallery shows the project with its two photos", async () => {
        await v.goto("/gallery");
        await hydrateAll(v);
        // The phone's carousel: the project's cover, then its second photo, each with its alt text.
        const carousel = v.locator('[data-variant="3d"]');
        const slide = (n: number) => carousel.getByRole("group", { name: new RegExp(`: ${escapeRe(`${project.title} · ${project.place}`)}, photo ${n} of 2$`) });
        await expect(slide(1).getByRole("img", { name: project.cover, exact: true })).toBeVisible();
        await expect(slide(2).getByRole("img", { name: project.second, exact: true })).toBeVisible();
        await expect(slide(1)).toContainText("Photo 1 of 2");
        await expectLoaded(slide(1).getByRole("img"));
        await expectLoaded(slide(2).getByRole("img"));
        // The new project leads the gallery (a new one is added at the top of the list).
        await expect(carousel.locator("[data-active]")).toContainText(project.title);
        await expectPhone(v, oldPhone);
      });
      await expectClean(vw);
    } finally {
      await visitor.close();
      await putSiteBack(request, session.token, before.live.version);
    }

    await test.step("put back: the version from before is live again, with its phone number", async () => {
      expect(await servedVersion(request)).toBeGreaterThan(published);
      const contact = await (await request.get("/contact")).text();
      expect(contact).toContain(`tel:${oldTel}`);
      expect(contact).not.toContain(NEW_TEL);
    });
  });
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page gives the new number in its footer and its JSON-LD, and the old one nowhere. */
async function expectPhone(page: Page, oldPhone: string) {
  const footerCall = page.locator("footer").getByRole("link", { name: NEW_PHONE });
  await expect(footerCall).toHaveAttribute("href", `tel:${NEW_TEL}`);
  await footerCall.scrollIntoViewIfNeeded();
  await expect(footerCall).toBeVisible();
  const ld = await jsonLd(page);
  expect(ld).toContain(`"telephone":"${NEW_TEL}"`);
  expect(ld).not.toContain(e164(oldPhone));
  expect(await page.content()).not.toContain(oldPhone);
}

/** Restores version `live` as the draft and publishes it (nothing to publish when the draft was never saved). */
