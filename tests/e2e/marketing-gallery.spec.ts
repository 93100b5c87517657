import { expect, test, type Locator, type Page } from "@playwright/test";
import gallery from "../../content/gallery.json" with { type: "json" };
import { consented, GALLERY_SLIDES, hydrated } from "./marketing-helpers";

test.beforeEach(async ({ page }) => consented(page));

test("phones: the 3D carousel wraps both ways, a click advances, arrows show for pictures", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/gallery");
  await hydrated(page, '[aria-label="Project carousel"]');
  const carousel = page.locator('[data-variant="3d"]');
  const counter = carousel.locator("[data-counter]");
  const n = GALLERY_SLIDES;
  await expect(counter).toHaveText(`1 / ${n}`);
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeVisible();
  // The track moves with the counter: the current slide comes to the middle (a 3D turn written over
  // keen-slider's own transform once left every slide where it was, with only the counter moving).
  const middle = async (el: ReturnType<typeof carousel.locator>) => {
    const b = (await el.boundingBox())!;
    return b.x + b.width / 2;
  };
  const centre = await middle(carousel);
  const inTheMiddle = (slide: number) =>
    expect.poll(async () => Math.abs((await middle(carousel.locator('[aria-roledescription="slide"]').nth(slide))) - centre), { message: `slide ${slide + 1} is in the middle` }).toBeLessThan(4);
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expect(counter).toHaveText(`${n} / ${n}`);
  await inTheMiddle(n - 1);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(counter).toHaveText(`1 / ${n}`);
  await inTheMiddle(0);
  await carousel.locator("[data-active]").click();
  await expect(counter).toHaveText(`2 / ${n}`);
  await inTheMiddle(1);
  // Quick taps each count, also while the track is still gliding from the one before.
  for (let i = 0; i < 3; i++) await carousel.getByRole("button", { name: "Next slide" }).tap();
  await expect(counter).toHaveText(`5 / ${n}`);
  await inTheMiddle(4);
  await expect(page.getByText("GET YOUR FREE ESTIMATE NOW")).toBeVisible();
  await expect(page.getByRole("link", { name: "FREE ESTIMATE" }).last()).toHaveAttribute("href", "/contact");
  await expect(page.locator("ul.columns-2")).toBeHidden();
});

