// Issue 24, items 1 and 2: the pre-registration takeover, end to end through the HTTP API, with ID
// tokens signed by a local identity provider whose keys are served over HTTP (GOOGLE_JWKS_URL).
//
// The attack: someone signs up first with the company's address (ADMIN_EMAIL) and a password of
// their own; later the real owner signs in with Google. Before the fix the account was linked as
// it was: the squatter kept the password and sessions and was promoted to admin at next log-in.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, exportJWK, generateKeyPair, type JWK } from "jose";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { freshEmail } from "../helpers/accounts.ts";
import signNew from "../../functions/sign-new.ts";
import authIn from "../../functions/auth-in.ts";
import authCheck from "../../functions/auth-check.ts";
import ingsi from "../../functions/auth-ingsi.ts";
import { GOOGLE_MISCONFIGURED, googleTrust } from "../../src/server/auth/google.ts";

const db = useTestDb();
const CLIENT_ID = "takeover-test.apps.googleusercontent.com";
const ISSUER = "https://idp.test.invalid";
let key: CryptoKey;
let idp: Server;
let jwksHits = 0;
const saved = { ...process.env };

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  key = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "local-idp", alg: "RS256", use: "sig" };
  // The local identity provider: its published keys, over real HTTP.
  idp = createServer((req, res) => {
    jwksHits++;
    res.writeHead(req.url === "/certs" ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => idp.listen(0, "127.0.0.1", r));
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${(idp.address() as AddressInfo).port}/certs`,
    GOOGLE_ISSUER: ISSUER,
  });
});
afterAll(async () => {
  for (const k of ["GOOGLE_CLIENT_ID", "GOOGLE_JWKS_URL", "GOOGLE_ISSUER", "ADMIN_EMAIL", "CONTEXT"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await new Promise((r) => idp.close(r));
});

const idToken = (email: string, sub: string, name = "Owner Of The Company") =>
  new SignJWT({ email, email_verified: true, name })
    .setProtectedHeader({ alg: "RS256", kid: "local-idp" })
    .setIssuer(ISSUER)
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);

describe("a Google identity linked to an account whose e-mail was never proven", () => {
  it("takes the account from whoever registered the address first: password cleared, sessions revoked, then admin", async () => {
    const company = freshEmail("owner");
    process.env.ADMIN_EMAIL = company;
    const squatterIp = "198.51.100.66";
    const squatterPassword = "squatters own passphrase 42";

    // 1. The squatter signs up with the company's address and logs in: an ordinary user.
    expect((await call(signNew, "POST", "/api/sign/new", { body: { email: company, password: squatterPassword, acceptTerms: true, name: "Squatter" }, ip: squatterIp })).status).toBe(201);
    const early = await call(authIn, "POST", "/api/auth/in", { body: { email: company, password: squatterPassword }, ip: squatterIp });
    expect(early.status).toBe(200);
    expect(early.json.data.user.role).toBe("user");
    const squatterToken = early.json.data.token as string;

    // 2. The owner signs in with Google (a token from the local identity provider).
    const hitsBefore = jwksHits;
    const owner = await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: await idToken(company, "owner-sub-1") }, ip: "203.0.113.10" });
    expect(owner.status, owner.text).toBe(200);
    expect(jwksHits).toBeGreaterThan(hitsBefore); // the keys really came over HTTP
    expect(owner.json.data.user).toMatchObject({ email: company, role: "admin", name: "Owner Of The Company" });

    // 3. The squatter keeps nothing: the old session is revoked, the password no longer works.
    expect((await call(authCheck, "GET", "/api/auth/check", { token: squatterToken })).status).toBe(401);
    const later = await call(authIn, "POST", "/api/auth/in", { body: { email: company, password: squatterPassword }, ip: "198.51.100.67" });
    expect(later.status).toBe(401);
    const row = (await db().query<{ password_hash: string | null; google_sub: string; role: string; name: string }>("SELECT password_hash, google_sub, role, name FROM users WHERE email = $1", [company])).rows[0];
    expect(row).toEqual({ password_hash: null, google_sub: "owner-sub-1", role: "admin", name: "Owner Of The Company" });

    // 4. The owner keeps the account: their session works and Google logs them in again.
    expect((await call(authCheck, "GET", "/api/auth/check", { token: owner.json.data.token })).status).toBe(200);
    expect((await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: await idToken(company, "owner-sub-1") }, ip: "203.0.113.10" })).status).toBe(200);
  });

  it("keeps the password and sessions of an account whose e-mail was already proven", async () => {
    const email = freshEmail("proven");
    const password = "a proven owners passphrase";
    expect((await call(signNew, "POST", "/api/sign/new", { body: { email, password, acceptTerms: true }, ip: "198.51.100.70" })).status).toBe(201);
    await db().query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
    const first = await call(authIn, "POST", "/api/auth/in", { body: { email, password }, ip: "198.51.100.70" });
    expect(first.status).toBe(200);
    expect((await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: await idToken(email, "proven-sub") }, ip: "198.51.100.71" })).status).toBe(200);
    expect((await call(authCheck, "GET", "/api/auth/check", { token: first.json.data.token })).status).toBe(200);
    expect((await call(authIn, "POST", "/api/auth/in", { body: { email, password }, ip: "198.51.100.70" })).status).toBe(200);
  });
});

describe("a local identity provider", () => {
  it("is refused on a deploy: GOOGLE_JWKS_URL in production context answers 503, not a trusted token", async () => {
    const email = freshEmail("prod");
    process.env.CONTEXT = "production";
    try {
      const r = await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: await idToken(email, "prod-sub") }, ip: "198.51.100.80" });
      expect(r.status).toBe(503);
      expect(r.json.message).toBe(GOOGLE_MISCONFIGURED);
    } finally {
      delete process.env.CONTEXT;
    }
    expect(() => googleTrust({ NODE_ENV: "production", GOOGLE_ISSUER: ISSUER })).toThrow(GOOGLE_MISCONFIGURED);
    expect(() => googleTrust({ SITE_ID: "abc", GOOGLE_JWKS_URL: "http://127.0.0.1/certs" })).toThrow(GOOGLE_MISCONFIGURED);
    expect(googleTrust({}).issuers).toEqual(["accounts.google.com", "https://accounts.google.com"]);
  });

  it("refuses a token signed by another key or for another issuer", async () => {
    const email = freshEmail("forged");
    const other = (await generateKeyPair("RS256")).privateKey;
    const forged = await new SignJWT({ email, email_verified: true }).setProtectedHeader({ alg: "RS256", kid: "local-idp" }).setIssuer(ISSUER).setAudience(CLIENT_ID).setSubject("x").setExpirationTime("5m").sign(other);
    expect((await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: forged }, ip: "198.51.100.81" })).status).toBe(401);
    const wrongIssuer = await new SignJWT({ email, email_verified: true }).setProtectedHeader({ alg: "RS256", kid: "local-idp" }).setIssuer("https://accounts.google.com").setAudience(CLIENT_ID).setSubject("x").setExpirationTime("5m").sign(key);
    expect((await call(ingsi, "POST", "/api/auth/ingsi", { body: { credential: wrongIssuer }, ip: "198.51.100.81" })).status).toBe(401);
  });
});
