/**
 * The Site tab as the office uses it every day (issue 39, item 6): the office hours are ticked days
 * and two times, and the site's sentence (English and Spanish) is written from them; Save is always
 * at hand (a sticky row per section, and in the publish bar while edits are unsaved); a preview of
 * the draft before publishing; the launch checklist in "before launch" and "later", with progress.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers.ts";
import { axe } from "./axe.ts";
import { exclusively, putSiteBack, siteState } from "./site-helpers.ts";

async function openSite(page: Page, theme: "light" | "dark" = "light") {
  const session = await apiSignIn(page.request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { theme, consent: "essential" });
  await page.goto("/admin#site");
  await expect(page.getByTestId("site-panel")).toBeVisible();
  return session.token;
}

test("office hours: ticked days and two times write the site's text, English and Spanish, saved from the publish bar and published", async ({ page }) => {
  test.setTimeout(90_000);
  await exclusively(async () => {
    const token = await openSite(page);
    const before = await siteState(page.request, token);
    try {
      const hours = page.getByTestId("hours-field");
      await expect(hours).toBeVisible();
      // One way to say when the office is open: no free text, no list of English day names.
      await expect(hours.locator("input:not([type=checkbox]):not([type=time]), textarea")).toHaveCount(0);
      await expect(page.getByLabel("שעות הפעילות כפי שהן כתובות באתר")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /הוספת יום/ })).toHaveCount(0);
      // Hebrew day names, Sunday first, the seed's Monday to Friday ticked.
      const days = hours.getByRole("checkbox");
      await expect(days).toHaveCount(7);
      expect(await hours.locator("label").filter({ has: page.getByRole("checkbox") }).allTextContents()).toEqual(["ראשון", "שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת"]);
      for (const d of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await expect(hours.locator(`[data-day="${d}"]`)).toBeChecked();
      await expect(hours.getByTestId("hours-text-en")).toHaveText("Monday to Friday, 8 am to 5 pm");

      await hours.getByRole("checkbox", { name: "שבת" }).check();
      await hours.getByLabel("שעת סגירה").fill("12:30");
      await expect(hours.getByTestId("hours-text-en")).toHaveText("Monday to Saturday, 8 am to 12:30 pm");
      await expect(hours.getByTestId("hours-text-es")).toHaveText("De lunes a sábado, de 8 am a 12:30 pm");

      // Closing before opening is said at the field, and nothing is written from it.
      await hours.getByLabel("שעת פתיחה").fill("13:00");
      await expect(hours.getByTestId("field-error")).toHaveText("שעת הסגירה צריכה להיות אחרי שעת הפתיחה.");
      await hours.getByLabel("שעת פתיחה").fill("08:00");
      await expect(hours.getByTestId("field-error")).toHaveCount(0);

      // The publish bar offers Save while an edit is not saved, and saves it.
      const barSave = page.getByTestId("publish-bar").getByRole("button", { name: "שמור טיוטה" });
      await expect(barSave).toBeVisible();
      await barSave.click();
      await expect(page.getByTestId("draft-state")).toHaveText("טיוטה שמורה · יש שינויים שלא פורסמו");
      await expect(barSave).toHaveCount(0);
      const draft = (await siteState(page.request, token)).draft.site;
      expect(draft.hours).toEqual({ label: "Monday to Saturday, 8 am to 12:30 pm", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "08:00", closes: "12:30" });
      expect(draft.es["hours.label"]).toBe("De lunes a sábado, de 8 am a 12:30 pm");

      await page.getByTestId("publish").click();
      await expect(page.getByTestId("publish-state")).toBeVisible();
      const live = await withTestDb(async (db) => (await db.query("SELECT doc -> 'site' AS site FROM site_content_versions ORDER BY version DESC LIMIT 1")).rows[0].site);
      expect(live.hours.label).toBe("Monday to Saturday, 8 am to 12:30 pm");
      expect(live.es["hours.label"]).toBe("De lunes a sábado, de 8 am a 12:30 pm");
    } finally {
      await putSiteBack(page.request, token, before.live.version);
    }
  });
});

test("the server writes the hours' text itself and refuses hours with no day", async ({ page }) => {
  await exclusively(async () => {
    const token = await openSite(page);
    const before = await siteState(page.request, token);
    const auth = { authorization: `Bearer ${token}` };
    try {
      const site = before.draft.site;
      // A text that disagrees with the days is not kept: the one written from the days is.
      const r = await page.request.put("/api/admin/site/site", { headers: auth, data: { ...site, hours: { ...site.hours, label: "Open 24/7", days: ["Friday", "monday"] } } });
      expect(r.status(), await r.text()).toBe(200);
      const saved = (await siteState(page.request, token)).draft.site;
      expect(saved.hours.days).toEqual(["Monday", "Friday"]);
      expect(saved.hours.label).toBe("Monday and Friday, 8 am to 5 pm");
      expect(saved.es["hours.label"]).toBe("Lunes y viernes, de 8 am a 5 pm");
      const none = await page.request.put("/api/admin/site/site", { headers: auth, data: { ...site, hours: { ...site.hours, days: ["Funday"] } } });
      expect(none.status()).toBe(400);
      expect(await none.json()).toMatchObject({ field: "site.hours.days" });
    } finally {
      await putSiteBack(page.request, token, before.live.version);
    }
  });
});

test("Save stays in view at the bottom of a long section, above the publish bar", { tag: "@responsive" }, async ({ page, isMobile }) => {
  await openSite(page);
  const company = page.getByTestId("site-section-site");
  await company.getByRole("heading", { level: 3 }).evaluate((h) => h.scrollIntoView({ block: "start" }));
  const view = page.viewportSize()!;
  expect((await company.boundingBox())!.height).toBeGreaterThan(view.height * 2);
  // On a phone the publish bar offers Save once a field is edited; wider, the section's own row sticks.
  if (isMobile) await page.locator('[data-field="site.tagline"]').fill(`Docks built right ${Date.now()}`);
  const save = isMobile ? page.getByTestId("publish-bar-save") : company.getByTestId("save-draft");
  const box = (await save.boundingBox())!;
  const bar = (await page.getByTestId("publish-bar").boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(isMobile ? view.height : bar.y + 1);
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("[data-testid]")?.getAttribute("data-testid"), [box.x + box.width / 2, box.y + box.height / 2]);
  expect(hit).toBe(isMobile ? "publish-bar-save" : "save-draft");
});

test("a preview of the draft, unsaved edits included, in English and Spanish, before publishing", async ({ page }) => {
  await openSite(page);
  await expect(page.getByTestId("site-preview")).toHaveCount(0);
  await page.getByTestId("site-preview-toggle").click();
  const preview = page.getByTestId("site-preview");
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId("preview-hours")).toHaveText("Monday to Friday, 8 am to 5 pm");
  // An edit shows at once, before it is saved, and the preview says so.
  const tagline = page.locator('[data-field="site.tagline"]');
  const typed = `Docks built right ${Date.now()}`;
  await tagline.fill(typed);
  await expect(preview).toContainText(typed);
  await expect(preview.getByTestId("preview-note")).toContainText("כולל שינויים שעוד לא נשמרו");
  await preview.getByRole("button", { name: "Español" }).click();
  await expect(preview.getByTestId("preview-body")).toHaveAttribute("lang", "es");
  await expect(preview.getByTestId("preview-hours")).toHaveText("De lunes a viernes, de 8 am a 5 pm");
  await expect(preview.getByTestId("preview-path")).toHaveText("/es");
  // The part being edited is the one previewed: a service's page, chosen from the list.
  await page.getByTestId("site-part-services").click();
  await preview.getByRole("button", { name: "English" }).click();
  await preview.getByLabel("איזה עמוד:").selectOption({ label: "Boat Lifts" });
  await expect(preview.getByRole("heading", { level: 3, name: "Boat Lifts" })).toBeVisible();
  await expect(preview.getByTestId("preview-path")).toHaveText("/services/boat-lifts");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    const found = await axe(page).include('[data-testid="site-preview"]').include('[data-testid="site-checklist"]').analyze();
    expect(found.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  }
});

test("the launch checklist: progress 'done x of y', 'before launch' and 'later' groups, every item reachable, a fix moves to done", async ({ page }) => {
  await exclusively(async () => {
    const token = await openSite(page);
    const before = await siteState(page.request, token);
    try {
      const list = page.getByTestId("site-checklist");
      const open = before.checklist as { field: string; later: boolean }[];
      const done = before.checklistDone as unknown[];
      await expect(list.getByTestId("checklist-progress")).toContainText(`הושלמו ${done.length} מתוך ${done.length + open.length}`);
      await expect(list.locator("progress")).toHaveAttribute("max", String(done.length + open.length));
      const launch = open.filter((i) => !i.later);
      const later = open.filter((i) => i.later);
      expect(launch.length).toBeGreaterThan(0);
      expect(later.length).toBeGreaterThan(0);
      await expect(list.getByTestId("checklist-group-count-launch")).toHaveText(`(${launch.length} פריטים)`);
      await expect(list.getByTestId("checklist-group-count-later")).toHaveText(`(${later.length} פריטים)`);
      // Before launch is open in full; later opens in full too: no item is left out.
      await expect(list.getByTestId("checklist-group-launch").getByTestId("checklist-item")).toHaveCount(launch.length);
      await expect(list.getByTestId("checklist-group-later").getByTestId("checklist-item").first()).toBeHidden();
      await list.getByTestId("checklist-group-toggle-later").click();
      await expect(list.getByTestId("checklist-group-later").getByTestId("checklist-item")).toHaveCount(later.length);
      for (const item of await list.getByTestId("checklist-item").all()) await expect(item).toBeVisible();
      // The sample phone is for before launch; the Spanish can wait.
      await expect(list.getByTestId("checklist-group-launch").locator('[data-item="site.phone"]')).toBeVisible();
      expect(later.every((i) => !i.field.startsWith("site.phone"))).toBe(true);

      // Fixing an item moves it to done and the progress with it.
      await page.locator('[data-field="site.phone"]').fill("(239) 772-4100");
      await page.getByTestId("site-section-site").getByTestId("save-draft").click();
      await expect(list.getByTestId("checklist-progress")).toContainText(`הושלמו ${done.length + 1} מתוך ${done.length + open.length}`);
      await expect(list.getByTestId("checklist-group-launch").locator('[data-item="site.phone"]')).toHaveCount(0);
      await list.getByTestId("checklist-group-toggle-done").click();
      await expect(list.getByTestId("checklist-group-done").locator('[data-item="site.phone"]')).toBeVisible();
    } finally {
      await putSiteBack(page.request, token, before.live.version);
    }
  });
});