test("phones: the 3D carousel's first picture, the page's largest paint, is fetched first and loaded with the page; the hidden wide-screen carousel fetches nothing more", { tag: "@phone" }, async ({ page }) => {
  // Lighthouse named it the phone's LCP element, fetched at normal priority behind the page's scripts.
  await page.goto("/gallery", { waitUntil: "load" });
  const first = page.locator('[data-variant="3d"] [aria-roledescription="slide"] img').first();
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("loading", "eager");
  expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The wide screens' carousel (hidden here) fetches nothing more for a phone: its one eager picture
  // is the same file as the phone carousel's first, and the rest are lazy.
  const eager = page.locator('[data-variant="rotating"] img:not([loading="lazy"])');
  expect(await eager.count()).toBe(1);
  expect(await eager.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(await first.evaluate((img: HTMLImageElement) => img.currentSrc));
  // Slides far from the first have no picture yet: the track lays them side by side, where a lazy
  // picture would still load with the page. Moving on brings the next ones.
  const slides = page.locator('[data-variant="3d"] [aria-roledescription="slide"]');
  expect(await slides.count()).toBeGreaterThan(4);
  await expect(slides.nth(4).locator("img")).toHaveCount(0);
  await hydrated(page, '[aria-label="Project carousel"]');
  const carousel = page.locator('[data-variant="3d"]');
  for (const n of [2, 3]) {
    await carousel.getByRole("button", { name: "Next slide" }).tap();
    await expect(carousel.locator("[data-counter]")).toHaveText(new RegExp(`^${n} / `));
  }
  await expect(slides.nth(4).locator("img")).toHaveCount(1);
});

test("wide screens: 4-column masonry, FREE ESTIMATE, and a carousel that advances every 5 s", async ({ page }) => {
  await page.clock.install({ time: new Date("2025-03-01T10:00:00") });
  await page.clock.pauseAt(new Date("2025-03-01T10:00:01"));
  await page.goto("/gallery");
  const masonry = page.locator("ul.columns-2");
  await expect(masonry).toBeVisible();
  expect(await masonry.evaluate((e) => getComputedStyle(e).columnCount)).toBe("4");
  await expect(masonry.locator(":scope > li")).toHaveCount(gallery.length);
  await expect(page.getByRole("link", { name: "FREE ESTIMATE" }).last()).toHaveAttribute("href", "/contact");
  const counter = page.locator('[data-variant="rotating"] [data-counter]');
  await expect(counter).toHaveText("1 / 6");
  // Its first picture is the page's largest paint here (Lighthouse desktop): never lazy, fetched first.
  const first = page.locator('[data-variant="rotating"] [aria-roledescription="slide"] img').first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await page.mouse.move(0, 0);
  await page.clock.runFor(4800);
  await expect(counter).toHaveText("1 / 6");
  await page.clock.runFor(1500);
  await expect(counter).toHaveText("2 / 6");
  // The track itself moved: the second slide fills the frame.
  const rotating = page.locator('[data-variant="rotating"]');
  const left = async (l: ReturnType<typeof page.locator>) => (await l.boundingBox())!.x;
  await page.clock.runFor(1000);
  expect(Math.abs((await left(rotating.locator('[aria-roledescription="slide"]').nth(1))) - (await left(rotating)))).toBeLessThan(4);
  await page.clock.runFor(5000);
  await expect(counter).toHaveText("3 / 6");
});

test("Pause holds until Play, whatever the pointer does (decision 12)", async ({ page }) => {
  await page.clock.install({ time: new Date("2025-03-01T10:00:00") });
  await page.clock.pauseAt(new Date("2025-03-01T10:00:01"));
  await page.goto("/gallery");
  const carousel = page.locator('[data-variant="rotating"]');
  const counter = carousel.locator("[data-counter]");
  await expect(page.locator('astro-island:has([data-variant="rotating"])')).not.toHaveAttribute("ssr", /.*/);
  await expect(counter).toHaveText("1 / 6");
  // The visitor points at the carousel to reach the button (which pauses it too), then clicks.
  const pause = carousel.getByRole("button", { name: "Pause" });
  await pause.click();
  await expect(carousel.getByRole("button", { name: "Play" })).toHaveAttribute("aria-pressed", "true");
  // Moving away, and the button losing focus, must not start it again.
  await page.mouse.move(0, 0);
  await page.locator("h1").click();
  await page.clock.runFor(12_000);
  await expect(counter).toHaveText("1 / 6");
  await carousel.getByRole("button", { name: "Play" }).click();
  await page.mouse.move(0, 0);
  await page.locator("h1").click();
  await page.clock.runFor(5_500);
  await expect(counter).toHaveText("2 / 6");
});

/** The element drawn at each of a few points inside `target` belongs to it (nothing covers it there). */
async function uncovered(page: Page, target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // The middle and near each edge (inside the rounded corners, which are not the button's).
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const points = [
      [x, y],
      [r.left + 14, y],
      [r.right - 14, y],
      [x, r.top + 5],
      [x, r.bottom - 5],
    ];
    return points.filter(([x, y]) => !el.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${Math.round(x)},${Math.round(y)}: ${document.elementFromPoint(x, y)?.outerHTML.slice(0, 80)}`);
  });
}

test("phones: the sticky Call and Free Estimate bar is never covered, at the top of the page or after a tap on a slide (issue 39)", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/gallery");
  await hydrated(page, '[aria-label="Project carousel"]');
  const call = page.locator("[data-contact-call]");
  const quote = page.locator("[data-contact-quote]");
  await expect(call).toBeVisible();
  // At the top of the page the carousel's next-arrow sat over Free Estimate.
  expect(await uncovered(page, call)).toEqual([]);
  expect(await uncovered(page, quote)).toEqual([]);
  // A tap on the slide: the enlarged slide and its caption sat over both buttons.
  const carousel = page.locator('[data-variant="3d"]');
  await carousel.locator("[data-active]").tap();
  await expect(carousel.locator("[data-counter]")).toHaveText(new RegExp(`^2 / ${GALLERY_SLIDES}$`));
  expect(await uncovered(page, call)).toEqual([]);
  expect(await uncovered(page, quote)).toEqual([]);
  // …wherever the page is scrolled to.
  await carousel.locator("[data-active]").scrollIntoViewIfNeeded();
  await carousel.locator("[data-active]").tap();
  expect(await uncovered(page, call)).toEqual([]);
  expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 4, innerHeight - 30)?.closest("a")?.getAttribute("href"))).toMatch(/^tel:/);
});

test("phones: a slide opens the full-screen photo viewer; arrows, keys and a swipe page through the project; Escape closes and the focus comes back (issue 39)", { tag: "@phone" }, async ({ page }) => {
  const first = gallery[0] as { title: string; place: string; photos?: unknown[] };
  const photos = 1 + (first.photos?.length ?? 0);
  await page.goto("/gallery");
  await hydrated(page, '[aria-label="Project carousel"]');
  const carousel = page.locator('[data-variant="3d"]');
  const open = carousel.locator("[data-active]").getByRole("link", { name: new RegExp(`^View full screen: ${first.title}`) });
  await open.tap();
  const viewer = page.getByRole("dialog", { name: `${first.title} · ${first.place}` });
  await expect(viewer).toBeVisible();
  // Full screen, over the sticky bar.
  const box = (await viewer.boundingBox())!;
  expect(box.width).toBe(page.viewportSize()!.width);
  expect(box.height).toBe(page.viewportSize()!.height);
  expect(await viewer.locator("[data-viewer-img]").evaluate((img: HTMLImageElement) => img.currentSrc || img.src)).toMatch(/\.webp/);
  await expect(viewer).toContainText(`Photo 1 of ${photos}`);
  await viewer.getByRole("button", { name: "Next photo" }).tap();
  await expect(viewer).toContainText(`Photo 2 of ${photos}`);
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText(`Photo 1 of ${photos}`);
  // A swipe to the left: the next photo.
  const img = viewer.locator("[data-viewer-img]");
  const b = (await img.boundingBox())!;
  await img.dispatchEvent("pointerdown", { clientX: b.x + b.width * 0.8, clientY: b.y + b.height / 2 });
  await img.dispatchEvent("pointerup", { clientX: b.x + b.width * 0.2, clientY: b.y + b.height / 2 });
  await expect(viewer).toContainText(`Photo 2 of ${photos}`);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
  // The close button too; the carousel stayed where it was (the link did not advance it).
  await expect(carousel.locator("[data-counter]")).toHaveText(new RegExp(`^1 / `));
  await open.tap();
  await page.getByRole("button", { name: "Close photos" }).tap();
  await expect(viewer).toBeHidden();
});

test("phones: the current project's scope, time and materials are shown under the carousel, as the wide screens' cards show them (issue 39)", { tag: "@phone" }, async ({ page }) => {
  type Project = { title: string; scope: string; weeks: number; materials: string; photos?: unknown[] };
  const [one, two] = gallery as Project[];
  await page.goto("/gallery");
  const details = page.locator("[data-project-details]");
  await expect(details).toBeVisible();
  await expect(details).toContainText(one.scope);
  await expect(details.locator("dt")).toHaveText(["Time", "Materials"]);
  await expect(details.locator("dd")).toHaveText([`${one.weeks} weeks`, one.materials]);
  await hydrated(page, '[aria-label="Project carousel"]');
  const carousel = page.locator('[data-variant="3d"]');
  // Through the first project's photos to the second project's cover.
  for (let i = 0; i < 1 + (one.photos?.length ?? 0); i++) await carousel.getByRole("button", { name: "Next slide" }).tap();
  await expect(details).toContainText(two.scope);
  await expect(details.locator("dd")).toHaveText([`${two.weeks} weeks`, two.materials]);
});
