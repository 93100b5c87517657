import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { apiSignIn, rememberSession } from "./auth-helpers.ts";

// The query console reads as console_reader: a secret is refused with the column named, business
// data still shows, each readable in both themes (axe, contrast included, on the console's card).

async function openAsAdmin(page: Page, request: APIRequestContext, theme: "light" | "dark") {
  await rememberSession(page, await apiSignIn(request, "admin@example.com", "demo-admin-password"), { theme, consent: "essential" });
  // The query console lives on the dashboard's Tools tab.
  await page.goto("/admin#tools");
  await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible();
}

async function expectAccessibleConsole(page: Page) {
  const { violations } = await axe(page).include('[data-testid="card-query"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

/** Switches the theme with the page's own button (its handler, without hovering it). */
async function switchTheme(page: Page, to: "light" | "dark") {
  await page.locator("#theme-toggle").dispatchEvent("click");
  if (to === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

// One page load for both themes: opened dark (the stored theme), each state of the console is
// checked in both, switching with the theme button.
test("the query console refuses a secret, naming it, and still reads business data (dark and light)", async ({ page, request }) => {
  await openAsAdmin(page, request, "dark");
  const sql = page.getByLabel("שאילתת SQL");
  await sql.fill("SELECT email, password_hash FROM users");
  await page.getByTestId("query-run").click();
  const error = page.getByTestId("query-error");
  await expect(error).toContainText("cannot read users.password_hash: it holds a secret");
  await expect(page.getByTestId("query-results")).toHaveCount(0);
  await expectAccessibleConsole(page);
  await switchTheme(page, "light");
  await expectAccessibleConsole(page);

  await sql.fill("SELECT email, role, created_at FROM users ORDER BY email");
  await sql.press("Control+Enter");
  await expect(page.getByTestId("query-results")).toContainText("admin@example.com");
  await expect(error).toHaveCount(0);
  await expectAccessibleConsole(page);
  await switchTheme(page, "dark");
  await expectAccessibleConsole(page);
});
