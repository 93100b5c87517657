import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { apiSignIn, rememberSession } from "./auth-helpers.ts";

// The query console reads as console_reader: a secret is refused with the column named, business
// data still shows. Screenshots of both answers go to SHOTS for review.
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-admin";
mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 45_000 };

async function openAsAdmin(page: Page, request: APIRequestContext, theme: "light" | "dark") {
  await rememberSession(page, await apiSignIn(request, "admin@example.com", "demo-admin-password"), { theme, consent: "essential" });
  // The query console lives on the dashboard's System tab.
  await page.goto("/admin#system");
  await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible(SLOW);
}

for (const theme of ["light", "dark"] as const) {
  test(`the query console refuses a secret, naming it, and still reads business data (${theme})`, async ({ page, request }, info) => {
    await openAsAdmin(page, request, theme);
    const sql = page.getByLabel("שאילתת SQL");
    await sql.fill("SELECT email, password_hash FROM users");
    await page.getByTestId("query-run").click();
    const error = page.getByTestId("query-error");
    await expect(error).toContainText("cannot read users.password_hash: it holds a secret", SLOW);
    await expect(page.getByTestId("query-results")).toHaveCount(0);
    await page.getByTestId("card-query").scrollIntoViewIfNeeded();
    await page.getByTestId("card-query").screenshot({ path: `${SHOTS}/query-secret-${info.project.name}-${theme}.png` });

    await sql.fill("SELECT email, role, created_at FROM users ORDER BY email");
    await sql.press("Control+Enter");
    await expect(page.getByTestId("query-results")).toContainText("admin@example.com", SLOW);
    await expect(error).toHaveCount(0);
    await page.getByTestId("card-query").screenshot({ path: `${SHOTS}/query-business-${info.project.name}-${theme}.png` });
  });
}
