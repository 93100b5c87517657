import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import signNew from "../../functions/sign-new.ts";
import authIn from "../../functions/auth-in.ts";
import { EMAIL_TAKEN } from "../../src/server/users/users.ts";

const db = useTestDb();
let ipN = 0;
const freshIp = () => `192.0.2.${++ipN}`;
const signUp = (body: unknown, ip = freshIp()) => call(signNew, "POST", "/api/sign/new", { body, ip });
const good = (over: Record<string, unknown> = {}) => ({ email: freshEmail("new"), password: "a fine long passphrase", acceptTerms: true, updates: true, ...over });

describe("POST /api/sign/new", () => {
  it("creates the account with terms time and updates flag; the user can then log in", async () => {
    const body = good();
    const r = await signUp(body);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ status: true });
    expect(typeof r.json.message).toBe("string");
    const row = await db().query<{ role: string; wants_updates: boolean; accepted: boolean; password_hash: string }>(
      "SELECT role, wants_updates, accepted_terms_at IS NOT NULL AS accepted, password_hash FROM users WHERE email = $1",
      [body.email],
    );
    expect(row.rows[0]).toMatchObject({ role: "user", wants_updates: true, accepted: true });
    expect(row.rows[0].password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row.rows[0].password_hash).not.toContain(body.password);
    const login = await call(authIn, "POST", "/api/auth/in", { body: { email: body.email, password: body.password }, ip: freshIp() });
    expect(login.status).toBe(200);
  });

  it("answers 409 for an e-mail that is taken, whatever its case", async () => {
    const u = await userWithPassword(db());
    const r = await signUp(good({ email: u.email.toUpperCase() }));
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ status: false, message: EMAIL_TAKEN, field: "email" });
  });

  it.each([
    ["too short (7)", "seven77", /at least 8/, "too-short"],
    ["too long (129)", "x".repeat(129), /at most 128/, "too-long"],
    ["a common password", "password123", /commonly used/, "common"],
    ["a common password in other case", "PassWord123", /similar to a commonly used/, "similarToCommon"],
    ["a repeated pattern", "boatboatboatboat", /Repeated/, "extendedRepeat"],
  ])("refuses a password that is %s with 400 on the password field, with the reason", async (_case, password, msg, reason) => {
    const r = await signUp(good({ password }));
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("password");
    expect(r.json.message).toMatch(msg);
    expect(r.json.reason).toBe(reason);
  });

  it("refuses the e-mail itself as password", async () => {
    const email = freshEmail("same");
    const r = await signUp(good({ email, password: email }));
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("password");
  });

  it("accepts 8 and 128 characters, spaces and any Unicode", async () => {
    for (const password of ["⚓🐬🦀🌴🚤🏝🌊☀", ("tide pool " + "x").padEnd(128, "abcdefghijklmnopqrstuvwxyz0123456789"), "מזח חדש בכף קורל 🚤"]) {
      expect((await signUp(good({ password }))).status).toBe(201);
    }
  });

  it.each([
    ["terms not accepted", { acceptTerms: false }, "acceptTerms"],
    ["terms missing", { acceptTerms: undefined }, "acceptTerms"],
    ["bad e-mail", { email: "dock@" }, "email"],
    ["extra field", { role: "admin" }, "role"],
  ])("answers %s with 400", async (_case, over, field) => {
    const r = await signUp(good(over));
    expect(r.status).toBe(400);
    // An unknown field is named too.
    expect(r.json.field).toBe(field);
  });

  it("never lets a sign-up choose its role", async () => {
    const body = good();
    const answer = await signUp({ ...body, role: "admin" });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: false });
    const r = await db().query("SELECT 1 FROM users WHERE email = $1", [body.email]);
    expect(r.rows).toHaveLength(0);
  });
});
