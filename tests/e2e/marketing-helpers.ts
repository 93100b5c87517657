import { expect, type APIRequestContext, type Page } from "@playwright/test";
import services from "../../content/services.json" with { type: "json" };
import gallery from "../../content/gallery.json" with { type: "json" };

/** Every public marketing route of spec §2 with the h1 it must show. */
export const PUBLIC_PAGES = [
  { path: "/", h1: "NEW DOCKS IN 8-12 WEEKS" },
  { path: "/landing", h1: "NEW DOCKS IN 8-12 WEEKS" },
  { path: "/about", h1: "Crafted with Precision Anchored in Integrity" },
  { path: "/services", h1: "Our Services" },
  ...services.map((s) => ({ path: s.path, h1: s.title })),
  { path: "/gallery", h1: "Built on Southwest Florida's Waterfront" },
  { path: "/contact", h1: "Request a Quote" },
  { path: "/book", h1: "Book a Free Site Visit" },
  { path: "/estimate", h1: "What will it cost? A ballpark in a minute" },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/privacy", h1: "Privacy Policy" },
];

/** Slides of the phones' gallery carousel on the seed: each project's cover, then its other photos. */
export const GALLERY_SLIDES = (gallery as { photos?: unknown[] }[]).reduce((n, g) => n + 1 + (g.photos?.length ?? 0), 0);

/** Collects Content-Security-Policy violations and page errors while a test runs. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|apply|load)/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** A returning visitor who already answered the consent banner (keeps it out of screenshots and clicks). */
export async function consented(page: Page, extra: Record<string, string> = {}) {
  await page.addInitScript((items) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, { consent: "essential", ...extra });
}

/**
 * Waits until page-effects.ts has drawn every block the page left out of its first frame (issue 38:
 * `.render-later`, then `html[data-rendered]`). Before that, a held block stands at a placeholder
 * height, so a place measured on the page is a guess, and axe's color check, which hit-tests, cannot
 * see inside it (dequelabs/axe-core#2768).
 */
export async function drawn(page: Page) {
  await page.locator("html[data-rendered]").waitFor({ state: "attached" });
}

/** How many `.render-later` blocks are still held (content-visibility: auto, not drawn for good). */
export function heldBlocks(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll(".render-later")].filter((el) => getComputedStyle(el).contentVisibility === "auto").length);
}

export async function expectNoProblems(problems: string[]) {
  expect(problems, problems.join("\n")).toEqual([]);
}

/**
 * Waits until the islands inside `scope` are hydrated and their effects have run. Islands that wait
 * for the visitor (`client:intent`) are first given a pointer-over, as a visitor would.
 *
 * Astro drops an island's `ssr` attribute when it hands the island to React, but React hydrates in a
 * transition: the DOM may not be React's yet, and its effects (a session check, a listener) not run
 * (measured on /login: 24-38 ms later, 100 ms at 6x CPU). So this also waits until each island's first
 * element carries React's fiber (set as React hydrates it), then for a frame and a task, when the
 * passive effects of that commit have run.
 */
export async function hydrated(page: Page, scope = "body") {
  const island = page.locator(`${scope} astro-island`).first();
  await island.waitFor({ state: "attached" });
  if ((await island.getAttribute("client")) === "intent") await island.dispatchEvent("pointerover");
  await page.waitForFunction(
    (s) =>
      [...document.querySelectorAll(`${s} astro-island`)].every((el) => {
        if (el.hasAttribute("ssr")) return false;
        const first = [...el.children].find((c) => c.tagName !== "TEMPLATE" && c.tagName !== "ASTRO-SLOT");
        return !first || Object.keys(first).some((k) => k.startsWith("__reactFiber$"));
      }),
    scope,
  );
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/** Fills the quote form's required fields as a visitor would, and picks `service` when given. */
export async function fillQuote(page: Page, { fullName = "Pat Waters", email = "pat@example.com", service }: { fullName?: string; email?: string; service?: string } = {}) {
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Phone").fill("(239) 555-0188");
  await page.getByLabel("Email", { exact: false }).fill(email);
  if (service) await chooseService(page, service);
}

/** Opens the quote form's service list and picks `service`. */
export async function chooseService(page: Page, service: string) {
  await page.locator("#contact").getByRole("button", { name: /Service/ }).click();
  await page.getByRole("option", { name: service, exact: true }).click();
}

/**
 * The lead forms note when they were opened (the browser's Date.now()) and the server refuses a form
 * sent less than 3 s later as a bot ("too-fast", src/server/leads/submit.ts MIN_FILL_MS). Instead of
 * waiting those 3 s, the page's clock is set a minute behind the server's before the page opens: it
 * then runs at the normal pace (timers, the outbox, the success overlay work as usual), and every
 * form looks as if it had been filled in for a minute. Call before page.goto.
 */
export async function filledByAPerson(page: Page) {
  await page.clock.install({ time: Date.now() - 60_000 });
}

/**
 * Holds every answer matching `pattern` until the returned function is called (to see a loading
 * state for as long as the test needs, not for a fixed time); answers after the release pass. The
 * request then goes on to the routes registered before this one (or to the server).
 */
export async function holdAnswers(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

export interface StoredLead {
  id: string;
  kind: "quote" | "inquiry";
  fullName: string;
  email: string;
  message: string;
  photoCount: number;
  spamReason: string | null;
}

/**
 * The stored leads of `kind` that `match` picks, as the admin API lists them (spam included, with
 * its reason: a lead judged "too-fast" is stored but never mailed or synced).
 */
export async function storedLeads(request: APIRequestContext, kind: "quote" | "inquiry", match: (l: StoredLead) => boolean): Promise<StoredLead[]> {
  const auth = await request.post("/api/auth/in", { data: { email: "admin@example.com", password: "demo-admin-password" } });
  expect(auth.status(), await auth.text()).toBe(200);
  const token = (await auth.json()).data.token as string;
  const r = await request.get(`/api/admin/leads?page=1&pageSize=100&kind=${kind}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return ((await r.json()).data.data as StoredLead[]).filter(match);
}
