import { expect, test, type Page, type Request } from "@playwright/test";
import { apiSignUp, resetLinkFor, uniqueEmail } from "./auth-helpers.ts";
import { consented, expectNoProblems, watchProblems } from "./marketing-helpers";

/**
 * The account forms are in the HTML before their island hydrates. A visitor who presses Enter or
 * taps the button in that moment (seconds, on a slow phone network) must not get the browser's own
 * GET submit: a page load with the e-mail and password in the address (history, server logs,
 * Referer) and the request they meant never made. The form's code is held back here until the
 * test has typed and submitted, then released: the submit is carried out once, by the island.
 */

const PASSWORD = "tide pools at dawn";

/**
 * Opens `path` with the code of the island `component` held back (from the start: these islands
 * hydrate at once) until the returned function is called.
 */
async function openWithFormCodeHeld(page: Page, path: string, component: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js(\\?.*)?$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  return release;
}

const island = (component: string) => `astro-island[component-url*="/${component}."]`;
const notHydrated = (page: Page, component: string) => page.locator(`${island(component)}[ssr]`).count().then((n) => n === 1);

/** Every page load of the main frame, and every call of `api`, from now on. */
function watchRequests(page: Page, api: string) {
  const loads: Request[] = [];
  const calls: Request[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.push(r);
    if (new URL(r.url()).pathname === api) calls.push(r);
  });
  return { loads, calls };
}

/** Nothing the visitor typed has reached an address. */
function expectNothingInAddresses(loads: Request[], ...typed: string[]) {
  for (const r of loads) {
    const url = decodeURIComponent(r.url());
    for (const t of typed) expect(url, `${r.method()} ${r.url()}`).not.toContain(t);
    expect(new URL(r.url()).search, `${r.method()} ${r.url()}`).toBe("");
  }
}

/**
 * Two painted frames: a page load the browser's own submit starts, or anything a replay would still
 * do by itself, has begun by then. (Such a page load ends the wait early; the checks that follow say so.)
 */
const settled = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => {});

test.beforeEach(async ({ page }) => {
  await consented(page);
});

test("reset: the e-mail submitted before the form hydrates stays out of the address and the link is asked for once", { tag: "@responsive" }, async ({ page, isMobile }) => {
  const problems = watchProblems(page);
  const email = uniqueEmail("early-reset");
  const release = await openWithFormCodeHeld(page, "/resetpswd", "ResetForm");
  const { loads, calls } = watchRequests(page, "/api/auth/resetpswd");
  const field = page.getByLabel("Email");
  if (isMobile) await field.tap();
  else await field.click();
  await page.keyboard.type(email, { delay: 10 });
  // Enter in the field on a computer, a tap on the button on a phone.
  if (isMobile) await page.getByRole("button", { name: "Reset Password" }).tap();
  else await page.keyboard.press("Enter");
  // The browser's own submit would have started its page load by now.
  await settled(page);
  expect(loads.map((r) => r.url())).toEqual([]);
  expect(calls.map((r) => r.url())).toEqual([]);
  expect(await notHydrated(page, "ResetForm")).toBe(true);
  release();
  await expect(page.getByText("Check your inbox")).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("If an account exists");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await settled(page);
  expect(calls.map((r) => r.method())).toEqual(["POST"]);
  expect(calls[0].postDataJSON()).toMatchObject({ email });
  expect(loads.map((r) => r.url())).toEqual([]);
  expect(page.url()).toMatch(/\/resetpswd$/);
  await expect(field).toHaveValue(email);
  await expectNoProblems(problems);
});

