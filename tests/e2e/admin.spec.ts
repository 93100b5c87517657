import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync, readFileSync } from "node:fs";

const SHOTS = "/tmp/shots-admin";
mkdirSync(SHOTS, { recursive: true });
// The dashboard makes several calls on open; give a busy machine room.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 45_000 };

async function signIn(request: APIRequestContext, email: string, password: string) {
  const r = await request.post("/api/auth/in", { data: { email, password } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).data as { token: string; user: { email: string; name: string } };
}

/** Opens /admin signed in as the demo admin, with the theme given. */
async function openAsAdmin(page: Page, request: APIRequestContext, theme: "light" | "dark" = "light") {
  const { token, user } = await signIn(request, "admin@example.com", "demo-admin-password");
  await page.addInitScript(
    ([t, e, n, th]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("email", e);
      localStorage.setItem("name", n);
      localStorage.setItem("theme", th);
      localStorage.setItem("consent", "essential");
    },
    [token, user.email, user.name, theme],
  );
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible(SLOW);
  return token;
}

/** How many pixels chart.js has painted on the doughnut's canvas (it is transparent elsewhere). */
const paintedPixels = (page: Page) =>
  page.getByTestId("distribution-chart").evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
    return painted;
  });

test.describe("admin dashboard", () => {
  test("shows the real figures in the three cards after the skeletons", async ({ page, request }) => {
    // Hold the figures so the skeleton is certain to be on screen when we look (it shows for the
    // first second and for as long as the figures are loading).
    await page.route("**/api/admin/stats*", async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue();
    });
    const token = await openAsAdmin(page, request);
    await expect(page.getByTestId("card-skeleton").first()).toBeVisible();
    await expect(page.getByTestId("stat-users")).toBeVisible(SLOW);
    // The same figures the API gives.
    const stats = (await (await request.get("/api/admin/stats", { headers: { authorization: `Bearer ${token}` } })).json()).data;
    await expect(page.getByTestId("stat-users")).toHaveText(String(stats.users));
    await expect(page.getByTestId("stat-products")).toHaveText(String(stats.products));
    expect(Number(await page.getByTestId("stat-logins").textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await page.getByTestId("stat-active").textContent())).toBeGreaterThanOrEqual(1);
    const errors = Number(await page.getByTestId("stat-errors").textContent());
    await expect(page.getByTestId("system-status")).toHaveText(errors === 0 ? "המערכת פעלה בהצלחה, ללא שגיאות" : /שגיא/);
    await expect(page.getByRole("link", { name: "מעבר לעריכת מוצרים" })).toHaveAttribute("href", "/editor");
    await expect(page.getByTestId("admin-login-line")).toContainText("נרשמה היום כניסת מנהל");
  });

  test("filters the system log by text and shows the empty message", async ({ page, request }) => {
    const token = await openAsAdmin(page, request);
    const marker = `e2e-marker-${Date.now()}`;
    // Every console query is logged with who ran it: a known line to look for.
    await request.post("/api/admin/query", { headers: { authorization: `Bearer ${token}` }, data: { query: `SELECT '${marker}' AS m` } });
    await expect(page.getByTestId("log-area")).toHaveAttribute("data-expanded", "true", SLOW);
    await page.getByLabel("סינון טקסט").fill(marker);
    const lines = page.getByTestId("log-line");
    await expect(lines).toHaveCount(1, SLOW);
    await expect(lines.first()).toContainText(`admin@example.com ran: SELECT '${marker}' AS m`);
    await expect(lines.first()).toHaveAttribute("data-level", "INFO");
    await page.getByLabel("סינון טקסט").fill(`${marker}-nothing`);
    await expect(page.getByTestId("log-empty")).toHaveText("אין לוגים להצגה", SLOW);
    // Changing the range reloads, with the spinner text while it loads.
    await page.getByLabel("סינון טקסט").fill("");
    await page.getByLabel("טווח זמן").selectOption("1d");
    await expect(lines.first()).toBeVisible(SLOW);
    await page.getByRole("button", { name: "הסתר יומן" }).click();
    await expect(page.getByTestId("log-area")).toHaveAttribute("data-expanded", "false");
  });

  test("draws the doughnut chart", async ({ page, request }) => {
    await openAsAdmin(page, request);
    const canvas = page.getByTestId("distribution-chart");
    await expect(canvas).toBeVisible(SLOW);
    // chart.js loads lazily; once drawn the canvas has coloured pixels.
    await expect.poll(() => paintedPixels(page), SLOW).toBeGreaterThan(1000);
  });

  test("lists leads with their CRM state and exports them as safe CSV", async ({ page, request }) => {
    const hostile = `=cmd|' /C calc'!A0 ${Date.now()}`;
    const r = await request.post("/api/public/contact", {
      data: { fullName: hostile, email: "lead@example.com", phone: "(239) 555-0134", subject: "Boat Lifts, \"urgent\"", startedAt: Date.now() - 60_000 },
      headers: { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200)}` },
    });
    expect(r.status(), await r.text()).toBe(200);
    await openAsAdmin(page, request);
    const row = page.getByTestId("lead-row").filter({ hasText: hostile });
    await expect(row).toBeVisible(SLOW);
    await expect(row.locator("[data-state]")).toHaveText(/ממתין|סונכרן|נכשל|מושבת/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("leads-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    // The formula is written as text: a leading quote, never a bare "=" at the start of a cell.
    expect(csv).toContain(`,'${hostile},`);
    expect(csv).toContain('"Boat Lifts, ""urgent"""');
    expect(csv).not.toMatch(/(^|,)=cmd/m);
  });

  test("runs a read-only query and refuses a write", async ({ page, request }) => {
    await openAsAdmin(page, request);
    const sql = page.getByLabel("שאילתת SQL");
    await sql.fill("SELECT email, role FROM users ORDER BY email");
    await page.getByTestId("query-run").click();
    await expect(page.getByTestId("query-results")).toContainText("admin@example.com", SLOW);
    await sql.fill("DELETE FROM users");
    await sql.press("Control+Enter");
    await expect(page.getByTestId("query-error")).toContainText("read-only", SLOW);
    await page.getByRole("button", { name: "נקה שגיאות" }).click();
    await expect(page.getByTestId("query-error")).toHaveCount(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`is right-to-left and accessible in ${theme} mode`, async ({ page, request }, info) => {
      await openAsAdmin(page, request, theme);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("html")).toHaveAttribute("lang", "he");
      expect(await page.locator("html").evaluate((h) => h.classList.contains("dark"))).toBe(theme === "dark");
      // RTL: the title starts at the right edge.
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      const width = page.viewportSize()!.width;
      expect(width - (title!.x + title!.width)).toBeLessThan(width / 4);
      await expect(page.getByTestId("stat-users")).toBeVisible(SLOW);
      await expect(page.getByTestId("distribution-chart")).toBeVisible(SLOW);
      await expect.poll(() => paintedPixels(page), SLOW).toBeGreaterThan(1000);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `${SHOTS}/admin-${info.project.name}-${theme}.png`, fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    });
  }

  test("follows the theme toggle without a reload, chart included", async ({ page, request }) => {
    await openAsAdmin(page, request, "light");
    const canvas = page.getByTestId("distribution-chart");
    await expect(canvas).toBeVisible(SLOW);
    await expect.poll(() => paintedPixels(page), SLOW).toBeGreaterThan(1000);
    // Only what chart.js painted (the canvas is transparent elsewhere): slices and their borders.
    const painted = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.waitForTimeout(1500);
    const light = await painted();
    await page.locator("#theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // The doughnut is drawn again with the dark theme's slice borders.
    await page.waitForTimeout(1500);
    expect(await painted()).not.toBe(light);
  });
});

test.describe("admin dashboard access", () => {
  test("sends a signed-in non-admin away from /admin", async ({ page, request }) => {
    const { token, user } = await signIn(request, "user@example.com", "demo-user-password");
    await page.addInitScript(([t, e, n]) => (localStorage.setItem("token", t), localStorage.setItem("email", e), localStorage.setItem("name", n)), [token, user.email, user.name]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/home$/, SLOW);
    await expect(page.getByText("לוח ניהול מנהל")).toHaveCount(0);
  });

  test("sends a signed-out visitor to the log-in page", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin$/, SLOW);
  });
});
