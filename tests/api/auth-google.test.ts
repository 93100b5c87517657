import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from "jose";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import ingsi from "../../functions/auth-ingsi.ts";
import signGoogle from "../../functions/sign-google.ts";
import authCheck from "../../functions/auth-check.ts";
import { GOOGLE_FAILED, GOOGLE_NO_ACCOUNT, setGoogleKeySet } from "../../src/server/auth/google.ts";

const db = useTestDb();
const CLIENT_ID = "1234-test.apps.googleusercontent.com";
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let ipN = 0;
const freshIp = () => `100.64.0.${++ipN}`;

// A local key set stands in for Google's published keys.
beforeAll(async () => {
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
  const pair = await generateKeyPair("RS256");
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "google-test", alg: "RS256", use: "sig" };
  setGoogleKeySet(createLocalJWKSet({ keys: [jwk] }));
});
afterAll(() => {
  setGoogleKeySet(null);
  delete process.env.GOOGLE_CLIENT_ID;
});

interface Claims {
  email?: string;
  sub?: string;
  email_verified?: boolean;
  iss?: string;
  aud?: string;
  exp?: string | number;
  name?: string;
  key?: CryptoKey;
}
function googleToken(c: Claims = {}) {
  const { key = googleKey, iss = "https://accounts.google.com", aud = CLIENT_ID, exp = "10m", sub = `sub-${Math.random()}`, ...rest } = c;
  return new SignJWT({ email: rest.email ?? freshEmail("g"), email_verified: rest.email_verified ?? true, name: rest.name ?? "Gail Mariner" })
    .setProtectedHeader({ alg: "RS256", kid: "google-test" })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
}
const signUp = async (credential: string, extra: Record<string, unknown> = { acceptTerms: true }) =>
  call(signGoogle, "POST", "/api/sign/google", { body: { credential, ...extra }, ip: freshIp() });
const logIn = async (credential: string) => call(ingsi, "POST", "/api/auth/ingsi", { body: { credential }, ip: freshIp() });

describe("Google sign-in", () => {
  it("signs up with a verified Google identity, then logs in with the same answer as auth/in", async () => {
    const email = freshEmail("gail");
    const sub = "google-sub-gail";
    const up = await signUp(await googleToken({ email, sub }));
    expect(up.status).toBe(201);
    expect(up.json.status).toBe(true);
    const row = await db().query<{ name: string; google_sub: string; password_hash: string | null }>("SELECT name, google_sub, password_hash FROM users WHERE email = $1", [email]);
    expect(row.rows[0]).toEqual({ name: "Gail Mariner", google_sub: sub, password_hash: null });

    const r = await logIn(await googleToken({ email, sub }));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: true, message: "Login Sucsess", data: { user: { email, name: "Gail Mariner", role: "user" } } });
    expect((await call(authCheck, "GET", "/api/auth/check", { token: r.json.data.token })).status).toBe(200);
  });

  it("accepts the issuer without the scheme (accounts.google.com)", async () => {
    const email = freshEmail();
    expect((await signUp(await googleToken({ email, iss: "accounts.google.com" }))).status).toBe(201);
  });

  it("links an existing password account by its verified e-mail", async () => {
    const u = await userWithPassword(db());
    const r = await logIn(await googleToken({ email: u.email, sub: "sub-linked" }));
    expect(r.status).toBe(200);
    const row = await db().query<{ google_sub: string }>("SELECT google_sub FROM users WHERE id = $1", [u.id]);
    expect(row.rows[0].google_sub).toBe("sub-linked");
  });

  it("answers 404 on log-in when no account has this Google identity", async () => {
    const r = await logIn(await googleToken());
    expect(r.status).toBe(404);
    expect(r.json.message).toBe(GOOGLE_NO_ACCOUNT);
  });

  it("finds the existing account on a second sign-up instead of failing", async () => {
    const sub = "sub-twice";
    const email = freshEmail();
    expect((await signUp(await googleToken({ sub, email }))).status).toBe(201);
    expect((await signUp(await googleToken({ sub, email }))).status).toBe(200);
  });

  it("requires the user agreement for a new account", async () => {
    const r = await signUp(await googleToken(), {});
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("acceptTerms");
  });

  it.each<[string, () => Promise<string>]>([
    ["a wrong audience", () => googleToken({ aud: "someone-else.apps.googleusercontent.com" })],
    ["a wrong issuer", () => googleToken({ iss: "https://evil.example.com" })],
    ["a signature by another key", () => googleToken({ key: otherKey })],
    ["an unverified e-mail", () => googleToken({ email_verified: false })],
    ["an expired token", () => googleToken({ exp: Math.floor(Date.now() / 1000) - 600 })],
    ["an HS256 token signed with the client id", () => new SignJWT({ email: "x@example.com", email_verified: true }).setProtectedHeader({ alg: "HS256", kid: "google-test" }).setIssuer("https://accounts.google.com").setAudience(CLIENT_ID).setSubject("s").setExpirationTime("5m").sign(new TextEncoder().encode(CLIENT_ID.padEnd(32, "x")))],
  ])("refuses %s with 401 on sign-up and log-in", async (_case, make) => {
    const token = await make();
    const up = await signUp(token);
    const r = await logIn(token);
    expect(up.status).toBe(401);
    expect(r.status).toBe(401);
    expect(r.json.message).toBe(GOOGLE_FAILED);
  });

  it("refuses a credential that is not a JWS with 400", async () => {
    expect((await logIn("not-a-token")).status).toBe(400);
  });

  it("answers 404 when Google sign-in is not configured", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    try {
      expect((await logIn(await googleToken())).status).toBe(404);
    } finally {
      process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
    }
  });

  it("ADMIN_EMAIL signing in with Google (a verified mailbox) becomes admin", async () => {
    const email = freshEmail("boss");
    process.env.ADMIN_EMAIL = `other@example.com, ${email.toUpperCase()}`;
    try {
      await signUp(await googleToken({ email, sub: "sub-boss" }));
      const r = await logIn(await googleToken({ email, sub: "sub-boss" }));
      expect(r.json.data.user.role).toBe("admin");
    } finally {
      delete process.env.ADMIN_EMAIL;
    }
  });
});
