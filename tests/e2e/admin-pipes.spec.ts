// The dashboard's banner when a pipe a lead leaves through is down (issue 25, item 9). The test
// server has no Zoho and no SMTP, so the state is set in its database, as the jobs would leave it.
import { expect, test, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers.ts";

// he-IL dates in a fixed zone: 07:30 UTC on 15 January is 09:30 in Jerusalem.
test.use({ timezoneId: "Asia/Jerusalem" });

const SINCE = "2025-01-15T07:30:00Z";
const TOLD = "2025-01-15T08:31:00Z";
const ZOHO_ERROR = "CrmError: Zoho token refresh refused (HTTP 200, invalid_client)";
const SMTP_ERROR = "Invalid login: 535 5.7.8 Authentication credentials invalid";

/** Both pipes down since SINCE, the office told at TOLD (Zoho by e-mail, SMTP in the log). */
const pipesDown = () =>
  withTestDb(async (db) => {
    await db.query(
      `INSERT INTO pipe_health (pipe, last_success_at, failing_since, last_failure_at, failures, last_error)
       VALUES ('zoho', NULL, $1, now(), 7, $2), ('smtp', NULL, $1, now(), 12, $3)
       ON CONFLICT (pipe) DO UPDATE SET failing_since = EXCLUDED.failing_since, last_failure_at = EXCLUDED.last_failure_at,
         failures = EXCLUDED.failures, last_error = EXCLUDED.last_error`,
      [SINCE, ZOHO_ERROR, SMTP_ERROR],
    );
    await db.query(
      `INSERT INTO pipe_alerts (pipe, failing_since, opened_at, opened_notice) VALUES ('zoho', $1, $2, 'mail'), ('smtp', $1, $2, 'log')
       ON CONFLICT (pipe) WHERE closed_at IS NULL DO NOTHING`,
      [SINCE, TOLD],
    );
  });

/** Both pipes working again, as a successful attempt and the next job leave them. */
const pipesWork = () =>
  withTestDb(async (db) => {
    await db.query("UPDATE pipe_health SET failing_since = NULL, failures = 0, last_success_at = now()");
    await db.query("UPDATE pipe_alerts SET closed_at = now(), closed_notice = 'mail' WHERE closed_at IS NULL");
  });

async function openAdmin(page: Page) {
  const session = await apiSignIn(page.request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { theme: "light", consent: "essential" });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible();
}

test.describe("admin dashboard: a pipe that is down", () => {
  test("a banner says what fails, since when, how many leads wait and what to do; it is gone once the pipe works", async ({ page }) => {
    try {
      await pipesDown();
      await openAdmin(page);

      const zoho = page.getByTestId("pipe-alert-zoho");
      await expect(zoho).toHaveAttribute("role", "alert");
      await expect(zoho.getByRole("heading", { level: 2 })).toHaveText("הסנכרון ל-Zoho CRM לא עובד");
      await expect(zoho.getByTestId("pipe-alert-state")).toHaveText(
        /^כל הניסיונות נכשלו מאז 15\.01\.2025, 09:30 \(7 ניסיונות\)\. (\d+ פניות ממתינות|פנייה אחת ממתינה) לסנכרון\. הן שמורות במסד הנתונים של האתר ויישלחו מעצמן כשהחיבור יחזור לעבוד\.$/,
      );
      await expect(zoho.getByTestId("pipe-alert-error")).toHaveText(ZOHO_ERROR);
      await expect(zoho.getByTestId("pipe-alert-error")).toHaveAttribute("dir", "ltr");
      await expect(zoho.getByTestId("pipe-alert-todo")).toContainText("מה לעשות: אם השגיאה מזכירה אסימון");
      await expect(zoho.getByTestId("pipe-alert-todo")).toContainText("ZOHO_REFRESH_TOKEN");
      await expect(zoho).toContainText("נשלח על כך אימייל למשרד ב-15.01.2025, 10:31");

      const smtp = page.getByTestId("pipe-alert-smtp");
      await expect(smtp.getByRole("heading", { level: 2 })).toHaveText("שליחת האימייל מהאתר לא עובדת");
      await expect(smtp.getByTestId("pipe-alert-state")).toHaveText(
        /^כל הניסיונות נכשלו מאז 15\.01\.2025, 09:30 \(12 ניסיונות\)\. (\d+ פניות ממתינות|פנייה אחת ממתינה) להודעת האימייל למשרד \((\d+ הודעות|הודעה אחת) בתור בסך הכול\)\./,
      );
      await expect(smtp.getByTestId("pipe-alert-error")).toHaveText(SMTP_ERROR);
      await expect(smtp.getByTestId("pipe-alert-todo")).toContainText("SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, MAIL_FROM");
      await expect(smtp).toContainText("נרשמה על כך שגיאה ביומן המערכת ב-15.01.2025, 10:31");

      // Above the tabs, so it shows whichever tab is open.
      const banner = await page.getByTestId("pipe-alerts").boundingBox();
      const tabs = await page.getByRole("tablist").boundingBox();
      expect(banner!.y + banner!.height).toBeLessThanOrEqual(tabs!.y);
      for (const theme of ["light", "dark"]) {
        await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
        const found = await axe(page).include('[data-testid="pipe-alerts"]').analyze();
        expect(found.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }

      await pipesWork();
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/admin/pipes") && r.ok());
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible();
      // The dashboard has its answer (and a frame to draw it): no banner.
      const pipes = (await (await answered).json()).data.pipes;
      expect(pipes.map((p: { state: string }) => p.state)).toEqual(["ok", "ok"]);
      await page.evaluate(() => new Promise(requestAnimationFrame));
      await expect(page.getByTestId("pipe-alerts")).toHaveCount(0);
    } finally {
      await pipesWork();
    }
  });
});
