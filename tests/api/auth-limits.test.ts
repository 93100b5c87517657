import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import authIn from "../../functions/auth-in.ts";
import signNew from "../../functions/sign-new.ts";
import resetFn from "../../functions/auth-resetpswd.ts";
import { LOGIN_ACCOUNT_THROTTLE, LOGIN_IP_REQUESTS, LOGIN_IP_THROTTLE, LOGIN_PAIR_REQUESTS, LOGIN_PAIR_THROTTLE } from "../../src/server/auth/login.ts";
import { newPasswordFromResetLink } from "../helpers/reset.ts";
import { SIGNUP_EMAIL, SIGNUP_IP } from "../../src/server/auth/signup.ts";
import { RESET_EMAIL, RESET_IP } from "../../src/server/auth/reset.ts";
import { delayAfter } from "../../src/server/auth/throttle.ts";

const db = useTestDb();
let ipN = 0;
const freshIp = () => `10.9.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const login = (email: string, password: string, ip = freshIp(), cookie?: string) =>
  call(authIn, "POST", "/api/auth/in", { body: { email, password }, ip, headers: cookie ? { cookie } : undefined });
/** The device cookie a successful log-in set, as a browser would send it back. */
const deviceCookieOf = (r: { headers: Headers }) => r.headers.getSetCookie().find((c) => c.startsWith("cm_device_"))!.split(";")[0];
const brakeMails = async (to: string) =>
  Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE kind = 'login-brake' AND to_address = $1", [to])).rows[0].n);

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

  it("a guesser spread over many addresses, 20 in flight: 10 guesses, then the account waits for untrusted clients (issue 33)", async () => {
    const u = await userWithPassword(db());
    // The owner signed in before: from a laptop (device cookie) and from the office (known address).
    const office = freshIp();
    const laptop = deviceCookieOf(await login(u.email, u.password, freshIp()));
    expect((await login(u.email, u.password, office)).status).toBe(200);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(u.email, `guess ${i}`, freshIp())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_ACCOUNT_THROTTLE.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_ACCOUNT_THROTTLE.freeFailures);
    for (const r of answers.filter((a) => a.status === 429)) expect429(r, LOGIN_ACCOUNT_THROTTLE.baseDelaySeconds);

    // A new device at a new address waits like anyone, the owner included.
    expect429(await login(u.email, u.password, freshIp()), LOGIN_ACCOUNT_THROTTLE.baseDelaySeconds);
    // The laptop and the office are not stopped by a stranger's failures.
    expect((await login(u.email, u.password, freshIp(), laptop)).status).toBe(200);
    expect((await login(u.email, u.password, office)).status).toBe(200);
    // The owner is told once.
    await expect.poll(() => brakeMails(u.email)).toBe(1);
    await login(u.email, "another guess", freshIp());
    expect(await brakeMails(u.email)).toBe(1);
  });

  it("the account's wait doubles with every further guess, and a long lock does not end in a fresh allowance", async () => {
    const u = await userWithPassword(db());
    const key = `${LOGIN_ACCOUNT_THROTTLE.name}:${u.email}`;
    const passTime = (seconds: number) =>
      db().query("UPDATE login_throttle SET locked_until = locked_until - make_interval(secs => $2), last_failure_at = last_failure_at - make_interval(secs => $2) WHERE key = $1", [key, seconds]);
    const lockLeft = async () =>
      Math.round(Number((await db().query<{ s: number }>("SELECT EXTRACT(EPOCH FROM (locked_until - now()))::float8 AS s FROM login_throttle WHERE key = $1", [key])).rows[0].s));
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures; i++) expect((await login(u.email, `guess ${i}`)).status).toBe(401);
    const seen = [await lockLeft()];
    for (let i = 0; i < 3; i++) {
      await passTime(seen.at(-1)!);
      expect((await login(u.email, "guess after the wait")).status).toBe(401);
      seen.push(await lockLeft());
    }
    expect(seen).toEqual([30, 60, 120, 240]);
    // An hour after the last lock ended the account starts again; not before.
    await passTime(240 + 3500);
    expect((await login(u.email, "still braked")).status).toBe(401);
    expect(await lockLeft()).toBe(480);
    await passTime(480 + 3601);
    expect((await login(u.email, "forgotten")).status).toBe(401);
    expect((await db().query<{ failures: number }>("SELECT failures FROM login_throttle WHERE key = $1", [key])).rows[0].failures).toBe(1);
  });

  it("brakes an unknown account the same way, and mails nobody", async () => {
    const email = freshEmail("ghost");
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures; i++) expect((await login(email, `guess ${i}`)).status).toBe(401);
    expect429(await login(email, "guess"), LOGIN_ACCOUNT_THROTTLE.baseDelaySeconds);
    expect(await brakeMails(email)).toBe(0);
  });

  it("the owner's correct log-ins do not count toward the brake", async () => {
    const u = await userWithPassword(db());
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures + 5; i++) expect((await login(u.email, u.password)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("sets a device cookie only the log-in endpoint gets, that trusts this browser for this account alone", async () => {
    const [u, other] = [await userWithPassword(db()), await userWithPassword(db())];
    const r = await login(u.email, u.password);
    const set = r.headers.getSetCookie().find((c) => c.startsWith("cm_device_"))!;
    expect(set).toMatch(/; Path=\/api\/auth\/in; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(r.json.data.token).toBeTruthy();
    expect(JSON.stringify(r.json)).not.toContain(set.split(";")[0].split("=")[1]);
    const secure = await call(authIn, "POST", "https://coastal.example/api/auth/in", { body: { email: u.email, password: u.password }, ip: freshIp() });
    expect(secure.headers.getSetCookie().find((c) => c.startsWith("cm_device_"))).toMatch(/; Secure$/);
    const cookie = deviceCookieOf(r);
    const otherValue = deviceCookieOf(await login(other.email, other.password)).split("=")[1];

    // Brake both accounts.
    for (const email of [u.email, other.email]) for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures; i++) await login(email, `guess ${i}`);
    expect((await login(u.email, u.password, freshIp(), cookie)).status).toBe(200);
    // Not for another account, nor forged, nor under another account's name.
    expect((await login(other.email, other.password, freshIp(), cookie)).status).toBe(429);
    const [name, value] = cookie.split("=");
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await login(u.email, u.password, freshIp(), forged)).status).toBe(429);
    expect((await login(u.email, u.password, freshIp(), `${name}=${otherValue}`)).status).toBe(429);
  });

  it("a stolen device cookie gets 5 guesses, then is an untrusted client", async () => {
    const u = await userWithPassword(db());
    const cookie = deviceCookieOf(await login(u.email, u.password));
    for (let i = 0; i < LOGIN_ACCOUNT_THROTTLE.freeFailures; i++) await login(u.email, `guess ${i}`);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((await login(u.email, `stolen ${i}`, freshIp(), cookie)).status);
    expect(seen).toEqual([401, 401, 401, 401, 401]);
    // Locked now: the cookie no longer lets it past the account's brake, even with the password.
    expect((await login(u.email, u.password, freshIp(), cookie)).status).toBe(429);
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
