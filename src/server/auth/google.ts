/**
 * Google sign-in, verified on the server (decision 2): the browser hands over Google's ID token;
 * its signature is checked against Google's published keys, with issuer, audience (our client id),
 * expiry and a verified e-mail. Accounts are found by Google subject, else linked by that e-mail.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { Db, Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { createUser, findUserByEmail, findUserByGoogleSub, linkGoogle, normalizeEmail, type UserRow } from "../users/users.ts";
import { insertOr409 } from "./signup.ts";
import { revokeAllSessions } from "./sessions.ts";
import { strictDeploy } from "../settings/context.ts";
import { ipNetwork } from "../http/ip.ts";

export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
/** Google sign-ins and sign-ups per IP per 10 minutes. */
export const GOOGLE_IP: Limit = { name: "google-ip", max: 20, windowSeconds: 600 };

export const GOOGLE_FAILED = "Google sign-in failed. Please try again";
export const GOOGLE_NO_ACCOUNT = "No account uses this Google address yet. Please sign up first";

let keySet: JWTVerifyGetKey | undefined;
let remote: { url: string; keys: JWTVerifyGetKey } | undefined;

/** Replaces Google's key set (tests pass a local one); null restores Google's. */
export function setGoogleKeySet(keys: JWTVerifyGetKey | null): void {
  keySet = keys ?? undefined;
}

export const GOOGLE_MISCONFIGURED = "Google sign-in is not set up correctly on this site";

/**
 * Where ID tokens' keys and issuer come from: Google's, unless GOOGLE_JWKS_URL / GOOGLE_ISSUER name
 * a local identity provider (tests, a developer's machine). Refused on a deploy: a production site
 * that trusted another key set would accept tokens anyone can sign.
 */
export function googleTrust(env: NodeJS.ProcessEnv = process.env): { jwksUrl: string; issuers: string[] } {
  const jwksUrl = env.GOOGLE_JWKS_URL?.trim();
  const issuer = env.GOOGLE_ISSUER?.trim();
  if (!jwksUrl && !issuer) return { jwksUrl: GOOGLE_JWKS_URL, issuers: GOOGLE_ISSUERS };
  if (strictDeploy(env)) throw new HttpError(503, GOOGLE_MISCONFIGURED);
  return { jwksUrl: jwksUrl || GOOGLE_JWKS_URL, issuers: issuer ? issuer.split(",").map((i) => i.trim()).filter(Boolean) : GOOGLE_ISSUERS };
}

function keysFor(url: string): JWTVerifyGetKey {
  if (keySet) return keySet;
  // jose caches the keys between calls (and refetches when the provider rotates them).
  if (remote?.url !== url) remote = { url, keys: createRemoteJWKSet(new URL(url)) };
  return remote.keys;
}

export function googleClientId(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.GOOGLE_CLIENT_ID || env.PUBLIC_GOOGLE_CLIENT_ID || null;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export async function verifyGoogleCredential(credential: string, clientId = googleClientId()): Promise<GoogleIdentity> {
  if (!clientId) throw new HttpError(404, "Google sign-in is not enabled on this site");
  const trust = googleTrust();
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keysFor(trust.jwksUrl), { issuer: trust.issuers, audience: clientId, algorithms: ["RS256"] }));
  } catch {
    throw new HttpError(401, GOOGLE_FAILED);
  }
  const verified = payload.email_verified === true || payload.email_verified === "true";
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || !verified) throw new HttpError(401, GOOGLE_FAILED);
  return { sub: payload.sub, email: normalizeEmail(payload.email), name: typeof payload.name === "string" ? payload.name.slice(0, 100) : "" };
}

/**
 * The account of a Google identity: by subject, else by verified e-mail (then linked), else null.
 *
 * An account whose e-mail was never proven may have been opened by someone else before the
 * mailbox's owner came (pre-registration takeover): Google proves the owner now, so the account
 * becomes theirs alone. Its password is cleared and every session revoked before it is linked,
 * so whoever chose that password keeps nothing; the owner sets a password of their own with a
 * reset link if they want one. Only then can ADMIN_EMAIL promote it (startSession).
 */
export async function accountForGoogle(q: Queryable, id: GoogleIdentity): Promise<UserRow | null> {
  const bySub = await findUserByGoogleSub(q, id.sub);
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(q, id.email);
  if (!byEmail || byEmail.google_sub) return null;
  const claim = async (t: Queryable) => {
    if (!byEmail.email_verified_at) {
      await t.query("UPDATE users SET password_hash = NULL, name = $2, updated_at = now() WHERE id = $1", [byEmail.id, id.name]);
      await revokeAllSessions(t, byEmail.id);
      byEmail.password_hash = null;
      byEmail.name = id.name;
    }
    await linkGoogle(t, byEmail.id, id.sub);
  };
  // One transaction where there is one: no session can slip in between the steps.
  await ("tx" in q ? (q as Db).tx(claim) : claim(q));
  return { ...byEmail, google_sub: id.sub, email_verified_at: byEmail.email_verified_at ?? new Date() };
}

/** auth/ingsi: the account behind a Google credential, or 404 when there is none yet. */
export async function googleLogIn(q: Queryable, credential: string, meta: { ip: string }): Promise<UserRow> {
  await enforce(q, scaled(GOOGLE_IP), ipNetwork(meta.ip));
  const id = await verifyGoogleCredential(credential);
  const user = await accountForGoogle(q, id);
  if (!user) throw new HttpError(404, GOOGLE_NO_ACCOUNT);
  return user;
}

/** sign/google: creates the account (terms accepted), or links / finds the existing one. */
export async function googleSignUp(
  q: Queryable,
  input: { credential: string; acceptTerms?: boolean; updates?: boolean },
  meta: { ip: string },
): Promise<{ created: boolean }> {
  await enforce(q, scaled(GOOGLE_IP), ipNetwork(meta.ip));
  const id = await verifyGoogleCredential(input.credential);
  if (await accountForGoogle(q, id)) return { created: false };
  if (input.acceptTerms !== true) throw new HttpError(400, "You must accept the user agreement", { field: "acceptTerms" });
  await insertOr409(() =>
    createUser(q, { email: id.email, name: id.name, googleSub: id.sub, emailVerified: true, acceptedTerms: true, wantsUpdates: input.updates ?? false }),
  );
  return { created: true };
}
