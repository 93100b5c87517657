import { expect, test, type Page } from "@playwright/test";
import { holdAnswers } from "./marketing-helpers";

/**
 * Resolves once the page has been idle (as the cards and the product page wait before fetching
 * their extras: whenIdle, at most 3 s) and the work scheduled then has rendered.
 */
const pageIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => setTimeout(() => requestAnimationFrame(() => r()), 0), { timeout: 3000 })));

/** Records every layout shift from the start, with what moved (read with `shifts`). */
const observeShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const describe = (n?: Node) => {
      if (!(n instanceof Element)) return n?.nodeName ?? "?";
      return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ""}${n.getAttribute("data-testid") ? `[${n.getAttribute("data-testid")}]` : ""}.${String(n.className).split(" ").slice(0, 3).join(".")}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[])
        if (e.startTime >= ((window as unknown as { shiftsFrom?: number }).shiftsFrom ?? 0))
          w.shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${(e.sources ?? []).map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join("; ")}`);
    }).observe({ type: "layout-shift", buffered: true });
  });
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
/**
 * Counts shifts only from now on, once the built page has loaded and painted whole. On a loaded
 * CPU Chromium paints the document while it is still being parsed, and a row whose later items
 * are not parsed yet (the header's icons, the catalogue's two selects) widens when they arrive:
 * 0.0027 each, 3 runs in 60 with both cores busy. That is the first paint, not what these tests
 * are about (what the island's answer changes on a page already shown).
 */
const shiftsFromNowOn = async (page: Page) => {
  await page.waitForLoadState("load");
  await settle(page);
  await page.evaluate(() => {
    const w = window as unknown as { shifts: string[]; shiftsFrom: number };
    w.shiftsFrom = performance.now();
    w.shifts = [];
  });
};
/** Two frames: whatever the last render moved has been measured. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Serves `path` with the fallback shell, as Netlify does for a product added after the build
 * (public/_redirects: no built page there yet).
 */
async function serveShell(page: Page, path: string) {
  const shell = await page.request.get("/products/detail/");
  const body = await shell.text();
  await page.route((url) => url.pathname === path, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body }));
}

const cards = (page: Page) => page.getByTestId("product-card");
const showing = (page: Page) => page.getByTestId("showing");

test.describe("product list", () => {
  test("the first page is in the HTML: twelve cards (issue 39: 23 products in two pages, not four) and the counter before the API answers, no skeleton", async ({ page }) => {
    // Decision 11: the list was built into the page; the island's revalidation is held back here,
    // and nothing waits for it.
    const release = await holdAnswers(page, "**/api/public/products*");
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("DOCK ACCESSORIES & MARINE EQUIPMENT");
    await expect(showing(page)).toHaveText(/^Showing 1–12 of \d+ items$/);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByTestId("skeleton-card")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(page.getByTestId("page-label")).toHaveText("Page 1");
    await expect(page.getByPlaceholder("Search...")).toBeVisible();
    release();
  });

  for (const path of ["/products", "/es/products"]) test(`on a phone the cards sit two across, names whole (the longer Spanish ones too): twelve products in half the scroll, ${path} @phone`, async ({ page }) => {
    await page.goto(path);
    const all = cards(page);
    await expect(all).toHaveCount(12);
    const boxes = await all.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) })));
    // Rows of two: each pair shares its top, side by side, inside the screen.
    for (let i = 0; i < boxes.length; i += 2) {
      expect(boxes[i + 1].y, `cards ${i + 1} and ${i + 2}`).toBe(boxes[i].y);
      expect(Math.abs(boxes[i + 1].x - boxes[i].x)).toBeGreaterThanOrEqual(boxes[i].w);
    }
    const width = page.viewportSize()!.width;
    for (const b of boxes) expect(b.x + b.w).toBeLessThanOrEqual(width);
    expect(boxes[11].y + boxes[11].h - boxes[0].y).toBeLessThan(6 * boxes[0].h + 6 * 24);
    // Every name is shown whole (no clamp cuts one), and its price under it.
    for (const card of await all.all()) {
      const name = card.getByRole("heading", { level: 2 });
      expect(await name.evaluate((h) => h.scrollHeight <= h.clientHeight + 1), (await name.textContent()) ?? "").toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  });

  test("a price changed since the build replaces the built one in place: nothing moves (CLS 0)", async ({ page }) => {
    const built = (await (await page.request.get("/api/public/products")).json()).data as { id: string; price: string }[];
    // The API answers as it would after an edit made since the build: the first card's new price.
    await page.route("**/api/public/products", async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      body.data[0].price = "$7,777";
      await route.fulfill({ response: answer, json: body });
    });
    const release = await holdAnswers(page, "**/api/public/products");
    await observeShifts(page);
    await page.goto("/products");
    await expect(cards(page).first()).toContainText(built[0].price);
    await shiftsFromNowOn(page);
    release();
    await expect(cards(page).first()).toContainText("$7,777");
    await expect(page.getByTestId("skeleton-card")).toHaveCount(0);
    await settle(page);
    expect(await shifts(page)).toEqual([]);
  });

  test("pages forward and back, keeping the page in the URL and history", async ({ page }) => {
    await page.goto("/products");
    await expect(showing(page)).toHaveText(/Showing 1–12/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByTestId("page-label")).toHaveText("Page 2");
    await expect(showing(page)).toHaveText(/Showing 13–/);
    await page.goBack();
    await expect(page.getByTestId("page-label")).toHaveText("Page 1");
    await expect(showing(page)).toHaveText(/Showing 1–12/);
  });

  test("disables Next on the last page", async ({ page }) => {
    await page.goto("/products?size=12&page=99");
    await expect(showing(page)).toHaveText(/Showing 13–\d+ of \d+ items/);
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  });

  test("searches by name and sorts by price, resetting to page 1", async ({ page }) => {
    await page.goto("/products?page=2");
    await expect(showing(page)).toHaveText(/Showing 13–/);
    // The label says what the list is sorted by, whatever the choice: "Sort by price" over
    // "Featured" read as a contradiction (issue 39).
    const sort = page.getByLabel("Sort by", { exact: true });
    await expect(sort).toHaveValue("");
    await expect(sort.locator("option:checked")).toHaveText("Featured");
    await sort.selectOption("asc");
    await expect(page).toHaveURL(/sort=asc/);
    await expect(page.getByTestId("page-label")).toHaveText("Page 1");
    await expect(cards(page).first()).toContainText("$19");
    await sort.selectOption("desc");
    await expect(cards(page).first()).toContainText("$2,499 – $3,299");
    await page.getByLabel("Items per page").selectOption("6");
    await expect(cards(page)).toHaveCount(6);
    await page.getByPlaceholder("Search...").fill("LADDER");
    await expect(cards(page)).toHaveCount(2);
    await expect(showing(page)).toHaveText("Showing 1–2 of 2 items");
    await expect(page).toHaveURL(/q=LADDER/);
    await page.getByPlaceholder("Search...").fill("no such thing");
    await expect(page.getByText("No products match “no such thing”.")).toBeVisible();
  });

  test("filters by category, kept in the URL, inside a search too; the Spanish catalogue names them in Spanish (issue 39)", async ({ page }) => {
    await page.goto("/products?page=2");
    const category = page.getByLabel("Category", { exact: true });
    await expect(category).toHaveValue("");
    await expect(category.locator("option")).toHaveText(["All products", "Dock boxes & storage", "Cleats, bumpers & lines", "Ladders & safety", "Dock lighting", "Boat lift parts", "Piling care", "Kayaks & seating"]);
    await category.selectOption({ label: "Boat lift parts" });
    await expect(page).toHaveURL(/\?cat=lifts$/);
    await expect(showing(page)).toHaveText("Showing 1–4 of 4 items");
    await expect(cards(page)).toHaveCount(4);
    for (const name of ["Boat Lift Motor", "Wireless Boat Lift Remote", "Stainless Boat Lift Cable Kit", "Carpeted Lift Bunk Boards"]) await expect(cards(page).filter({ hasText: name })).toHaveCount(1);
    await page.getByPlaceholder("Search...").fill("remote");
    await expect(showing(page)).toHaveText("Showing 1–1 of 1 items");
    // Typing replaced the entry; one step back is the catalogue before the category was chosen.
    await page.goBack();
    await expect(category).toHaveValue("");
    await page.goto("/es/products?cat=safety");
    await expect(page.getByLabel("Categoría", { exact: true })).toHaveValue("safety");
    await expect(page.getByLabel("Categoría", { exact: true }).locator("option:checked")).toHaveText("Escaleras y seguridad");
    await expect(showing(page)).toHaveText("Mostrando 1–3 de 3 artículos");
  });

  test("a pointing device fetches the hover picture once idle and shows it on pointing; phones never download it", { tag: "@responsive" }, async ({ page, isMobile }) => {
    // Every picture the page asks for, from the start; the hover pictures are those the list names
    // as hoverImage (the cards' own pictures may still be loading late on a busy machine).
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") requested.push(new URL(r.url()).pathname);
    });
    const { data: products } = await (await page.request.get("/api/public/products")).json();
    const hoverUrls = new Set((products as { hoverImage: string | null }[]).map((p) => p.hoverImage).filter((u): u is string => !!u).map((u) => new URL(u, "http://x").pathname));
    expect(hoverUrls.size).toBeGreaterThan(0);
    await page.goto("/products");
    await expect(cards(page)).toHaveCount(12);
    const hoverPictures = () => requested.filter((u) => hoverUrls.has(u));
    const first = cards(page).first();
    // The list hydrates once the page is idle (issue 26: its cards are in the HTML), and a card
    // then waits for the next idle moment before fetching its hover picture: the first idle wait
    // is the island's, so wait for it to own the list, then for the cards' own idle moment. (Waiting
    // on idle alone raced the hydration: 1 failure in a run of 49.)
    await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
    // As long as a device that hovers waits before fetching the picture (the desktop run proves
    // that this wait is long enough: the picture is there at once after it).
    await pageIdle(page);
    if (isMobile) {
      expect(await first.locator("img").count()).toBe(1);
      expect(hoverPictures()).toEqual([]);
    } else {
      expect(await first.locator("img").count()).toBe(2);
      await first.hover();
      await expect(first.locator("img").nth(1)).toHaveCSS("opacity", "1");
    }
  });

  test("restores a shared view from its URL", async ({ page }) => {
    await page.goto("/products?q=cleat&sort=asc");
    await expect(showing(page)).toHaveText("Showing 1–2 of 2 items");
    await expect(cards(page).first()).toContainText("$42");
    await expect(page.getByPlaceholder("Search...")).toHaveValue("cleat");
  });
});

test.describe("product detail", () => {
  test("opens from a card with price, structured data and three suggestions", async ({ page }) => {
    await page.goto("/products?q=aluminum%20dock%20box");
    // The built HTML shows the default view; the island applies the URL's search once hydrated.
    await expect(showing(page)).toHaveText("Showing 1–1 of 1 items");
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/products\/aluminum-dock-box$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marine Aluminum Dock Box, 88 in.");
    await expect(page.getByText("$1,149").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ask us about Marine Aluminum Dock Box, 88 in." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You might also like" })).toBeVisible();
    await expect(page.locator("section[aria-labelledby=also-like]").getByTestId("product-card")).toHaveCount(3);
    const lists = await page.locator('script[type="application/ld+json"]').allTextContents();
    const ld = lists.flatMap((t) => [JSON.parse(t)].flat()).find((item) => item["@type"] === "Product");
    expect(ld).toMatchObject({ "@type": "Product", name: "Marine Aluminum Dock Box, 88 in.", offers: { priceCurrency: "USD", price: "1149.00", availability: "https://schema.org/InStock" } });
    await expect(page).toHaveTitle(/^Marine Aluminum Dock Box, 88 in\./);
    await page.getByRole("link", { name: "Back to all products" }).click();
    await expect(page).toHaveURL(/\/products\?q=aluminum/);
  });

  test("a product page is in the HTML; a change since the build shows in place, nothing moves (CLS 0)", async ({ page }) => {
    await page.route("**/api/public/products/life-ring-with-bracket", async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      body.data.price = "$6,543";
      await route.fulfill({ response: answer, json: body });
    });
    const release = await holdAnswers(page, "**/api/public/products/life-ring-with-bracket");
    await observeShifts(page);
    await page.goto("/products/life-ring-with-bracket");
    await expect(page.getByTestId("product-detail")).toContainText("$129");
    await shiftsFromNowOn(page);
    release();
    await expect(page.getByTestId("product-detail")).toContainText("$6,543");
    await expect(page.getByTestId("detail-skeleton")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Life Ring with Dock Bracket");
    await settle(page);
    expect(await shifts(page)).toEqual([]);
  });

  test("an unchanged product page checks itself with a plain fetch and runs no React until the visitor reaches for it", async ({ page }) => {
    // Issue 38: React's code is a long task on a phone's processor; a page that is already right
    // does not need it until the visitor reaches for the form (or a suggestion).
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    let asked = 0;
    page.on("request", (r) => void (r.url().endsWith("/api/public/products/life-ring-with-bracket") && asked++));
    const checked = page.waitForResponse("**/api/public/products/life-ring-with-bracket");
    await page.goto("/products/life-ring-with-bracket");
    expect((await checked).status()).toBe(200);
    await pageIdle(page);
    await pageIdle(page);
    await expect(page.locator("astro-island[ssr]")).toHaveCount(2);
    const react = (list: string[]) => list.filter((s) => /\/_astro\/(client|ProductDetail|Feedback)\./.test(s));
    expect(react(scripts)).toEqual([]);
    // The suggestions are in the built HTML.
    await expect(page.locator("section[aria-labelledby=also-like]").getByTestId("product-card")).toHaveCount(3);
    await expect(page.locator("section[aria-labelledby=also-like]").getByTestId("product-card").first()).toHaveAttribute("href", /^\/products\/[a-z0-9-]+$/);
    // Reaching for the form wakes the island, and the page's toasts with it.
    await page.getByLabel("Full name").hover();
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
    expect(react(scripts).length).toBeGreaterThan(0);
    await expect(page.locator("section[aria-labelledby=also-like]").getByTestId("product-card")).toHaveCount(3);
    // The island takes the page's answer: the product is asked for once.
    await pageIdle(page);
    expect(asked).toBe(1);
  });

  test("the suggestions' pictures wait until the page has loaded: they never compete with the product's own", async ({ page }) => {
    const built = await (await page.request.get("/products/life-ring-with-bracket")).text();
    const productPicture = /<img src="([^"]+)"[^>]*fetchPriority="high"/.exec(built)?.[1];
    expect(productPicture, "the product's picture in the built HTML").toBeTruthy();
    // The product's picture is held, so the page cannot finish loading.
    const release = await holdAnswers(page, `**${productPicture}`);
    const asked: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "image" && asked.push(new URL(r.url()).pathname)));
    await page.goto("/products/life-ring-with-bracket", { waitUntil: "domcontentloaded" });
    const pictures = page.locator("section[aria-labelledby=also-like] img");
    await expect(pictures).toHaveCount(3);
    const srcs = await pictures.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
    await page.waitForTimeout(300);
    expect(asked.filter((a) => srcs.includes(a)), "suggestion pictures fetched before the page loaded").toEqual([]);
    // Their boxes keep their room meanwhile.
    expect((await page.locator("section[aria-labelledby=also-like] [data-testid=product-card] > div").first().boundingBox())!.height).toBeGreaterThan(100);
    release();
    await page.waitForLoadState("load");
    await page.getByRole("heading", { name: "You might also like" }).scrollIntoViewIfNeeded();
    for (const img of await pictures.all()) await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  test("a returning visitor's stored product list changes nothing at hydration: the built suggestions stay, React reports no mismatch", async ({ page }) => {
    // An earlier visit stored the catalogue (the cart keeps it). The island used to render its first
    // frame from it, unlike the built HTML: React threw a hydration mismatch and drew the island again.
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => void errors.push(e.message));
    const stored = ["a", "b", "c", "d"].map((n) => ({ id: `stored-${n}`, name: `Stored ${n}`, price: "$1", image: null, hoverImage: null }));
    await page.addInitScript((cart) => localStorage.setItem("cart", cart), JSON.stringify({ state: { cartItems: [], totalAmount: 0, totalItems: 0, products: stored }, version: 0 }));
    // The fresh list is held, so what shows at hydration comes from the page and the stored list only.
    const release = await holdAnswers(page, /\/api\/public\/products$/);
    await page.goto("/products/life-ring-with-bracket");
    const names = () => page.locator("section[aria-labelledby=also-like] [data-testid=product-card] h2").allTextContents();
    const built = await names();
    expect(built).toHaveLength(3);
    await page.getByLabel("Full name").hover();
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
    await pageIdle(page);
    expect(await names()).toEqual(built);
    release();
    await pageIdle(page);
    expect(await names()).toEqual(built);
    expect(errors).toEqual([]);
  });

  test("a product deleted since the build shows the not-found content in place", async ({ page }) => {
    await page.route("**/api/public/products/life-ring-with-bracket", (route) => route.fulfill({ status: 404, json: { status: false, message: "Product not found" } }));
    await page.goto("/products/life-ring-with-bracket");
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("the fallback shell (a product newer than the build) keeps the form's room: nothing moves when it arrives", async ({ page }) => {
    // Lighthouse measured CLS 0.012 here: the reply promise under the island sat inside the first
    // screen beside the short skeleton and was pushed down when the product and its form arrived.
    await serveShell(page, "/products/life-ring-with-bracket");
    const release = await holdAnswers(page, "**/api/public/products/*");
    await observeShifts(page);
    await page.goto("/products/life-ring-with-bracket");
    await expect(page.getByTestId("detail-skeleton")).toBeVisible();
    const promise = page.locator("[data-reply-promise]");
    // While loading, the reply promise is below the first screen, where a later move shifts nothing.
    expect((await promise.boundingBox())!.y).toBeGreaterThanOrEqual(page.viewportSize()!.height);
    await shiftsFromNowOn(page);
    release();
    await expect(page.getByTestId("product-detail")).toBeVisible();
    await settle(page);
    expect(await shifts(page)).toEqual([]);
  });

  test("the suggestions are fetched only once the product is on screen (they never compete with its picture)", async ({ page }) => {
    await serveShell(page, "/products/life-ring-with-bracket");
    const release = await holdAnswers(page, "**/api/public/products/*");
    const listRequests: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/public\/products(\?|$)/.test(r.url())) listRequests.push(r.url());
    });
    await page.goto("/products/life-ring-with-bracket");
    await expect(page.getByTestId("detail-skeleton")).toBeVisible();
    // Long enough for the list to be asked for if it did not wait for the product (it waits for an
    // idle browser once the product is shown).
    await pageIdle(page);
    expect(listRequests, "list fetched while the product was still loading").toEqual([]);
    release();
    await expect(page.getByTestId("product-detail")).toBeVisible();
    await expect(page.locator("section[aria-labelledby=also-like]").getByTestId("product-card")).toHaveCount(3);
    expect(listRequests.length).toBeGreaterThan(0);
  });

  test("sends an inquiry about the product", async ({ page }) => {
    await page.goto("/products/life-ring-with-bracket");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Inquiry" }) });
    await expect(page.getByRole("heading", { name: "Ask us about Life Ring with Dock Bracket" })).toBeVisible();
    await form.getByLabel("Full name").fill("Dana Boater");
    await form.getByLabel("Email").fill("dana@example.com");
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  });

  test("shows the not-found page for an unknown product after a short wait", async ({ page }) => {
    await page.goto("/products/no-such-product");
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page.getByText("Something's missing.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to homepage" })).toHaveAttribute("href", "/landing");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
