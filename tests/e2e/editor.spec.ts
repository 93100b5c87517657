import { expect, test, type Page } from "@playwright/test";

// Every function call goes through the local Netlify emulation; on a busy machine one can take
// many seconds, so data-dependent waits are generous (they end as soon as the data is there).
const LOAD_MS = Number(process.env.E2E_LOAD_MS || 60_000);
test.describe.configure({ timeout: 4 * LOAD_MS });

/** Signs in through the API as the seeded demo account and stores what the site keeps. */
async function signIn(page: Page, email: string, password: string) {
  const r = await page.request.post("/api/auth/in", { data: { email, password } });
  expect(r.status()).toBe(200);
  const { data } = await r.json();
  await page.addInitScript((d) => {
    localStorage.setItem("token", d.token);
    localStorage.setItem("email", d.user.email);
    localStorage.setItem("name", d.user.name);
  }, data);
  return data.user as { email: string; name: string };
}

// A tiny PNG: the dropzone downscales and re-encodes it to JPEG in the browser.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPgK5nAVzKBAUIBABv+BEmAQrXlAAAAAElFTkSuQmCC", "base64");

test("an admin creates a product with a picture, edits it, sees it on /products and deletes it", async ({ page }, info) => {
  const user = await signIn(page, "admin@example.com", "demo-admin-password");
  const name = `Test Dock Cleat ${info.project.name} ${Date.now()}`;
  await page.goto("/editor");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("profile-email")).toHaveText(user.email, { timeout: LOAD_MS });
  await expect(page.getByTestId("profile-name")).toHaveText(user.name || user.email);
  await expect(page.getByTestId("editor-card").first()).toBeVisible({ timeout: LOAD_MS });

  await page.getByRole("button", { name: "+ מוצר חדש" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  await page.getByRole("button", { name: "+ מוצר חדש" }).click();
  await sheet.getByLabel("שם המוצר").fill(name);
  await sheet.getByLabel("מחיר").fill("77");
  await sheet.getByLabel("צבע").fill("Silver");
  await expect(sheet.getByLabel("כמות")).toHaveValue("1");
  await sheet.getByLabel("תיאור").fill("Made by the end-to-end test.");
  await page.getByTestId("dropzone-image").locator("input[type=file]").setInputFiles({ name: "cleat.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("dropzone-image").locator("img")).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
  await sheet.getByRole("button", { name: "שמירה" }).click();
  await expect(page.getByTestId("toast")).toHaveText(/Product added successfully/, { timeout: LOAD_MS });
  await expect(sheet).toBeHidden();
  const card = page.getByTestId("editor-card").filter({ hasText: name });
  await expect(card).toContainText("$77", { timeout: LOAD_MS });
  await expect(card.locator("img")).toHaveAttribute("src", /^\/api\/images\/[A-Za-z0-9_-]{43}$/);

  await card.getByRole("button", { name: `עריכה: ${name}` }).click();
  await expect(sheet.getByLabel("שם המוצר")).toHaveValue(name, { timeout: LOAD_MS });
  await expect(sheet.getByLabel("תיאור")).toHaveValue("Made by the end-to-end test.");
  await sheet.getByLabel("מחיר").fill("$70 - $90");
  await sheet.getByRole("button", { name: "שמירה" }).click();
  await expect(page.getByTestId("toast")).toHaveText(/Product updated successfully/, { timeout: LOAD_MS });
  await expect(card).toContainText("$70 - $90", { timeout: LOAD_MS });

  const shop = await page.context().newPage();
  await shop.goto(`/products?q=${encodeURIComponent(name)}`);
  await expect(shop.getByTestId("product-card")).toHaveCount(1, { timeout: LOAD_MS });
  await expect(shop.getByTestId("product-card")).toContainText("$70 - $90");
  await shop.close();

  page.once("dialog", (d) => {
    expect(d.message()).toBe("האם אתה בטוח שברצונך למחוק את המוצר?");
    void d.accept();
  });
  await card.getByRole("button", { name: `מחיקה: ${name}` }).click();
  await expect(page.getByTestId("toast")).toHaveText(/Product removed successfully/, { timeout: LOAD_MS });
  await expect(card).toHaveCount(0, { timeout: LOAD_MS });
});

test("a signed-in user sees the catalogue read-only with a note that editing is for admins", async ({ page }) => {
  await signIn(page, "user@example.com", "demo-user-password");
  await page.goto("/editor");
  await expect(page.getByTestId("admins-only")).toBeVisible({ timeout: LOAD_MS });
  await expect(page.getByTestId("editor-card").first()).toBeVisible({ timeout: LOAD_MS });
  await expect(page.getByRole("button", { name: "+ מוצר חדש" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^עריכה/ })).toHaveCount(0);
});

test("a signed-out visitor is sent to the login page", async ({ page }) => {
  await page.goto("/editor");
  await expect(page).toHaveURL(/\/login\?from=%2Feditor/, { timeout: LOAD_MS });
});
