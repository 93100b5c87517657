/**
 * Issue 39, item 4: the office triages its leads in seconds. One button per next step, forward first
 * (a quoted lead's first action is 'נחתם'); the amount, checked by the server with a Hebrew message
 * at its field; the overdue badge against the one-business-day promise; duplicates and a returning
 * customer linked to each other; a compact card on a phone, and a search.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers.ts";
import { axe } from "./axe.ts";

async function openAdmin(page: Page, request: APIRequestContext, theme: "light" | "dark" = "light", search = "") {
  const session = await apiSignIn(request, "admin@example.com", "demo-admin-password");
  await rememberSession(page, session, { theme, consent: "essential" });
  await page.goto(`/admin${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "לוח ניהול מנהל" })).toBeVisible();
  return session.token;
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A phone number no other test sends: 239-555-xxxx is reserved for fiction, the rest is random. */
const randomPhone = () => `239-${200 + Math.floor(Math.random() * 700)}-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/** A quote request through the public endpoint; returns its id. */
async function submitQuote(request: APIRequestContext, fields: Record<string, string>): Promise<string> {
  const r = await request.post("/api/public/contact", {
    data: {
      email: `${tag()}@example.com`,
      phone: randomPhone(),
      address: "1402 SE 47th Ter, Cape Coral, FL 33904",
      subject: "Boat Lifts",
      startedAt: Date.now() - 60_000,
      ...fields,
    },
    headers: {
      "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200)}`,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  const row = await withTestDb((db) => db.query<{ id: string }>("SELECT id FROM leads WHERE full_name = $1", [fields.fullName]));
  return row.rows[0].id;
}

/** The list narrowed to one name through the search box, and that lead's card. */
async function findCard(page: Page, name: string) {
  await page.getByLabel("חיפוש").fill(name);
  const card = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByTestId("lead-row")).toHaveCount(1);
  return card;
}

