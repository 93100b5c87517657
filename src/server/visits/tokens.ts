/**
 * The visitor's link to change or cancel a visit without an account (issue 35, item 4): a JWT signed
 * with the session key (auth/tokens.ts) for an audience of its own, so no other token of the site is
 * taken for it, nor it for another. It names one visit and that visit's current nonce, and expires
 * when the visit ends. Each change replaces the nonce (store.ts), so a link that was used, or that an
 * older e-mail carried, says so; the newest e-mail carries the one that works.
 */
import { SignJWT, jwtVerify, errors } from "jose";
import { sessionKey } from "../auth/tokens.ts";
import { siteBase } from "../settings/context.ts";
import { VISIT_CHANGE_PATH } from "../../lib/contracts/visits.ts";

const ALG = "HS256";
const ISSUER = "coastal-marine";
const AUDIENCE = "coastal-marine-visit";

/** Signs the link's token for a visit as it now is (its nonce, its end). */
export async function signVisitToken(visit: { id: string; manage_nonce: string; ends_at: Date }, key = sessionKey()): Promise<string> {
  return new SignJWT({ n: visit.manage_nonce })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(visit.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(new Date(visit.ends_at).getTime() / 1000))
    .sign(key);
}

export type TokenCheck = { ok: true; visitId: string; nonce: string } | { ok: false; problem: "invalid" | "expired" };

/** Checks signature (HS256 only), issuer, audience and expiry; never throws. */
export async function readVisitToken(token: string, key = sessionKey()): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (typeof payload.sub !== "string" || !uuid.test(payload.sub) || typeof payload.n !== "string") return { ok: false, problem: "invalid" };
    return { ok: true, visitId: payload.sub, nonce: payload.n };
  } catch (e) {
    return { ok: false, problem: e instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/**
 * The address the visitor's e-mail links to (the token after '#', so it never reaches a server log):
 * on SITE_URL, else on the address the request came to (`origin`); the Spanish page for a visitor
 * who booked in Spanish (issue 37).
 */
export function visitLink(token: string, origin = "", locale: "en" | "es" = "en"): string {
  return `${siteBase(origin)}${locale === "es" ? "/es" : ""}${VISIT_CHANGE_PATH}#t=${token}`;
}

const LEAD_AUDIENCE = "coastal-marine-visit-lead";
/**
 * The cookie a quote request's answer sets (HttpOnly, sent to the booking endpoint only): a visit
 * booked from this browser soon after, with the same e-mail, is that request's visit, not a second lead.
 */
export const VISIT_LEAD_COOKIE = "cm_visit_lead";
const VISIT_LEAD_COOKIE_PATH = "/api/public/visits";
/** A quote request's answer lets its visitor book a visit for that lead for this long. */
export const LEAD_BOOKING_DAYS = 7;

/** The token a quote request's answer carries (visitToken): book a visit for this lead, no second lead. */
export async function signLeadBookingToken(leadId: string, now = new Date(), key = sessionKey()): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(leadId)
    .setIssuer(ISSUER)
    .setAudience(LEAD_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + LEAD_BOOKING_DAYS * 86_400)
    .sign(key);
}

/** The lead a booking token names, or null (forged, expired, another token). */
export async function readLeadBookingToken(token: string, key = sessionKey()): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience: LEAD_AUDIENCE });
    return typeof payload.sub === "string" && /^[0-9a-f-]{36}$/i.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The `Set-Cookie` value naming the quote request `leadId` for the booking endpoint. */
export async function visitLeadCookie(leadId: string, secure: boolean, now = new Date()): Promise<string> {
  return `${VISIT_LEAD_COOKIE}=${await signLeadBookingToken(leadId, now)}; Path=${VISIT_LEAD_COOKIE_PATH}; Max-Age=${LEAD_BOOKING_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** The `Set-Cookie` value that forgets it (the visit is booked). */
export const clearVisitLeadCookie = (secure: boolean) => `${VISIT_LEAD_COOKIE}=; Path=${VISIT_LEAD_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
