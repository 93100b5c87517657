// Issue 35: the free site visit in the browser. A homeowner books a slot on a phone, gets the
// e-mail with a valid .ics (read back from the outbox), reschedules through the e-mail's link, and
// the office's calendar shows the new time. The booking page works by keyboard and for a screen
// reader (listboxes whose options speak their dates) and passes axe in light and dark; a link that
// no longer works gets its own clear page.
import { expect, test, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { consented, fillQuote, filledByAPerson, holdAnswers, hydrated } from "./marketing-helpers";
import { apiSignIn, rememberSession, uniqueEmail, withTestDb } from "./auth-helpers";
import { icsDate, parseIcs } from "../helpers/ics.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The booking page with its open times loaded. */
async function openBooking(page: Page) {
  await page.goto("/book");
  await hydrated(page);
  await expect(page.getByTestId("visit-days").getByRole("option").first()).toBeVisible();
}

/** The newest e-mail of `kind` to `email`, with its attachments, from the test server's outbox. */
async function mailTo(email: string, kind: string) {
  const read = () =>
    withTestDb(async (db) => {
      const m = await db.query<{ id: string; text_body: string }>("SELECT id, text_body FROM outbox WHERE to_address = $1 AND kind = $2 ORDER BY id DESC LIMIT 1", [email, kind]);
      if (!m.rows[0]) return null;
      const files = await db.query<{ filename: string; content: string }>("SELECT filename, content FROM outbox_attachments WHERE outbox_id = $1", [m.rows[0].id]);
      return { text: m.rows[0].text_body, files: files.rows };
    });
  await expect.poll(async () => !!(await read()), { message: `no ${kind} e-mail to ${email}` }).toBe(true);
  return (await read())!;
}

test("a homeowner books a visit on a phone, gets the invite, moves it by the e-mail's link, and the office's calendar follows", { tag: "@phone" }, async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("visit");
  await consented(page);
  await filledByAPerson(page);
  // Scrolling that animates moves a button while a tap aims at it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  let booked = "";
  let moved = "";

  await test.step("books a slot with one thumb", async () => {
    await openBooking(page);
    const days = page.getByTestId("visit-days").getByRole("option");
    // The third day (parallel tests take the first ones): its name speaks the date and how many times are open.
    await days.nth(2).tap();
    await expect(days.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(days.nth(2)).toHaveAccessibleName(/^\w+day, \w+ \d{1,2}: \d+ open$/);
    const time = page.getByTestId("visit-times").getByRole("option").last();
    await expect(time).toHaveAccessibleName(/^\w+day, \w+ \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    booked = (await time.getAttribute("data-start"))!;
    await time.tap();
    await expect(page.getByTestId("visit-picked")).toContainText("Cape Coral time");
    await page.getByLabel("Full name").fill("Robin Canal");
    await page.getByLabel("Phone").fill("(239) 555-0188");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Street address of the property").fill("77 Palm Point Dr, Cape Coral");
    await page.getByLabel("ZIP code").fill("33904");
    await page.getByLabel("Service").selectOption("Boat Lifts");
    await page.getByTestId("visit-submit").tap();
    await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
    await expect(page.getByTestId("visit-booked-when")).toContainText("(Cape Coral time)");
  });

  let link = "";
  await test.step("receives the e-mail with a valid .ics", async () => {
    const mail = await mailTo(email, "visit-confirm");
    expect(mail.files.map((f) => f.filename)).toEqual(["site-visit.ics"]);
    const cal = parseIcs(mail.files[0].content);
    expect(cal.events).toHaveLength(1);
    expect(icsDate(cal.events[0].props.DTSTART).toISOString()).toBe(booked);
    expect(cal.events[0].props.DESCRIPTION).toMatch(/call \(239\) 555-0142/);
    link = /https?:\/\/\S+\/book\/change#t=[\w.-]+/.exec(mail.text)![0];
  });

  await test.step("reschedules through the link, without an account", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Your free site visit" })).toBeVisible();
    await page.getByTestId("visit-change").tap();
    const days = page.getByTestId("visit-days").getByRole("option");
    await days.nth(3).tap();
    const time = page.getByTestId("visit-times").getByRole("option").last();
    moved = (await time.getAttribute("data-start"))!;
    await time.tap();
    await page.getByTestId("visit-move").tap();
    await expect(page.getByRole("heading", { name: "Your visit has moved" })).toBeVisible();
    // The link was for one change: it now says so.
    await page.goto("/book");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link has been used" })).toBeVisible();
    const newMail = await mailTo(email, "visit-moved");
    expect(icsDate(parseIcs(newMail.files[0].content).events[0].props.DTSTART).toISOString()).toBe(moved);
  });

  await test.step("the office's calendar shows the visit at its new time", async () => {
    const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
    await rememberSession(page, session);
    await page.goto("/admin#calendar");
    await expect(page.getByRole("tab", { name: "ביקורים" })).toHaveAttribute("aria-selected", "true");
    await page.getByTestId("calendar-view-list").tap();
    const row = page.locator(`[data-testid="visit-row"][data-start="${moved}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("Robin Canal");
    await expect(page.locator(`[data-testid="visit-row"][data-start="${booked}"]`)).toHaveCount(0);
    // Its name leads to the lead's card, which shows the visit.
    await row.getByTestId("visit-lead").tap();
    await expect(page.getByTestId("lead-visit")).toContainText("מתוכנן");
  });
});

test("the booking page works by keyboard and speaks each slot's date", async ({ page }) => {
  await consented(page);
  await openBooking(page);
  const days = page.getByTestId("visit-days").getByRole("option");
  await days.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(days.nth(1)).toBeFocused();
  await expect(days.nth(1)).toHaveAttribute("aria-selected", "true");
  const dayName = (await days.nth(1).locator(".sr-only").textContent())!.split(":")[0];
  await page.keyboard.press("Tab");
  const times = page.getByTestId("visit-times").getByRole("option");
  await expect(times.first()).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(times.nth(1)).toBeFocused();
  await expect(times.nth(1)).toHaveAccessibleName(new RegExp(`^${dayName}, `));
  await page.keyboard.press("Enter");
  await expect(times.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("visit-picked")).toContainText(dayName);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Full name")).toBeFocused();
});

test("axe finds no violations on /book with its times open and one picked, light and dark, and the page never scrolls sideways", { tag: "@responsive" }, async ({ page }) => {
  await consented(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openBooking(page);
  await page.getByTestId("visit-times").getByRole("option").first().click();
  // The row of days scrolls inside its box; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") {
      await page.locator("#theme-toggle").dispatchEvent("click");
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    }
    const results = await axe(page).withTags(AXE_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), theme).toEqual([]);
  }
});

test.describe("a visitor whose device shows another zone (Chicago)", () => {
  test.use({ timezoneId: "America/Chicago" });

  test("the open times arrive in the room the page kept for them: the details form below never moves", { tag: "@responsive" }, async ({ page, browser }) => {
    // Lighthouse measured a layout shift of 0.074 on /book (issue 38): the placeholder was 50 px
    // shorter than the days and times that replaced it, and the Cape Coral time note appeared above
    // them after hydration, for devices in another zone only. The form's place as the server sent
    // it (no script) must be its place once the times are in.
    const form = (p: Page) => p.getByTestId("visit-form").evaluate((f) => Math.round(f.getBoundingClientRect().top + scrollY));
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize(), timezoneId: "America/Chicago" });
    const served = await bare.newPage();
    await served.goto("/book");
    await expect(served.getByTestId("visit-zone-note")).toBeVisible();
    const before = await form(served);
    await bare.close();

    const release = await holdAnswers(page, "**/api/public/visits/slots");
    await page.goto("/book");
    await hydrated(page);
    await expect(page.getByTestId("visit-loading")).toBeVisible();
    expect(await form(page)).toBe(before);
    release();
    await expect(page.getByTestId("visit-days").getByRole("option").first()).toBeVisible();
    expect(await form(page)).toBe(before);
  });
});

test("a link that is not one of ours gets a clear page (and passes axe)", async ({ page }) => {
  await consented(page);
  await page.goto("/book/change#t=not-a-real-token");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByTestId("visit-link-problem")).toContainText("newest e-mail");
  await expect(page.getByRole("link", { name: "Book a site visit" })).toHaveAttribute("href", "/book");
  const results = await axe(page).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("/book is linked from the navigation and the contact page, and listed in the sitemap (its change page is not)", async ({ page, request }) => {
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  expect(sitemap).toMatch(/\/book<\/loc>/);
  expect(sitemap).not.toContain("/book/change");
  await consented(page);
  await page.goto("/contact");
  await expect(page.locator("header").getByRole("link", { name: "Book a visit" })).toHaveAttribute("href", "/book");
  await expect(page.getByRole("link", { name: /Book a free site visit/ }).first()).toHaveAttribute("href", "/book");
  const html = await (await request.get("/book/change")).text();
  expect(html).toContain('<meta name="robots" content="noindex"');
});

test("the Reports tab counts the site visits, with a CSV", async ({ page, request }) => {
  const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session);
  await page.goto("/admin#reports");
  const card = page.getByTestId("report-visits");
  await expect(card.getByRole("heading", { name: "ביקורים באתר הלקוח" })).toBeVisible();
  await expect(card.getByTestId("visits-table").or(card.getByText("אין ביקורים בתקופה הזאת"))).toBeVisible();
  const download = page.waitForEvent("download");
  await card.getByTestId("report-csv-visits").click();
  expect((await download).suggestedFilename()).toMatch(/^report-visits-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("after a quote request, the visitor books the site visit with the details already in, and it is that request's visit", async ({ page }) => {
  await consented(page);
  await filledByAPerson(page);
  await page.goto("/contact");
  await hydrated(page, "#contact");
  const email = uniqueEmail("quote-visit");
  await fillQuote(page, { email, service: "Seawalls" });
  await page.locator('#contact button[type="submit"]').click();
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  await page.clock.runFor(3_000);
  await page.getByTestId("quote-book-visit").getByRole("link", { name: "Book it online now" }).click();
  await page.waitForURL("**/book");
  await hydrated(page);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Full name")).toHaveValue("Pat Waters");
  await page.getByTestId("visit-days").getByRole("option").nth(4).click();
  await page.getByTestId("visit-times").getByRole("option").nth(2).click();
  await page.getByLabel("Street address of the property").fill("9 Heron Ct, Cape Coral");
  await page.getByLabel("ZIP code").fill("33991");
  await page.getByTestId("visit-submit").click();
  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();
  const leads = await withTestDb(async (db) => (await db.query<{ id: string; visits: string }>("SELECT l.id, (SELECT count(*) FROM visits v WHERE v.lead_id = l.id) AS visits FROM leads l WHERE l.email = $1", [email])).rows);
  expect(leads).toEqual([expect.objectContaining({ visits: "1" })]);
});


// Issue 38: the first date formatter a page makes loads the browser's date data, a 150–340 ms task
// at a phone's 4x; a worker loads it first, off the main thread (src/islands/visits/warm-intl.ts).
test("the booking page loads its date data in a worker before it shows the times, and shows them without one", async ({ page, browser }) => {
  // Every formatter the page's own thread makes, and whether the worker had answered by then.
  const instrument = () => {
    const w = window as unknown as { __warm: { ready: boolean; made: boolean[] } };
    w.__warm = { ready: false, made: [] };
    const count = { construct: (target: typeof Intl.DateTimeFormat, args: unknown[]) => (w.__warm.made.push(w.__warm.ready), Reflect.construct(target, args)) };
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, count);
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener("message", () => (w.__warm.ready = true));
      }
    };
  };
  await page.addInitScript(instrument);
  const worker = page.waitForEvent("worker");
  await openBooking(page);
  expect((await worker).url()).toMatch(/\/_astro\/intl-warm-worker[^/]*\.js$/);
  const made = await page.evaluate(() => (window as unknown as { __warm: { made: boolean[] } }).__warm.made);
  expect(made.length, "the times are written with the page's own formatters").toBeGreaterThan(0);
  expect(made.every(Boolean), "every formatter was made after the worker had loaded the date data").toBe(true);

  // A browser without workers shows the same times, its formatters made on the page.
  const context = await browser.newContext();
  const bare = await context.newPage();
  await bare.addInitScript(() => Reflect.deleteProperty(window, "Worker"));
  await bare.goto("/es/book");
  await hydrated(bare);
  await expect(bare.getByTestId("visit-days").getByRole("option").first()).toBeVisible();
  await expect(bare.getByTestId("visit-times").getByRole("option").first()).toHaveText(/\d{1,2}:\d{2}\s?[ap]\. ?m\./);
  await context.close();
});
