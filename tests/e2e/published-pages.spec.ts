/**
 * The public pages built from content the office publishes (issue 27), on the production build: a
 * server of its own rebuilds the pages after each publish (scripts/serve.ts --rebuild), as a deploy
 * would. The office publishes a real job (not a sample) with two uploaded photos and a real review
 * with its link: they show without the sample labels and the review links to where it was posted,
 * while the seed's samples keep theirs. Once nothing is sample any more, the gallery's note about
 * renderings goes too. /content-version.json follows each build.
 */
import { readFileSync } from "node:fs";
import { devices, expect, test, type Browser } from "@playwright/test";
import { SAMPLE_PROJECT_LABEL as SAMPLE } from "../../src/components/sample-labels";
import { useRebuildServer } from "./rebuild-server";

const { base: BASE, office: siteApi, servedVersion } = useRebuildServer(8898);
const REVIEW_URL = "https://www.google.com/maps/reviews/data=coastal-marine-review-1";

interface Project {
  id: string;
  title: string;
  place: string;
  image: string;
  alt: string;
  photos: { image: string; alt: string }[];
  sample: boolean;
  featured: boolean;
}
interface Review {
  id: string;
  name: string;
  source: string;
  sourceUrl?: string;
  sample: boolean;
}

/** The office's calls, with the draft typed and pictures uploaded from files. */
async function admin(request: Parameters<typeof siteApi>[0]) {
  const api = await siteApi(request);
  return {
    ...api,
    draft: async (): Promise<{ gallery: Project[]; reviews: Review[] }> => (await api.view()).draft,
    upload: (file: string) => api.upload(readFileSync(file)),
  };
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  await context.addInitScript(() => localStorage.setItem("consent", "essential"));
  return { context, page: await context.newPage() };
}

test("published real jobs and reviews show without sample labels, with their photos and the review's link", async ({ page, request, browser }) => {
  test.setTimeout(480_000);
  await page.addInitScript(() => localStorage.setItem("consent", "essential"));
  const office = await admin(request);
  expect((await (await request.get(`${BASE}/content-version.json`)).json()).version).toBe(1);
  const draft = await office.draft();

  const job: Project = {
    ...draft.gallery[0],
    id: "pelican-canal-dock",
    title: "Dock and Lift on Pelican Canal",
    place: "Cape Coral, Pelican canal",
    sample: false,
    featured: true,
    image: await office.upload("content/images/services/custom-docks.jpg"),
    alt: "The finished dock from the canal, a lift at its end",
    photos: [
      { image: await office.upload("content/images/services/boatlifts.jpg"), alt: "The new lift holding the owner's boat" },
      { image: await office.upload("content/images/services/dock-repairs.jpg"), alt: "Decking going down on the new pier" },
    ],
  };
  const realReview: Review = { ...draft.reviews[0], sample: false, sourceUrl: REVIEW_URL };

  await test.step("a real job and a real review among the samples", async () => {
    await office.save("gallery", [job, ...draft.gallery]);
    await office.save("reviews", [realReview, ...draft.reviews.slice(1)]);
    expect(await office.publish()).toBe(2);
    await servedVersion(request, 2);

    await page.goto(`${BASE}/gallery`);
    const card = page.locator(`[data-project="${job.id}"]`);
    await expect(card).toContainText(job.title);
    await expect(card.locator("[data-sample-label]")).toHaveCount(0);
    await expect(card.getByText(SAMPLE)).toHaveCount(0);
    for (const g of draft.gallery) await expect(page.locator(`[data-project="${g.id}"] [data-sample-label]`)).toHaveText(SAMPLE);
    await expect(page.locator("[data-sample-note]")).toBeVisible();
    const thumbs = card.locator("[data-thumbs] img");
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.nth(0)).toHaveAttribute("alt", job.photos[0].alt);
    await expect(thumbs.nth(1)).toHaveAttribute("alt", job.photos[1].alt);
    await card.getByRole("link", { name: `View photo 3 of 3: ${job.photos[1].alt}` }).click();
    const viewer = page.getByRole("dialog", { name: `${job.title} · ${job.place}` });
    await expect(viewer.locator("img")).toHaveAttribute("alt", job.photos[1].alt);
    await expect(viewer).not.toContainText(SAMPLE);
    // The uploaded photo was optimised by the build like the seed's pictures.
    await expect(viewer.locator("img")).toHaveAttribute("src", /^\/_astro\/.+\.webp$/);
    await expect.poll(() => viewer.locator("img").evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await page.keyboard.press("Escape");

    await page.goto(`${BASE}/`);
    const featured = page.locator(`[data-featured="${job.id}"]`);
    await expect(featured).toContainText(job.title);
    await expect(featured.getByText(SAMPLE)).toHaveCount(0);
    await expect(featured.getByRole("link", { name: job.title })).toHaveAttribute("href", `/gallery#${job.id}`);

    const cards = page.locator("#reviews-strip li:not([aria-hidden])");
    const real = cards.nth(0);
    await expect(real).toContainText(realReview.name);
    await expect(real.getByText("Sample review")).toHaveCount(0);
    const link = real.getByRole("link", { name: `Reviewed on ${realReview.source}` });
    await expect(link).toHaveAttribute("href", REVIEW_URL);
    expect((await link.getAttribute("rel"))?.split(" ").sort()).toEqual(["nofollow", "noopener"]);
    for (let i = 1; i < draft.reviews.length; i++) {
      await expect(cards.nth(i).getByText("Sample review", { exact: true })).toBeVisible();
      await expect(cards.nth(i).getByRole("link")).toHaveCount(0);
    }
    // Still no review or rating markup of the company's own (decision 14).
    expect((await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n")).not.toMatch(/aggregateRating|"review"|"Review"/);

    const phone = await phonePage(browser);
    await phone.page.goto(`${BASE}/gallery`);
    const slides = phone.page.locator('[aria-label="Project carousel"] [aria-roledescription="slide"]');
    for (const [i, alt] of [job.alt, ...job.photos.map((p) => p.alt)].entries()) {
      await expect(slides.nth(i).locator("img")).toHaveAttribute("alt", alt);
      await expect(slides.nth(i)).toContainText(`Photo ${i + 1} of 3`);
      await expect(slides.nth(i).getByText(SAMPLE)).toHaveCount(0);
    }
    await expect(slides.nth(3).getByText(SAMPLE)).toBeVisible();
    await phone.context.close();
  });

  await test.step("once nothing is sample, the gallery's note about renderings goes too", async () => {
    const now = await office.draft();
    await office.save("gallery", now.gallery.map((g) => ({ ...g, sample: false })));
    await office.save("reviews", now.reviews.map((r) => ({ ...r, sample: false })));
    expect(await office.publish()).toBe(3);
    await servedVersion(request, 3);

    await page.goto(`${BASE}/gallery`);
    await expect(page.locator(`[data-project="${job.id}"]`)).toBeAttached();
    await expect(page.locator("[data-sample-note]")).toHaveCount(0);
    await expect(page.getByText(/Sample project|rendered pictures/)).toHaveCount(0);
    await page.goto(`${BASE}/`);
    await expect(page.locator("#reviews-strip li:not([aria-hidden])").first()).toBeVisible();
    await expect(page.getByText("Sample review")).toHaveCount(0);
    await expect(page.getByText(SAMPLE)).toHaveCount(0);
  });
});
