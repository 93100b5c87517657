import { SignJWT, jwtVerify } from "jose";
import { strictDeploy } from "../settings/context.ts";

const ALG = "HS256";
const ISSUER = "coastal-marine";
const AUDIENCE = "coastal-marine-web";
const DEV_SECRET = "dev-only-secret-change-me-dev-only-secret-change-me";

/**
 * The HMAC key for session tokens, from SESSION_SECRET (≥ 32 bytes). In production a missing or
 * short secret is a start-up error; elsewhere a fixed dev secret keeps local runs working.
 */
export function sessionKey(env: NodeJS.ProcessEnv = process.env): Uint8Array {
  const secret = env.SESSION_SECRET;
  if (!secret || Buffer.byteLength(secret) < 32) {
    // Previews are public too: any deploy on Netlify needs its own secret.
    if (strictDeploy(env)) throw new Error("SESSION_SECRET must be set to at least 32 random bytes in production and on every deploy");
    return new TextEncoder().encode(DEV_SECRET);
  }
  return new TextEncoder().encode(secret);
}

/** Signs a token that names only the session; the session row says who and whether it is alive. */
export async function signSessionToken(sessionId: string, expiresAt: Date, key = sessionKey()): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** Verifies signature (HS256 only), issuer, audience and expiry; returns the session id or null. */
export async function verifySessionToken(token: string, key = sessionKey()): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
