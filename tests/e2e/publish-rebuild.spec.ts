/**
 * Issue 27 on the production build: what the office publishes reaches the prebuilt pages through a
 * rebuild (a server of its own: tests/e2e/rebuild-server.ts). Publish a new phone: after the rebuild
 * the footer, the call links and the JSON-LD carry it; restoring the first version brings the old
 * phone back after the next rebuild. Issue 26 through the same hook: a price edited in the editor
 * is in the product page's prebuilt HTML after the rebuild.
 */
import { expect, test } from "@playwright/test";
import { rememberSession } from "./auth-helpers";
import { editPriceInEditor } from "./editor-helpers";
import { useRebuildServer } from "./rebuild-server";

// One server that rebuilds, shared by the file's tests in turn (each build is the machine's whole CPU).
test.describe.configure({ mode: "serial" });
const { base: BASE, office, servedVersion, hookState, builtAfter } = useRebuildServer(8897);
const NEW_PHONE = "(239) 774-2210";
const OLD_PHONE = "(239) 555-0142";

test("a publish reaches the prebuilt pages after the rebuild; restoring the first version brings the old phone back", async ({ page, request }) => {
  test.setTimeout(360_000);
  const site = await office(request);
  const state = await site.view();
  expect(state.live.version).toBe(1);
  expect((await (await request.get(`${BASE}/content-version.json`)).json()).version).toBe(1);

  // The office changes the phone and publishes.
  await site.save("site", { ...state.draft.site, phone: NEW_PHONE });
  expect(await site.publish()).toBe(2);
  await servedVersion(request, 2);

  await page.goto(`${BASE}/`);
  await expect(page.locator("footer")).toContainText(NEW_PHONE);
  await expect(page.locator("footer")).not.toContainText(OLD_PHONE);
  await expect(page.locator('a[href="tel:+12397742210"]').first()).toBeAttached();
  await expect(page.locator('a[href="tel:+12395550142"]')).toHaveCount(0);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
  expect(jsonLd).toContain("+12397742210");
  expect(jsonLd).not.toContain("+12395550142");
  await page.goto(`${BASE}/contact`);
  await expect(page.getByRole("main")).toContainText(NEW_PHONE);

  // Restoring version 1 is a draft until it is published; then the next rebuild brings the old phone back.
  await site.restore(1);
  expect(await site.publish()).toBe(3);
  await servedVersion(request, 3);
  await page.goto(`${BASE}/`);
  await expect(page.locator("footer")).toContainText(OLD_PHONE);
  await expect(page.locator('a[href="tel:+12395550142"]').first()).toBeAttached();
  expect((await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n")).toContain("+12395550142");
});

test("a price edited in the editor is in the product page's prebuilt HTML after the rebuild", async ({ page, request }) => {
  test.setTimeout(240_000);
  const product = { id: "life-ring-with-bracket", name: "Life Ring with Dock Bracket" };
  const price = `$${300 + (Date.now() % 90)}`;
  const html = async () => (await request.get(`${BASE}/products/${product.id}`)).text();
  expect(await html()).not.toContain(price);
  const builds = (await hookState(request)).builds;

  const site = await office(request);
  await rememberSession(page, site.session);
  await page.goto(`${BASE}/editor`);
  await editPriceInEditor(page, product, price);

  // The page as a visitor without JavaScript, or a crawler, gets it once the rebuild is served.
  await builtAfter(request, builds);
  const built = await html();
  expect(built).toContain(price);
  expect(built, "the Product JSON-LD's offer").toContain(`"price":"${price.slice(1)}.00"`);
});
