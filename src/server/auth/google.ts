/**
 * Google sign-in, verified on the server (decision 2): the browser hands over Google's ID token;
 * its signature is checked against Google's published keys, with issuer, audience (our client id),
 * expiry and a verified e-mail. Accounts are found by Google subject, else linked by that e-mail.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { createUser, findUserByEmail, findUserByGoogleSub, linkGoogle, normalizeEmail, type UserRow } from "../users/users.ts";
import { insertOr409 } from "./signup.ts";

export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
export const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
/** Google sign-ins and sign-ups per IP per 10 minutes. */
export const GOOGLE_IP: Limit = { name: "google-ip", max: 20, windowSeconds: 600 };

export const GOOGLE_FAILED = "Google sign-in failed. Please try again";
export const GOOGLE_NO_ACCOUNT = "No account uses this Google address yet. Please sign up first";

let keySet: JWTVerifyGetKey | undefined;

/** Replaces Google's key set (tests pass a local one); null restores Google's. */
export function setGoogleKeySet(keys: JWTVerifyGetKey | null): void {
  keySet = keys ?? undefined;
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
  // Google's keys are cached by jose between calls (and refetched when Google rotates them).
  keySet ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keySet, { issuer: GOOGLE_ISSUERS, audience: clientId, algorithms: ["RS256"] }));
  } catch {
    throw new HttpError(401, GOOGLE_FAILED);
  }
  const verified = payload.email_verified === true || payload.email_verified === "true";
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || !verified) throw new HttpError(401, GOOGLE_FAILED);
  return { sub: payload.sub, email: normalizeEmail(payload.email), name: typeof payload.name === "string" ? payload.name.slice(0, 100) : "" };
}

/** The account of a Google identity: by subject, else by verified e-mail (then linked), else null. */
export async function accountForGoogle(q: Queryable, id: GoogleIdentity): Promise<UserRow | null> {
  const bySub = await findUserByGoogleSub(q, id.sub);
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(q, id.email);
  if (!byEmail || byEmail.google_sub) return null;
  await linkGoogle(q, byEmail.id, id.sub);
  return { ...byEmail, google_sub: id.sub, email_verified_at: byEmail.email_verified_at ?? new Date() };
}

/** auth/ingsi: the account behind a Google credential, or 404 when there is none yet. */
export async function googleLogIn(q: Queryable, credential: string, meta: { ip: string }): Promise<UserRow> {
  await enforce(q, scaled(GOOGLE_IP), meta.ip);
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
  await enforce(q, scaled(GOOGLE_IP), meta.ip);
  const id = await verifyGoogleCredential(input.credential);
  if (await accountForGoogle(q, id)) return { created: false };
  if (input.acceptTerms !== true) throw new HttpError(400, "You must accept the user agreement", { field: "acceptTerms" });
  await insertOr409(() =>
    createUser(q, { email: id.email, name: id.name, googleSub: id.sub, emailVerified: true, acceptedTerms: true, wantsUpdates: input.updates ?? false }),
  );
  return { created: true };
}