test.describe("lead status: forward first, amount, a note only for lost", () => {
  test("a quoted lead's first action is 'נחתם'; Enter in the amount signs it, the server's refusal is said in Hebrew at the field", async ({ page, request }) => {
    const name = `Quoted Customer ${tag()}`;
    const id = await submitQuote(request, { fullName: name });
    const token = await openAdmin(page, request);
    const r = await request.post(`/api/admin/leads/${id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: "quoted", amount: 18400 },
    });
    expect(r.status(), await r.text()).toBe(200);
    const card = await findCard(page, name);
    await expect(card.getByTestId("lead-status")).toHaveText("נשלחה הצעה");
    await expect(card.getByTestId("lead-amount")).toHaveText("$18,400");

    // One button per allowed step, forward first; going back is last and says so.
    const moves = card.getByTestId("status-moves").getByRole("button");
    await expect(moves).toHaveText(["נחתם", "אבדה", "↩חזרה ל״נוצר קשר״"]);
    expect(await moves.evaluateAll((b) => b.map((x) => x.getAttribute("data-to")))).toEqual(["won", "lost", "contacted"]);

    await moves.first().click();
    const form = card.getByTestId("status-form");
    await expect(form).toHaveAttribute("data-to", "won");
    // The quoted amount is there to confirm, and the focus is on it.
    const amount = form.getByLabel("סכום העבודה (דולרים)");
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue("18400");
    // The server checks the amount: 0 is refused, and the message names the field, in Hebrew.
    await amount.fill("0");
    await amount.press("Enter");
    const error = form.getByTestId("status-error");
    await expect(error).toHaveText(/^סכום העבודה \(דולרים\): /);
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toBeFocused();
    await expect(card.getByTestId("lead-status")).toHaveText("נשלחה הצעה");

    // Enter moves it forward, never back: no note is needed to sign.
    await amount.fill("19,250");
    await amount.press("Enter");
    await expect(page.getByTestId("toast")).toContainText("הסטטוס עודכן");
    await expect(card.getByTestId("lead-status")).toHaveText("נסגרה בהצלחה");
    await expect(card.getByTestId("lead-amount")).toHaveText("$19,250");
    const stored = await withTestDb((db) => db.query<{ status: string; amount: string }>("SELECT status, amount FROM leads WHERE id = $1", [id]));
    expect(stored.rows[0]).toEqual({ status: "won", amount: "19250.00" });
    await card.getByTestId("status-history-toggle").click();
    await expect(card.getByTestId("status-entry").first().getByTestId("status-entry-amount")).toHaveText("$19,250");

    // The contract's final figure changes after it is signed: the amount is revised where it is
    // shown, the lead stays won, and an empty amount is refused at the field.
    await card.getByTestId("status-revise-amount").click();
    const revise = card.getByTestId("status-form");
    await expect(revise).toHaveAttribute("data-to", "won");
    await expect(revise).toHaveAccessibleName("מעבר ל״עדכון הסכום״");
    const newAmount = revise.getByLabel("סכום העבודה (דולרים)");
    await expect(newAmount).toBeFocused();
    await newAmount.fill("");
    await newAmount.press("Enter");
    await expect(revise.getByTestId("status-error")).toHaveText(/^סכום העבודה \(דולרים\): יש לכתוב את הסכום החדש/);
    await newAmount.fill("19,975");
    await newAmount.press("Enter");
    await expect(card.getByTestId("lead-amount")).toHaveText("$19,975");
    await expect(card.getByTestId("lead-status")).toHaveText("נסגרה בהצלחה");
    await expect(card.getByTestId("status-entry").first().getByTestId("status-entry-amount")).toHaveText("$19,975");
    await expect(card.getByTestId("status-entry").first().getByTestId("status-entry-revised")).toHaveText("עדכון הסכום");
  });

  test("lost asks why, and refuses to save without a reason", async ({ page, request }) => {
    const name = `Lost Customer ${tag()}`;
    await submitQuote(request, { fullName: name });
    await openAdmin(page, request);
    const card = await findCard(page, name);
    await expect(card.getByTestId("status-moves").getByRole("button")).toHaveText(["נוצר קשר", "נשלחה הצעה", "אבדה"]);
    await card.locator("[data-testid=status-move][data-to=lost]").click();
    const form = card.getByTestId("status-form");
    const why = form.getByLabel("למה הפנייה אבדה?");
    await expect(why).toBeFocused();
    await form.getByTestId("status-save").click();
    await expect(form.getByTestId("status-error")).toHaveText("למה הפנייה אבדה: חובה לכתוב סיבה (למשל: בחרו קבלן אחר)");
    await expect(card.getByTestId("lead-status")).toHaveText("חדשה");
    await why.fill("Went with a cheaper builder");
    await form.getByTestId("status-save").click();
    await expect(card.getByTestId("lead-status")).toHaveText("אבדה");
  });
});

test.describe("triage at a glance", () => {
  test("an unanswered lead past one business day is flagged overdue, with words for screen readers; a fresh one shows the time left", async ({ page, request }) => {
    const old = `Waiting Customer ${tag()}`;
    const oldId = await submitQuote(request, { fullName: old });
    // Five days ago: at least three business days whatever today is.
    await withTestDb((db) => db.query("UPDATE leads SET created_at = now() - interval '5 days' WHERE id = $1", [oldId]));
    const fresh = `Fresh Customer ${tag()}`;
    await submitQuote(request, { fullName: fresh });
    await openAdmin(page, request);
    const card = await findCard(page, old);
    const badge = card.getByTestId("lead-overdue");
    await expect(badge).toBeVisible();
    await expect(badge).toContainText("באיחור");
    await expect(badge.locator(".sr-only")).toContainText("עבר יום עסקים בלי מענה");
    await expect(card.getByTestId("lead-age")).toHaveText("התקבלה לפני 5 ימים");
    // 'התקשרתי' answers it: the badge goes.
    await card.getByTestId("lead-called").click();
    await expect(card.getByTestId("lead-overdue")).toHaveCount(0);

    const freshCard = await findCard(page, fresh);
    await expect(freshCard.getByTestId("lead-overdue")).toHaveCount(0);
    await expect(freshCard.getByTestId("lead-waiting")).toHaveText(/^עוד \d+ (ש׳|דק׳) עבודה למענה|^עוד שעת עבודה למענה/);
    await expect(freshCard.getByTestId("lead-waiting").locator(".sr-only")).toHaveText("עד סוף יום העסקים שהבטחנו ללקוח");
  });

  test("the same person's requests are flagged duplicate and returning customer, and link to each other", async ({ page, request }) => {
    const t = tag();
    const phone = randomPhone();
    const email = `repeat-${t}@example.com`;
    const firstId = await submitQuote(request, {
      fullName: `Returning ${t} A`,
      email,
      phone,
      subject: "Seawalls",
    });
    await withTestDb((db) => db.query("UPDATE leads SET created_at = now() - interval '400 days', status = 'won' WHERE id = $1", [firstId]));
    const againId = await submitQuote(request, {
      fullName: `Returning ${t} B`,
      email,
      phone,
    });
    await submitQuote(request, {
      fullName: `Returning ${t} C`,
      email: `other-${t}@example.com`,
      phone,
    });
    await openAdmin(page, request);
    const card = await findCard(page, `Returning ${t} B`);
    await expect(card.getByTestId("lead-duplicate")).toHaveText(/^כפולה · 2 פניות/);
    await expect(card.getByTestId("lead-returning")).toHaveText(/^לקוח חוזר/);
    const links = card.getByTestId("lead-related-link");
    await expect(links).toHaveCount(2);
    await expect(links.nth(1)).toHaveAttribute("href", `/admin?lead=${firstId}`);
    await expect(links.nth(1)).toContainText("נסגרה בהצלחה");
    // The link opens the earlier request alone, which links back.
    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`\\?lead=${firstId}`));
    const first = page.getByTestId("lead-row");
    await expect(first).toHaveCount(1);
    await expect(first).toContainText(`Returning ${t} A`);
    await expect(first.getByTestId("lead-related-link").filter({ hasText: "מאוחרת יותר" }).first()).toBeVisible();
    await expect(first.locator(`[data-testid=lead-related-link][href="/admin?lead=${againId}"]`)).toBeVisible();
  });

  test("search finds a lead by phone digits and by town, from the keyboard", async ({ page, request }) => {
    const t = tag();
    const phone = randomPhone();
    const name = `Searchable ${t}`;
    await submitQuote(request, {
      fullName: name,
      phone,
      address: `77 Harbor Ln, Matlacha ${t}, FL`,
    });
    await openAdmin(page, request);
    await page.getByLabel("חיפוש").focus();
    await page.keyboard.type(phone.slice(-7));
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(name);
    await page.getByLabel("חיפוש").fill(`matlacha ${t}`);
    await page.getByLabel("חיפוש").press("Enter");
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText(name);
    await page.getByLabel("חיפוש").fill(`nobody-${t}`);
    await expect(page.getByText("אין פניות שמתאימות לסינון. אפשר לנקות את החיפוש או לבחור ״הכול״.")).toBeVisible();
  });

  test("on a phone a card is short: name, status, badges and call; 'פרטים ופעולות' opens the rest @phone", async ({ page, request }) => {
    const name = `Phone Card ${tag()}`;
    const id = await submitQuote(request, {
      fullName: name,
      details: "Need a 10,000 lb lift for a 28 ft boat, the old one is rusted through. ".repeat(3),
    });
    const token = await openAdmin(page, request);
    await request.post(`/api/admin/leads/${id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: "quoted", amount: 24800 },
    });
    await page.reload();
    const card = await findCard(page, name);
    const height = (await card.boundingBox())!.height;
    // It was about 450 px before issue 39.
    expect(height, `card height ${height}px`).toBeLessThan(200);
    await expect(card.getByTestId("lead-status-compact")).toHaveText("נשלחה הצעה");
    // The compact line's amount (the status panel's own, further down, is behind 'פרטים').
    await expect(card.locator("bdi", { hasText: "$24,800" }).first()).toBeVisible();
    await expect(card.getByTestId("lead-call")).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(card.getByTestId("lead-message")).toBeHidden();
    const more = card.getByTestId("lead-more");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByTestId("lead-message")).toBeVisible();
    await expect(card.getByTestId("status-moves").getByRole("button").first()).toHaveText("נחתם");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the triage marks and the status form pass axe in ${theme} mode`, async ({ page, request }) => {
      const t = tag();
      const phone = randomPhone();
      const oldId = await submitQuote(request, {
        fullName: `Axe ${t} A`,
        phone,
      });
      await withTestDb((db) => db.query("UPDATE leads SET created_at = now() - interval '5 days' WHERE id = $1", [oldId]));
      await submitQuote(request, { fullName: `Axe ${t} B`, phone });
      await openAdmin(page, request, theme);
      await page.getByLabel("חיפוש").fill(`Axe ${t}`);
      await expect(page.getByTestId("lead-row")).toHaveCount(2);
      await expect(page.getByTestId("lead-overdue")).toBeVisible();
      await page.getByTestId("lead-row").first().locator("[data-testid=status-move][data-to=quoted]").click();
      await expect(page.getByTestId("status-form")).toBeVisible();
      const found = await axe(page).include('[data-testid="card-leads"]').analyze();
      expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