test("log-in: e-mail and password submitted before the form hydrates stay out of the address and sign in once", { tag: "@responsive" }, async ({ page, isMobile }) => {
  const problems = watchProblems(page);
  const email = uniqueEmail("early-login");
  await apiSignUp(page, email, PASSWORD);
  const release = await openWithFormCodeHeld(page, "/login", "LoginForm");
  const { loads, calls } = watchRequests(page, "/api/auth/in");
  if (isMobile) await page.getByLabel("Email").tap();
  else await page.getByLabel("Email").click();
  await page.keyboard.type(email, { delay: 10 });
  const password = page.getByLabel("Password", { exact: true });
  if (isMobile) await password.tap();
  else await password.click();
  await page.keyboard.type(PASSWORD, { delay: 10 });
  if (isMobile) await page.getByRole("button", { name: "Log In" }).tap();
  else await page.keyboard.press("Enter");
  await settled(page);
  expect(loads.map((r) => r.url())).toEqual([]);
  expect(calls.map((r) => r.url())).toEqual([]);
  expect(await notHydrated(page, "LoginForm")).toBe(true);
  release();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(calls.map((r) => r.method())).toEqual(["POST"]);
  expect(calls[0].postDataJSON()).toMatchObject({ email, password: PASSWORD });
  // The only page load is the one to /home after signing in.
  expect(loads.map((r) => new URL(r.url()).pathname)).toEqual(["/home"]);
  expectNothingInAddresses(loads, email, PASSWORD);
  await expectNoProblems(problems);
});

test("new password: chosen and submitted before the form hydrates, it is saved once, with the link's token", async ({ page }) => {
  const email = uniqueEmail("early-new");
  await apiSignUp(page, email, PASSWORD);
  expect((await page.request.post("/api/auth/resetpswd", { data: { email } })).ok()).toBe(true);
  const link = new URL(await resetLinkFor(email));
  const release = await openWithFormCodeHeld(page, link.pathname + link.hash, "NewPasswordForm");
  const { loads, calls } = watchRequests(page, "/api/auth/newpswd");
  await page.getByLabel("New password", { exact: true }).click();
  await page.keyboard.type("a whole new tide", { delay: 10 });
  await page.getByLabel("Repeat new password").click();
  await page.keyboard.type("a whole new tide", { delay: 10 });
  await page.keyboard.press("Enter");
  await settled(page);
  expect(loads.map((r) => r.url())).toEqual([]);
  expect(await notHydrated(page, "NewPasswordForm")).toBe(true);
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Your password has been changed");
  expect(calls.map((r) => r.method())).toEqual(["POST"]);
  expect(loads.map((r) => new URL(r.url()).pathname)).toEqual(["/login"]);
  expectNothingInAddresses(loads, "a whole new tide");
  expect((await page.request.post("/api/auth/in", { data: { email, password: "a whole new tide" } })).status()).toBe(200);
});

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  // The browser sends the form itself: by POST, so nothing typed lands in the address.
  const forms = [
    { path: "/resetpswd", fields: [["Email", "nobody@example.com"]] },
    { path: "/login", fields: [["Email", "nobody@example.com"], ["Password", PASSWORD]] },
    { path: "/signup", fields: [["אימייל", "nobody@example.com"], ["סיסמה", PASSWORD], ["אימות סיסמה", PASSWORD]] },
    { path: "/newpswd", fields: [["New password", PASSWORD], ["Repeat new password", PASSWORD]] },
  ];
  for (const { path, fields } of forms) {
    test(`${path}: Enter sends the form by POST, nothing typed in the address`, async ({ page }) => {
      await page.goto(path);
      for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
      const sent = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
      await page.getByLabel(fields[0][0], { exact: true }).press("Enter");
      const r = await sent;
      expect(r.method()).toBe("POST");
      expectNothingInAddresses([r], ...fields.map(([, v]) => v));
    });
  }
});

test("log-in: an address typed before the form hydrates wins over the one remembered on this device", async ({ page, context, baseURL }) => {
  const email = uniqueEmail("early-typed");
  await apiSignUp(page, email, PASSWORD);
  const remembered = { url: baseURL!, sameSite: "Lax" as const };
  await context.addCookies([
    { ...remembered, name: "remember", value: "1" },
    { ...remembered, name: "email", value: encodeURIComponent("user@example.com") },
  ]);
  const release = await openWithFormCodeHeld(page, "/login", "LoginForm");
  const { calls } = watchRequests(page, "/api/auth/in");
  await page.getByLabel("Email").click();
  await page.keyboard.type(email, { delay: 10 });
  await page.getByLabel("Password", { exact: true }).click();
  await page.keyboard.type(PASSWORD, { delay: 10 });
  await page.keyboard.press("Enter");
  release();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(calls.map((r) => r.postDataJSON().email)).toEqual([email]);
});
