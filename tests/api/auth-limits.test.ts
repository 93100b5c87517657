import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import authIn from "../../functions/auth-in.ts";
import signNew from "../../functions/sign-new.ts";
import resetFn from "../../functions/auth-resetpswd.ts";
import { LOGIN_ACCOUNT_BRAKE, LOGIN_IP_REQUESTS, LOGIN_IP_THROTTLE, LOGIN_PAIR_REQUESTS, LOGIN_PAIR_THROTTLE } from "../../src/server/auth/login.ts";
import { newPasswordFromResetLink } from "../helpers/reset.ts";
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
  it("locks the account only for the address that failed: the owner at another address logs in", async () => {
    const u = await userWithPassword(db());
    const attacker = freshIp();
    for (let i = 0; i < LOGIN_PAIR_THROTTLE.freeFailures; i++) expect((await login(u.email, "wrong guess", attacker)).status).toBe(401);
    expect429(await login(u.email, u.password, attacker), LOGIN_PAIR_THROTTLE.baseDelaySeconds);
    expect((await login(u.email, u.password, freshIp())).status).toBe(200);
  });

  it("twenty failures from one address leave the owner's log-in from another address working", async () => {
    const u = await userWithPassword(db());
    const attacker = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await login(u.email, `guess ${i}`, attacker)).status);
    expect(answers.filter((s) => s === 401)).toHaveLength(LOGIN_PAIR_THROTTLE.freeFailures);
    expect(answers.filter((s) => s === 429)).toHaveLength(20 - LOGIN_PAIR_THROTTLE.freeFailures);
    expect((await login(u.email, u.password, freshIp())).status).toBe(200);
  });

  it("a guesser spread over many addresses slows every attempt on the account, but never stops the owner", async () => {
    const u = await userWithPassword(db());
    for (let i = 0; i < LOGIN_ACCOUNT_BRAKE.freeFailures; i++) expect((await login(u.email, `guess ${i}`, freshIp())).status).toBe(401);
    const t0 = performance.now();
    expect((await login(u.email, u.password, freshIp())).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(LOGIN_ACCOUNT_BRAKE.delayMs - 5);
  });

  it("grows the delay with every further failure", async () => {
    const u = await userWithPassword(db());
    const ip = freshIp();
    const key = `${LOGIN_PAIR_THROTTLE.name}:${u.email}|${ip}`;
    const seen: number[] = [];
    for (let i = 0; i < LOGIN_PAIR_THROTTLE.freeFailures + 2; i++) {
      // Let any lock pass, as time would.
      await db().query("UPDATE login_throttle SET locked_until = now() WHERE key = $1", [key]);
      await login(u.email, "wrong guess", ip);
      const r = await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM (locked_until - now()))::float8 AS s FROM login_throttle WHERE key = $1", [key]);
      seen.push(Math.round(Math.max(0, Number(r.rows[0].s))));
    }
    expect(seen.slice(-3)).toEqual([30, 60, 120]);
    expect(delayAfter(LOGIN_PAIR_THROTTLE, 100)).toBe(LOGIN_PAIR_THROTTLE.maxDelaySeconds);
  });

  it("forgets an address's failures after a successful log-in from it", async () => {
    const u = await userWithPassword(db());
    const ip = freshIp();
    for (let i = 0; i < LOGIN_PAIR_THROTTLE.freeFailures - 1; i++) await login(u.email, "wrong guess", ip);
    expect((await login(u.email, u.password, ip)).status).toBe(200);
    expect((await login(u.email, "wrong again", ip)).status).toBe(401);
    expect((await login(u.email, u.password, ip)).status).toBe(200);
  });

  it("a used reset link unlocks the account at every address", async () => {
    const u = await userWithPassword(db());
    const ip = freshIp();
    for (let i = 0; i < LOGIN_PAIR_THROTTLE.freeFailures; i++) await login(u.email, "wrong guess", ip);
    expect429(await login(u.email, u.password, ip), LOGIN_PAIR_THROTTLE.baseDelaySeconds);
    const fresh = "a brand new passphrase 7";
    await newPasswordFromResetLink(db(), u.email, fresh);
    expect((await login(u.email, fresh, ip)).status).toBe(200);
  });

  it("locks an IP that fails on many accounts (unknown ones included)", async () => {
    const ip = "198.18.0.1";
    for (let i = 0; i < LOGIN_IP_THROTTLE.freeFailures; i++) expect((await login(freshEmail("spray"), "guess", ip)).status).toBe(401);
    const u = await userWithPassword(db());
    expect429(await login(u.email, u.password, ip), LOGIN_IP_THROTTLE.baseDelaySeconds);
    // Another IP is not affected.
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("caps log-in requests per account and address per minute, not for the account's other addresses", async () => {
    const u = await userWithPassword(db());
    const ip = freshIp();
    for (let i = 0; i < LOGIN_PAIR_REQUESTS.max; i++) expect((await login(u.email, u.password, ip)).status).toBe(200);
    expect429(await login(u.email, u.password, ip), LOGIN_PAIR_REQUESTS.windowSeconds);
    expect((await login(u.email, u.password, freshIp())).status).toBe(200);
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
