import { expect, type APIRequestContext, type ElementHandle, type Locator, type Page, type Response } from "@playwright/test";

/**
 * What the dev-server suite (playwright.dev.config.ts) checks on every page it opens, shared by its
 * spec files: no page error, no console error, no failed request or 4xx/5xx answer, no page reloaded
 * by Vite, and Vite's pre-bundled packages bundled once for the whole session.
 */

export interface Watch {
  problems: string[];
  /** Pre-bundled package file → the `?v=` hashes it was asked for with. */
  depVersions: Map<string, Set<string>>;
}

/** Collects what would make a visitor's page broken, for the whole test. */
export function watch(page: Page): Watch {
  const w: Watch = { problems: [], depVersions: new Map() };
  page.on("pageerror", (e) => w.problems.push(`page error: ${e.message}`));
  // The not-found pages (English and Spanish) answer 404 by design (as on Netlify).
  const expected404 = (url: string) => /^(\/es)?\/404$/.test(new URL(url).pathname);
  page.on("console", (m) => {
    if (m.type() === "error" && !(expected404(m.location().url) && /status of 404/.test(m.text()))) w.problems.push(`console error: ${m.text()} (${m.location().url})`);
  });
  page.on("requestfailed", (r) => {
    // A navigation away cancels what the previous page was still loading; that is not a failure.
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? "")) w.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  // A page that reloads itself right after it appeared loses what the visitor did meanwhile (at
  // start-up Vite handed the first page a reload Astro had sent before any page was open).
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      if (/"type":"full-reload"/.test(String(f.payload))) w.problems.push(`Vite reloaded ${page.url()} (${String(f.payload)})`);
    }),
  );
  page.on("response", (r: Response) => {
    if (r.status() >= 400 && !(r.status() === 404 && expected404(r.url()))) w.problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
    // Pre-bundled packages are served as …/deps/<file>.js?v=<hash>. The same file under a second
    // hash means Vite bundled again while pages were open (what ends in "Outdated Optimize Dep").
    const v = /\/deps\/([^?]+\.js)\?v=(\w+)/.exec(r.url());
    if (v) w.depVersions.set(v[1], (w.depVersions.get(v[1]) ?? new Set()).add(v[2]));
  });
  return w;
}

export async function expectClean(w: Watch) {
  expect(w.problems, w.problems.join("\n")).toEqual([]);
  const rebundled = [...w.depVersions].filter(([, v]) => v.size > 1).map(([file, v]) => `${file}: ${[...v].join(", ")}`);
  expect(rebundled, `Vite bundled these again during the session:\n${rebundled.join("\n")}`).toEqual([]);
  expect(w.depVersions.size, "no pre-bundled package was loaded at all").toBeGreaterThan(0);
}

/**
 * Wakes every island on the page the way a visitor would (scrolls to it; points at it when it
 * waits for intent) and waits until each is hydrated. A `client:media` island whose query does not
 * match this screen stays as it is, by design.
 */
export async function hydrateAll(page: Page) {
  await page.waitForLoadState("load");
  const islands = (await page.locator("astro-island").elementHandles()) as ElementHandle<HTMLElement>[];
  for (const island of islands) {
    const state = await island.evaluate((el) => {
      if (!el.hasAttribute("ssr")) return "done";
      const kind = el.getAttribute("client");
      if (kind === "media" && !matchMedia(JSON.parse(el.getAttribute("opts") || "{}").value).matches) return "skip";
      // The island element is `display: contents` (no box of its own): scroll to what it shows.
      (el.firstElementChild ?? el).scrollIntoView({ block: "center" });
      return kind;
    });
    if (state === "done" || state === "skip") continue;
    if (state === "intent") await island.dispatchEvent("pointerover");
    const name = await island.evaluate((el) => `${el.getAttribute("component-url")} (client:${el.getAttribute("client")})`);
    await expect
      .poll(() => island.evaluate((el) => el.hasAttribute("ssr")), { message: `${page.url()}: ${name} did not hydrate`, timeout: 60_000 })
      .toBe(false);
  }
}

/** Signs the demo admin in through the API; pages `page` opens from now on hold the session. Returns it (its token for API calls). */
export async function signIn(request: APIRequestContext, page: Page): Promise<{ token: string; user: { email: string; name?: string } }> {
  const r = await request.post("/api/auth/in", { data: { email: "admin@example.com", password: "demo-admin-password" } });
  expect(r.status(), await r.text()).toBe(200);
  const { data } = await r.json();
  await page.addInitScript((d) => {
    if (sessionStorage.getItem("signed")) return;
    sessionStorage.setItem("signed", "1");
    localStorage.setItem("token", d.token);
    localStorage.setItem("email", d.user.email);
    localStorage.setItem("name", d.user.name ?? "");
    localStorage.setItem("consent", "essential");
  }, data);
  return data;
}

export const consent = (page: Page) => page.addInitScript(() => localStorage.setItem("consent", "essential"));

/** Waits until every picture `pictures` finds has loaded and decoded (a broken one never does). */
export async function expectLoaded(pictures: Locator) {
  await expect.poll(() => pictures.evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
}
