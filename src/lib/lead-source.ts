/**
 * The hidden "source" fields every lead form sends with its body (see `sourceFields` in
 * lead-schemas.ts): the honeypot, when the form was shown, the page, the referrer and the UTM
 * parameters of the visit. The layout calls `rememberUtm()` on every page, so a visitor who lands
 * on /?utm_source=… and asks for a quote on /contact is still attributed for the browser session.
 * Loaded by every page: it imports no library code.
 */
import type { z } from "zod";
import { UTM_KEYS, UTM_MAX, type Utm } from "./contracts/lead.ts";
import type { sourceFields } from "./lead-schemas.ts";
import { session } from "./safe-storage.ts";

export type LeadSource = { [K in keyof typeof sourceFields]?: z.input<(typeof sourceFields)[K]> };

const UTM_STORE = "utm";
const VISIT_STORE = "visit";

/**
 * Where this visit started (issue 28: the page the visit landed on, and the site it came from):
 * the first page of the browser session and its referrer when that was another site. A lead is
 * sent from /contact with /contact's referrer (this site), which says nothing of its source.
 */
export interface Visit {
  landing: string;
  referrer: string;
}

/** Remembers the session's first page and outside referrer (the layout calls it on every page). */
export function rememberVisit(path = location.pathname + location.search, referrer = document.referrer, origin = location.origin): Visit {
  try {
    const kept = JSON.parse(session.get(VISIT_STORE) || "null");
    if (typeof kept?.landing === "string" && typeof kept?.referrer === "string") return { landing: kept.landing.slice(0, 500), referrer: kept.referrer.slice(0, 1000) };
  } catch {}
  let outside = "";
  try {
    outside = referrer && new URL(referrer).origin !== origin ? referrer : "";
  } catch {}
  const visit = { landing: path.slice(0, 500), referrer: outside.slice(0, 1000) };
  session.set(VISIT_STORE, JSON.stringify(visit));
  return visit;
}

/** utm_source, utm_medium… of a query string, trimmed and cut to 200 characters; blank ones left out. */
export function utmFrom(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const k of UTM_KEYS) {
    const v = params.get(`utm_${k}`)?.trim();
    if (v) utm[k] = v.slice(0, UTM_MAX);
  }
  return utm;
}

/**
 * The visit's UTM parameters: those of this address, which are remembered for the session (a new
 * campaign link replaces the old one), else the ones remembered earlier in the session.
 */
export function rememberUtm(search = location.search): Utm {
  const fromUrl = utmFrom(search);
  if (Object.keys(fromUrl).length) {
    session.set(UTM_STORE, JSON.stringify(fromUrl));
    return fromUrl;
  }
  try {
    const kept = JSON.parse(session.get(UTM_STORE) || "{}");
    const out: Utm = {};
    for (const k of UTM_KEYS) if (typeof kept?.[k] === "string" && kept[k]) out[k] = kept[k].slice(0, UTM_MAX);
    return out;
  } catch {
    return {};
  }
}

/**
 * When this page was shown (ms since epoch, this browser's clock): the fill-time clock starts
 * here (ARCHITECTURE.md decision 15), not when the form's island hydrated. A form that hydrates
 * on the visitor's first touch (`client:intent` on /contact) made a person who read the page and
 * then autofilled look faster than 3 s, and their lead was held as spam. `performance.now()`
 * counts from the navigation, on the same clock as `Date.now()` here (and page.clock in tests).
 */
export function pageShownAt(): number {
  return Date.now() - performance.now();
}

/** The source fields for a submission; `honeypot` is the value of the hidden `website` input. */
export function leadSourceFields(startedAt: number, honeypot: string): LeadSource {
  const visit = rememberVisit();
  return {
    website: honeypot,
    startedAt: Math.floor(startedAt),
    page: location.pathname.slice(0, 500),
    landing: visit.landing,
    // The outside site the visit came from; else this page's own referrer.
    referrer: (visit.referrer || document.referrer).slice(0, 1000),
    utm: rememberUtm(),
    // The page's own language (<html lang>, issue 37): the office answers in it.
    language: document.documentElement.lang === "es" ? "es" : "en",
  };
}
