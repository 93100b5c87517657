// Decision 15 / issue 25, item 1: a lead held as possible spam has its own list in the back
// office, says why it was held and when it will be deleted, and 'לא ספאם' (not spam) releases it.
import { axe } from "./axe.ts";
import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, rememberSession } from "./auth-helpers.ts";
import { storedLeads } from "./marketing-helpers";

async function heldLead(page: Page, fullName: string, email: string) {
  // Sent half a second after the form "appeared": held as too fast.
  const r = await page.request.post("/api/public/contact", {
    data: { fullName, email, phone: "(239) 555-0134", subject: "Boat Lifts", startedAt: Date.now() - 500 },
  });
  expect(r.status()).toBe(200);
}

for (const theme of ["light", "dark"] as const) {
  test(`a held lead is listed apart, says why, and 'Not spam' sends it to the office (${theme})`, { tag: theme === "light" ? "@responsive" : [] }, async ({ page, request }, testInfo) => {
    const email = `held-${theme}-${testInfo.project.name}-${Date.now()}@example.com`;
    const fullName = `מיכל Held ${theme} ${testInfo.project.name}`;
    await heldLead(page, fullName, email);
    const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
    await rememberSession(page, session, { theme, consent: "essential" });
    await page.goto("/admin");
    // Not among the office's leads (once they have loaded: the held count comes with them)…
    const heldView = page.getByTestId("view-held");
    await expect(heldView).toContainText(/\d/);
    await expect(page.getByTestId("lead-row").filter({ hasText: fullName })).toHaveCount(0);
    // …but under its own filter.
    await heldView.click();
    await expect(heldView).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("held-note")).toContainText("נמחקת 30 יום");
    const card = page.getByTestId("lead-row").filter({ hasText: fullName });
    await expect(card.getByTestId("lead-held")).toContainText("פחות מ-3 שניות");
    await expect(card.getByTestId("lead-held")).toContainText(/תימחק ב-\d/);
    // No workflow or CRM retry on a held lead: releasing it comes first.
    await expect(card.getByTestId("lead-retry")).toHaveCount(0);
    const found = await axe(page).include('[data-testid="card-leads"]').withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await card.getByTestId("lead-release").click();
    await expect(page.getByTestId("toast")).toContainText("הפנייה שוחררה");
    await expect(page.getByTestId("lead-row").filter({ hasText: fullName })).toHaveCount(0);
    await page.getByTestId("view-real").click();
    const released = page.getByTestId("lead-row").filter({ hasText: fullName });
    await expect(released.getByTestId("lead-released")).toContainText("admin@example.com");
    expect(await storedLeads(request, "quote", (l) => l.email === email)).toEqual([expect.objectContaining({ spamReason: null })]);
  });
}
