import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import authIn from "../../functions/auth-in.ts";
import signNew from "../../functions/sign-new.ts";
import resetFn from "../../functions/auth-resetpswd.ts";
import { LOGIN_ACCOUNT_REQUESTS, LOGIN_ACCOUNT_THROTTLE, LOGIN_IP_REQUESTS, LOGIN_IP_THROTTLE } from "../../src/server/auth/login.ts";
import { SIGNUP_EMAIL, SIGNUP_IP } from "../../src/server/auth/signup.ts";
import { RESET_EMAIL, RESET_IP } from "../../src/server/auth/reset.ts";
import { delayAfter } from "../../src/server/auth/throttle.ts";

const db = useTestDb();
let ipN = 0;
const freshIp = () => `10.9.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const login = (email: string, password: string, ip = freshIp()) => call(authIn, "POST", "/api/auth/in", { body: { email, password }, ip });

function expect429(r: { status: number; headers: Headers; json: any }, atMost: number) {
  expect(r.status).toBe(429);
  expect(r.json.status).toBe(false);
  const retry = Number(r.headers.get("retry-after"));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(atMost);
}

describe("log-in throttle", () => {
  it("locks an account after its free failures, from any IP, even for the right password", async () => {
    const u = await userWithPassword(db());
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures; i++) expect((await login(u.email, "wrong guess")).status).toBe(401);
    expect429(await login(u.email, u.password), LOGIN_ACCOUNT_THROTTLE.baseDelaySeconds);
  });

  it("grows the delay with every further failure", async () => {
    const u = await userWithPassword(db());
    const key = `${LOGIN_ACCOUNT_THROTTLE.name}:${u.email}`;
    const seen: number[] = [];
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures + 2; i++) {
      // Let any lock pass, as time would.
      await db().query("UPDATE login_throttle SET locked_until = now() WHERE key = $1", [key]);
      await login(u.email, "wrong guess");
      const r = await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM (locked_until - now()))::float8 AS s FROM login_throttle WHERE key = $1", [key]);
      seen.push(Math.round(Math.max(0, Number(r.rows[0].s))));
    }
    expect(seen.slice(-3)).toEqual([30, 60, 120]);
    expect(delayAfter(LOGIN_ACCOUNT_THROTTLE, 100)).toBe(LOGIN_ACCOUNT_THROTTLE.maxDelaySeconds);
  });

  it("forgets an account's failures after a successful log-in", async () => {
    const u = await userWithPassword(db());
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures - 1; i++) await login(u.email, "wrong guess");
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await login(u.email, "wrong again")).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("locks an IP that fails on many accounts (unknown ones included)", async () => {
    const ip = "198.18.0.1";
    for (let i = 0; i < LOGIN_IP_THROTTLE.freeFailures; i++) expect((await login(freshEmail("spray"), "guess", ip)).status).toBe(401);
    const u = await userWithPassword(db());
    expect429(await login(u.email, u.password, ip), LOGIN_IP_THROTTLE.baseDelaySeconds);
    // Another IP is not affected.
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("caps log-in requests per account per minute", async () => {
    const u = await userWithPassword(db());
    for (let i = 0; i < LOGIN_ACCOUNT_REQUESTS.max; i++) expect((await login(u.email, u.password)).status).toBe(200);
    expect429(await login(u.email, u.password), LOGIN_ACCOUNT_REQUESTS.windowSeconds);
  });

  it("caps log-in requests per IP per minute", async () => {
    const ip = "198.18.0.2";
    const users = await Promise.all([0, 1, 2, 3].map(() => userWithPassword(db())));
    for (let i = 0; i < LOGIN_IP_REQUESTS.max; i++) {
      const u = users[i % users.length];
      expect((await login(u.email, u.password, ip)).status).toBe(200);
    }
    expect429(await login(users[0].email, users[0].password, ip), LOGIN_IP_REQUESTS.windowSeconds);
  });
});

describe("sign-up and reset limits", () => {
  const signUp = (email: string, ip: string) =>
    call(signNew, "POST", "/api/sign/new", { body: { email, password: "a fine long passphrase", acceptTerms: true }, ip });
  const reset = (email: string, ip: string) => call(resetFn, "POST", "/api/auth/resetpswd", { body: { email }, ip });

  it("caps sign-ups per IP", async () => {
    const ip = "198.18.1.1";
    for (let i = 0; i < SIGNUP_IP.max; i++) expect((await signUp(freshEmail(), ip)).status).toBe(201);
    expect429(await signUp(freshEmail(), ip), SIGNUP_IP.windowSeconds);
  });

  it("caps sign-up attempts per e-mail across IPs", async () => {
    const email = freshEmail();
    for (let i = 0; i < SIGNUP_EMAIL.max; i++) expect([201, 409]).toContain((await signUp(email, freshIp())).status);
    expect429(await signUp(email, freshIp()), SIGNUP_EMAIL.windowSeconds);
  });

  it("caps reset requests per IP", async () => {
    const ip = "198.18.2.1";
    for (let i = 0; i < RESET_IP.max; i++) expect((await reset(freshEmail(), ip)).status).toBe(200);
    expect429(await reset(freshEmail(), ip), RESET_IP.windowSeconds);
  });

  it("caps reset requests per e-mail, whether or not the account exists", async () => {
    for (const email of [(await userWithPassword(db())).email, freshEmail("none")]) {
      for (let i = 0; i < RESET_EMAIL.max; i++) expect((await reset(email, freshIp())).status).toBe(200);
      expect429(await reset(email, freshIp()), RESET_EMAIL.windowSeconds);
    }
  });
});
