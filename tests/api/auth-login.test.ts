import { describe, expect, it } from "vitest";
import { SignJWT, UnsecuredJWT } from "jose";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import authIn from "../../functions/auth-in.ts";
import authCheck from "../../functions/auth-check.ts";
import authOut from "../../functions/auth-out.ts";
import { LOGIN_FAILED } from "../../src/server/auth/login.ts";
import { signSessionToken } from "../../src/server/auth/tokens.ts";
import { revokeAllSessions } from "../../src/server/auth/sessions.ts";

const db = useTestDb();
let ipN = 0;
const freshIp = () => `198.51.100.${++ipN}`;

const login = (body: unknown, ip = freshIp()) => call(authIn, "POST", "/api/auth/in", { body, ip });

describe("POST /api/auth/in", () => {
  it("answers a token and the user with the spec's message, name falling back to the e-mail's local part", async () => {
    const u = await userWithPassword(db(), { email: freshEmail("skipper") });
    const r = await login({ email: u.email.toUpperCase(), password: u.password });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: "Login Sucsess", data: { user: { email: u.email, name: u.email.split("@")[0], role: "user" } } });
    expect(r.json.data.token.split(".")).toHaveLength(3);
    const check = await call(authCheck, "GET", "/api/auth/check", { token: r.json.data.token });
    expect(check.status).toBe(200);
    expect(check.json.data.user).toEqual({ email: u.email, name: u.email.split("@")[0], role: "user" });
  });

  it("gives the same 401 and message for a wrong password and an unknown e-mail", async () => {
    const u = await userWithPassword(db());
    const wrong = await login({ email: u.email, password: "not the password" });
    const unknown = await login({ email: freshEmail("ghost"), password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ status: false, message: LOGIN_FAILED });
    expect(unknown.json).toEqual(wrong.json);
  });

  it("refuses an account that has only Google sign-in with the same answer", async () => {
    await db().query("INSERT INTO users (email, google_sub) VALUES ($1, $2)", ["gonly@example.com", "g-only-sub"]);
    const r = await login({ email: "gonly@example.com", password: "anything at all" });
    expect(r.status).toBe(401);
    expect(r.json.message).toBe(LOGIN_FAILED);
  });

  it.each([
    ["no body", undefined],
    ["malformed JSON", "{"],
    ["missing password", { email: "a@example.com" }],
    ["bad e-mail", { email: "not-an-email", password: "x" }],
    ["unknown field", { email: "a@example.com", password: "x", admin: true }],
    ["non-string password", { email: "a@example.com", password: 12345678 }],
  ])("answers %s with 400", async (_case, body) => {
    const r = await call(authIn, "POST", "/api/auth/in", { body: body ?? "" });
    expect(r.status).toBe(400);
    expect(r.json.status).toBe(false);
  });

  it("upgrades a hash made with a cheaper cost on successful log-in", async () => {
    const { hashPassword } = await import("../../src/server/auth/password.ts");
    const weak = await hashPassword("an old password here", { logN: 10, r: 8, p: 1 });
    const email = freshEmail();
    await db().query("INSERT INTO users (email, password_hash) VALUES ($1, $2)", [email, weak]);
    process.env.SCRYPT_LOG_N = "11";
    try {
      expect((await login({ email, password: "an old password here" })).status).toBe(200);
    } finally {
      process.env.SCRYPT_LOG_N = "10";
    }
    const r = await db().query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [email]);
    expect(r.rows[0].password_hash.startsWith("scrypt$11$")).toBe(true);
  });
});

describe("session tokens", () => {
  async function liveToken() {
    const u = await userWithPassword(db());
    const r = await login({ email: u.email, password: u.password });
    return { ...u, token: r.json.data.token as string };
  }
  const sid = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).sub as string;

  it.each([
    ["a forged signature", async (t: string) => t.slice(0, -4) + (t.endsWith("AAAA") ? "BBBB" : "AAAA")],
    ["another key", async (t: string) => new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(sid(t)).setIssuer("coastal-marine").setAudience("coastal-marine-web").setExpirationTime("1h").sign(new TextEncoder().encode("x".repeat(48)))],
    ["alg none", async (t: string) => new UnsecuredJWT({}).setSubject(sid(t)).setIssuer("coastal-marine").setAudience("coastal-marine-web").setExpirationTime("1h").encode()],
    ["an expired token", async (t: string) => signSessionToken(sid(t), new Date(Date.now() - 60_000))],
    ["a wrong audience", async (t: string) => new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(sid(t)).setIssuer("coastal-marine").setAudience("other").setExpirationTime("1h").sign(new TextEncoder().encode("dev-only-secret-change-me-dev-only-secret-change-me"))],
    ["garbage", async () => "not.a.jwt"],
  ])("refuses %s on auth/check with 401", async (_case, make) => {
    const { token } = await liveToken();
    const bad = await make(token);
    const r = await call(authCheck, "GET", "/api/auth/check", { token: bad });
    expect(r.status).toBe(401);
    expect(r.json.status).toBe(false);
  });

  it("answers 401 without a token", async () => {
    expect((await call(authCheck, "GET", "/api/auth/check")).status).toBe(401);
  });

  it("log-out revokes the session: the token stops working", async () => {
    const { token } = await liveToken();
    const out = await call(authOut, "POST", "/api/auth/out", { token });
    expect(out.status).toBe(200);
    expect(out.json.status).toBe(true);
    expect((await call(authCheck, "GET", "/api/auth/check", { token })).status).toBe(401);
    // Logging out again (or without a token) still answers 200: nothing left to revoke.
    expect((await call(authOut, "POST", "/api/auth/out", { token })).status).toBe(200);
    expect((await call(authOut, "POST", "/api/auth/out")).status).toBe(200);
  });

  it("a revoked session (e.g. by an admin) is refused", async () => {
    const { token, id } = await liveToken();
    await revokeAllSessions(db(), id);
    expect((await call(authCheck, "GET", "/api/auth/check", { token })).status).toBe(401);
  });
});
