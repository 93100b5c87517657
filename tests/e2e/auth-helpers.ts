import { readFileSync } from "node:fs";
import pg from "pg";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DB_URL_FILE } from "../../playwright.config.ts";
import { hydrated } from "./marketing-helpers.ts";

/** A fresh address per call (tests run in parallel on one database). */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Runs `fn` with a connection to the test server's database (its URL is in DB_URL_FILE). */
export async function withTestDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: readFileSync(DB_URL_FILE, "utf8").trim() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The newest password-reset link mailed to `email`, read from the outbox of the test server's database. */
export async function resetLinkFor(email: string): Promise<string> {
  const RESET_LINK = /https?:\/\/\S+\/newpswd#token=[\w-]{43}/;
  const body = () =>
    withTestDb(async (db) => {
      const r = await db.query<{ text_body: string }>("SELECT text_body FROM outbox WHERE kind = 'password-reset' AND to_address = $1 ORDER BY id DESC LIMIT 1", [email.toLowerCase()]);
      return r.rows[0]?.text_body ?? "";
    });
  // The e-mail is written once the reset request has been answered; wait for it, not for a time.
  await expect.poll(body, { message: `no reset e-mail for ${email}` }).toMatch(RESET_LINK);
  return RESET_LINK.exec(await body())![0];
}

/** Creates an account through the API (not the screen) for tests about other screens. */
export async function apiSignUp(page: Page, email: string, password: string) {
  const r = await page.request.post("/api/sign/new", { data: { email, password, acceptTerms: true } });
  if (r.status() !== 201) throw new Error(`sign-up failed: ${r.status()} ${await r.text()}`);
}

export interface Session {
  token: string;
  user: { email: string; name: string };
}

/** Signs in through the API (not the screen); the demo accounts are admin@ and user@example.com. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const r = await request.post("/api/auth/in", { data: { email, password } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).data as Session;
}

/**
 * Makes every page the browser opens from now on hold `session`, as the log-in screen leaves it,
 * plus any other stored settings (`{ theme: "dark", consent: "essential" }`).
 */
export async function rememberSession(page: Page, session: Session, settings: Record<string, string> = {}) {
  const stored = { token: session.token, email: session.user.email, name: session.user.name, ...settings };
  await page.addInitScript((s) => {
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, stored);
}

/** Signs in through the API and remembers the session in the browser (see rememberSession). */
export async function signedInAs(page: Page, email: string, password: string, settings: Record<string, string> = {}): Promise<Session> {
  const session = await apiSignIn(page.request, email, password);
  await rememberSession(page, session, settings);
  return session;
}

export async function logInOnScreen(page: Page, email: string, password: string, opts: { remember?: boolean } = {}) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (opts.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Log In" }).click();
}

/**
 * Signs the browser out by forgetting the stored session, once /home has finished its own session
 * check: cleared earlier, /home would send the page to /login itself and abort the test's next `goto`.
 */
export async function forgetSessionOnHome(page: Page) {
  await page.getByTestId("role").waitFor();
  await page.evaluate(() => localStorage.clear());
}

/** Opens a page and waits until every island has hydrated (typing into server-rendered HTML before that is lost). */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

