/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue 33): a
 * browser that has signed in to an account with its password keeps a signed cookie naming that
 * account. A log-in that shows it is a trusted client: the account's brake, which a stranger's
 * guesses from anywhere set off, does not stop it. Only its own failures count against it (5, then
 * a growing lock of that one cookie); a locked or forged cookie makes the browser an untrusted
 * client again, never a refused one.
 *
 * The cookie is an HS256 JWT (the session key, its own audience, so it is never a session token)
 * with the account's e-mail as subject and a random id (jti) that its failures are counted under.
 * One cookie per account (the name carries a hash of the e-mail), so an office computer that several
 * staff sign in on trusts each of them. HttpOnly, SameSite=Strict, sent only to the log-in endpoint,
 * Secure on https.
 */
import { createHash, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Queryable } from "../db/index.ts";
import { sessionKey } from "./tokens.ts";
import type { Throttle } from "./throttle.ts";

const ALG = "HS256";
const ISSUER = "coastal-marine";
const AUDIENCE = "coastal-marine-device";
/** The log-in endpoint: the only path the browser sends the cookie to. */
export const DEVICE_COOKIE_PATH = "/api/auth/in";
/** How long a device stays trusted after its last password log-in. */
export const DEVICE_TRUST_DAYS = 180;
/** Failures with one device cookie: 5 free, then 30 s, 60 s… up to an hour, during which it is untrusted. */
export const LOGIN_DEVICE_THROTTLE: Throttle = { name: "login-fail-device", freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };

/** The cookie's name for an account: `cm_device_` and 16 hex digits of the e-mail's SHA-256. */
export function deviceCookieName(email: string): string {
  return `cm_device_${createHash("sha256").update(email).digest("hex").slice(0, 16)}`;
}

/** A cookie's value from a Cookie header (the first one of that name), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie` value that trusts this browser for `email` from now on. */
export async function issueDeviceCookie(email: string, secure: boolean, key = sessionKey()): Promise<string> {
  const maxAge = DEVICE_TRUST_DAYS * 86_400;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(email)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_TRUST_DAYS}d`)
    .sign(key);
  return `${deviceCookieName(email)}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * The device id (jti) of a valid cookie for `email` in the request's Cookie header that is not
 * locked by its own failures, or null: no cookie, another account's, forged, expired or locked.
 */
export async function trustedDevice(q: Queryable, email: string, cookieHeader: string | null | undefined, key = sessionKey()): Promise<string | null> {
  const token = readCookie(cookieHeader, deviceCookieName(email));
  if (!token || token.length > 1000) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    if (payload.sub !== email || typeof payload.jti !== "string" || !/^[0-9a-f-]{36}$/.test(payload.jti)) return null;
    const locked = await q.query("SELECT 1 FROM login_throttle WHERE key = $1 AND locked_until > now()", [`${LOGIN_DEVICE_THROTTLE.name}:${payload.jti}`]);
    return locked.rows.length ? null : payload.jti;
  } catch {
    return null;
  }
}

/** Whether the request came over https (Netlify sets the URL's scheme; a proxy says X-Forwarded-Proto). */
export function isHttps(req: Request): boolean {
  return new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}
