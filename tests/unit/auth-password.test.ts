import { describe, expect, it } from "vitest";
import { PRODUCTION_PARAMS, burnPasswordCheck, currentParams, hashPassword, needsRehash, verifyPassword } from "../../src/server/auth/password.ts";
import { PASSWORD_MAX, PASSWORD_MIN, isCommonPassword, passwordProblem } from "../../src/server/auth/password-policy.ts";
import { COMMON_PASSWORDS } from "../../src/server/auth/common-passwords.ts";
import { scaled } from "../../src/server/auth/limits.ts";

const cheap = { logN: 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses the OWASP scrypt cost (N = 2^17, r 8, p 1) outside the test runner", () => {
    expect(PRODUCTION_PARAMS).toEqual({ logN: 17, r: 8, p: 1 });
    expect(currentParams({ NODE_ENV: "production", SCRYPT_LOG_N: "10" })).toEqual(PRODUCTION_PARAMS);
    expect(currentParams({ SCRYPT_LOG_N: "10" })).toEqual(PRODUCTION_PARAMS);
    expect(currentParams({ NODE_ENV: "test", SCRYPT_LOG_N: "4" })).toEqual(PRODUCTION_PARAMS);
    expect(currentParams({ NODE_ENV: "test", SCRYPT_LOG_N: "10" }).logN).toBe(10);
  });

  // Full-cost scrypt takes about half a second each on an idle core.
  it("hashes at full cost and verifies only the right password", { timeout: 120_000 }, async () => {
    const a = await hashPassword("dock builder 2025", PRODUCTION_PARAMS);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("dock builder 2025", a)).toBe(true);
    expect(await verifyPassword("dock builder 2026", a)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same words", cheap)).not.toBe(await hashPassword("same words", cheap));
  });

  it("treats Unicode forms alike (NFC)", async () => {
    const h = await hashPassword("cafe\u0301 on the dock", cheap);
    expect(await verifyPassword("caf\u00e9 on the dock", h)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["another scheme", "bcrypt$2b$10$abc"],
    ["a cost that would exhaust memory", "scrypt$30$8$1$c2FsdHNhbHRzYWx0$" + "A".repeat(43) + "="],
    ["a truncated key", "scrypt$10$8$1$c2FsdHNhbHRzYWx0$AAAA"],
  ])("refuses a stored hash that is %s", async (_case, stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });

  it("asks for a rehash when the stored cost is below the current one", async () => {
    const old = await hashPassword("x".repeat(10), cheap);
    expect(needsRehash(old, PRODUCTION_PARAMS)).toBe(true);
    expect(needsRehash(old, cheap)).toBe(false);
  });

  it("spends about as long on an unknown account as on a real check", { timeout: 120_000 }, async () => {
    const real = await hashPassword("the real one", PRODUCTION_PARAMS);
    const t0 = performance.now();
    await verifyPassword("a guess", real);
    const t1 = performance.now();
    await burnPasswordCheck("a guess");
    const t2 = performance.now();
    const ratio = (t2 - t1) / (t1 - t0);
    // Same work (one full-cost scrypt); wide bounds absorb a busy machine.
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});

describe("password rules", () => {
  it.each([
    ["7 characters", "a".repeat(PASSWORD_MIN - 1), /at least 8/],
    ["129 characters", "a".repeat(PASSWORD_MAX + 1), /at most 128/],
    ["a common password", "qwerty123", /too common/],
  ])("refuses %s", (_case, pw, msg) => {
    expect(passwordProblem(pw)).toMatch(msg);
  });

  it("counts characters, not bytes (8 emoji are 8 characters)", () => {
    expect(passwordProblem("🚤".repeat(8))).toBeNull();
    expect(passwordProblem("🚤".repeat(7))).toMatch(/at least/);
  });

  it("ships a list of common passwords, all long enough to pass the length rule", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(200);
    for (const p of COMMON_PASSWORDS) expect([...p].length).toBeGreaterThanOrEqual(8);
    expect(isCommonPassword("PASSWORD1")).toBe(true);
    expect(isCommonPassword("demo-user-password")).toBe(false);
  });
});

describe("rate-limit scaling for browser suites", () => {
  const limit = { name: "x", max: 10, windowSeconds: 60 };
  it("multiplies caps outside production and never in production", () => {
    expect(scaled(limit, { AUTH_RATE_LIMIT_FACTOR: "5" }).max).toBe(50);
    expect(scaled(limit, { AUTH_RATE_LIMIT_FACTOR: "5", NODE_ENV: "production" }).max).toBe(10);
    expect(scaled(limit, { AUTH_RATE_LIMIT_FACTOR: "5", CONTEXT: "production" }).max).toBe(10);
    expect(scaled(limit, { AUTH_RATE_LIMIT_FACTOR: "0.1" }).max).toBe(10);
    expect(scaled(limit, {}).max).toBe(10);
  });
});
