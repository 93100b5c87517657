// The back office's reports (issue 28): the admin picks a period, switches how sources are grouped
// and downloads a table as CSV. Leads of a source of their own are seeded in the test server's
// database (other tests add leads at the same time, so only this source's rows are checked).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers.ts";
import { axe } from "./axe.ts";
import { visualText } from "./visual-text.ts";

const tag = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const HOST = `${tag}.example`;
const DAY = 86_400_000;

/** Three leads from campaign `tag` (referred by HOST): won 3 days ago, quoted 2 days ago, contacted 60 days ago. */
const seed = () =>
  withTestDb(async (db) => {
    const leads: [number, string][] = [
      [3, "won"],
      [2, "quoted"],
      [60, "contacted"],
    ];
    for (const [daysAgo, status] of leads) {
      const created = new Date(Date.now() - daysAgo * DAY);
      const r = await db.query<{ id: string }>(
        `INSERT INTO leads (kind, email, subject, utm, referrer, source_page, crm_state, created_at, status)
         VALUES ('quote', $1, 'Custom Docks', $2::jsonb, $3, '/contact', 'disabled', $4, $5) RETURNING id`,
        [`${tag}-${daysAgo}@example.com`, JSON.stringify({ source: tag, medium: "cpc", campaign: "reports" }), `https://www.${HOST}/page`, created, status],
      );
      await db.query(
        `INSERT INTO lead_status_history (lead_id, from_status, to_status, note, changed_by_email, changed_at, crm_state)
         VALUES ($1, 'new', $2, 'seeded by the reports test', 'admin@example.com', $3, 'disabled')`,
        [r.rows[0].id, status, new Date(created.getTime() + 3_600_000)],
      );
    }
  });
const unseed = () => withTestDb((db) => db.query("DELETE FROM leads WHERE email LIKE $1", [`${tag}-%`]));

async function openReports(page: Page) {
  const session = await apiSignIn(page.request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { theme: "light", consent: "essential" });
  await page.goto("/admin#reports");
  await expect(page.getByRole("tab", { name: "דוחות" })).toHaveAttribute("aria-selected", "true");
}

test.describe("admin reports", () => {
  test.beforeAll(seed);
  test.afterAll(unseed);

  test("pick a period, switch the grouping, download the CSV; axe finds nothing in light and dark", async ({ page }) => {
    test.setTimeout(60_000);
    await openReports(page);
    const sources = page.getByTestId("sources-table");
    const ours = (text: string) => sources.getByTestId("source-row").filter({ hasText: text });

    await test.step("the last 30 days: the two recent leads, one won", async () => {
      await expect(page.getByTestId("report-period")).toHaveValue("30d");
      const row = ours(tag);
      await expect(row).toHaveCount(1);
      // Source, medium, campaign as typed, then total, won rate (issue 39: the key figures first), new, contacted, quoted, won, lost.
      await expect(row.locator("th, td")).toHaveText([tag, "cpc", "reports", "2", "50%", "0", "0", "1", "1", "0"]);
      await expect(row.locator("bdi").first()).toHaveAttribute("dir", "auto");
    });

    await test.step("the last 90 days: the lead of 60 days ago too", async () => {
      await page.getByLabel("תקופה").selectOption({ label: "90 הימים האחרונים" });
      await expect(ours(tag).getByTestId("won-rate")).toHaveText("33.3%");
      await expect(ours(tag).getByTestId("total")).toHaveText("3");
      await expect(page.getByTestId("report-range")).toHaveText(/^פניות שהגיעו מ-\d{2}\.\d{2}\.\d{4} עד \d{2}\.\d{2}\.\d{4} \(כולל\)$/);
    });

    await test.step("grouped by the referring site: the host without www", async () => {
      await page.getByTestId("report-group").getByText("האתר המפנה").click();
      await expect(sources).toHaveAttribute("data-group", "referrer");
      await expect(ours(HOST).locator("th, td")).toHaveText([HOST, "3", "33.3%", "0", "1", "1", "1", "0"]);
      // The chart follows the same grouping and was drawn.
      await expect(page.getByTestId("weekly-chart")).toHaveAttribute("data-drawn", "light");
    });

    await test.step("the CSV of the sources table, as grouped", async () => {
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "ייצוא CSV: מקורות הפניות" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^report-sources-referrer-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe("referrer_host,new,contacted,quoted,won,lost,total,won_rate");
      expect(lines).toContain(`${HOST},0,1,1,1,0,3,0.3333`);
    });

    await test.step("speed to answer says which hours count, the times in the order they were written", async () => {
      const hours = page.getByTestId("speed-hours");
      // content/site.json: Monday to Friday, 08:00 to 17:00, in Cape Coral's zone.
      await expect(hours).toHaveText(/^נספרות שעות הפעילות בלבד: מיום שני עד יום שישי, מ-08:00 עד 17:00 \(.+\), כפי שהן מופיעות בתוכן האתר\.$/);
      // Painted left to right, a Hebrew line reads 'from 08:00 to 17:00' as 17:00 … 08:00-מ; '08:00–17:00' was painted 17:00–08:00.
      expect(await visualText(hours)).toContain("17:00 דע 08:00-מ");
    });

    await test.step("leads by the site's language (issue 37): English, then Spanish, each with its statuses", async () => {
      const rows = page.getByTestId("languages-table").getByTestId("language-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute("data-language", "en");
      await expect(rows.nth(1).locator("th")).toHaveText("ספרדית");
    });

    await test.step("axe, light and dark", async () => {
      await expect(page.getByTestId("speed-table")).toBeVisible();
      await expect(page.getByTestId("services-table")).toBeVisible();
      for (const theme of ["light", "dark"] as const) {
        await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
        await expect(page.getByTestId("weekly-chart")).toHaveAttribute("data-drawn", theme);
        const found = await axe(page).include('[data-testid="panel-reports"]').analyze();
        expect(found.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
    });
  });
});
