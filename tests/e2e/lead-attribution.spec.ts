import { readFileSync } from "node:fs";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { consented, fillQuote, filledByAPerson, hydrated } from "./marketing-helpers";
import { uniqueEmail } from "./auth-helpers";

/** The UTM parameters and spam verdict stored with the lead sent from `email`, read from the test server's database. */
async function stored(email: string): Promise<{ utm: Record<string, string>; spam_reason: string | null } | undefined> {
  const client = new pg.Client({ connectionString: readFileSync(`.data/e2e-db-url-${process.env.E2E_PORT || 8890}`, "utf8").trim() });
  await client.connect();
  try {
    const r = await client.query<{ utm: Record<string, string>; spam_reason: string | null }>("SELECT utm, spam_reason FROM leads WHERE email = $1", [email]);
    return r.rows[0];
  } finally {
    await client.end();
  }
}

test("a visitor who lands on a campaign link and asks for a quote on /contact keeps the campaign", async ({ page }) => {
  await consented(page);
  await filledByAPerson(page);
  // goto waits for the load event: the page's module scripts have run by then.
  await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-docks");
  // On to the contact page in the same tab, as a link would take the visitor: no UTM in its address.
  await page.goto("/contact");
  await hydrated(page, "#contact");
  const email = uniqueEmail("utm");
  await fillQuote(page, { email, service: "Seawalls" });
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
  await page.locator('#contact button[type="submit"]').click();
  expect((await answer).status()).toBe(200);
  expect(await stored(email)).toEqual({ utm: { source: "newsletter", medium: "email", campaign: "spring-docks" }, spam_reason: null });
});
