import { describe, expect, it } from "vitest";
import { PRODUCTION_PARAMS, burnPasswordCheck, currentParams, hashPassword, needsRehash, verifyPassword } from "../../src/server/auth/password.ts";
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, passwordReason } from "../../src/server/auth/password-policy.ts";
import { PASSWORD_REASONS, PASSWORD_REASON_EN, PASSWORD_REASON_HE } from "../../src/lib/contracts/password.ts";
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
    ["7 characters", "a".repeat(PASSWORD_MIN - 1), "too-short"],
    ["129 characters", "a".repeat(PASSWORD_MAX + 1), "too-long"],
    ["a common password", "qwerty123", "common"],
    ["a common password in other case", "PassWord123", "similarToCommon"],
    ["the top password of 8 digits", "12345678", "topTen"],
    ["a repeat", "aaaaaaaaaa", "simpleRepeat"],
    ["a repeated pattern", "abcabcabcabc", "extendedRepeat"],
    ["a sequence", "abcdefgh", "sequences"],
    ["a single name", "capecoral", "commonNames"],
    ["the e-mail with a digit", "dana@example.com1", "userInputs"],
    ["a trailing NUL", "a long passphrase here\u0000", "control"],
  ])("refuses %s, saying why", (_case, pw, reason) => {
    expect(passwordReason(pw, ["dana@example.com"])).toBe(reason);
  });

  it.each(["a fine long passphrase", "demo-user-password", "מזח חדש בכף קורל 🚤", "⚓🐬🦀🌴🚤🏝🌊☀", "Tr0ub4dor&3", ("tide pool " + "x").padEnd(PASSWORD_MAX, "abcdefghijklmnopqrstuvwxyz0123456789")])(
    "accepts %j",
    (pw) => expect(passwordReason(pw, ["dana@example.com"])).toBeNull(),
  );

  it("counts characters, not bytes (7 emoji are 7 characters)", () => {
    expect(passwordReason("⚓🐬🦀🌴🚤🏝🌊")).toBe("too-short");
  });

  it("refuses the 10,000 most common passwords that the length rule lets through (every one of the first 500, then every 10th)", () => {
    // All of them take about 40 s to check on two cores; a fixed spread keeps the proof at ~4 s.
    const top = dictionary["passwords-common"].slice(0, 10_000).filter((p) => [...p].length >= PASSWORD_MIN);
    expect(top.length).toBeGreaterThan(1000);
    const checked = top.filter((_, i) => i < 500 || i % 10 === 0);
    expect(checked.filter((p) => passwordReason(p) === null)).toEqual([]);
  });

  it("has a text for every reason in English and in Hebrew", () => {
    for (const r of PASSWORD_REASONS) {
      expect(PASSWORD_REASON_EN[r]).toMatch(/\w/);
      expect(PASSWORD_REASON_HE[r]).toMatch(/[\u0590-\u05ff]/);
    }
    expect(passwordProblem("qwerty123")).toBe(PASSWORD_REASON_EN.common);
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
