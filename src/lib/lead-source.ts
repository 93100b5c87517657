/**
 * The hidden "source" fields every lead form sends with its body (see `sourceFields` in
 * lead-schemas.ts): the honeypot, when the form was shown, the page, the referrer and the UTM
 * parameters of the visit. UTM parameters are kept for the browser session so a visitor who lands
 * on /?utm_source=… and asks for a quote on /contact is still attributed.
 */
import type { z } from "zod";
import type { sourceFields } from "./lead-schemas.ts";

type Source = { [K in keyof typeof sourceFields]?: z.input<(typeof sourceFields)[K]> };

const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
const UTM_STORE = "utm";

/** Reads UTM parameters from the address (remembering them) or from earlier in the session. */
export function currentUtm(): Record<string, string> {
  const params = new URLSearchParams(location.search);
  const fromUrl: Record<string, string> = {};
  for (const k of UTM_KEYS) {
    const v = params.get(`utm_${k}`);
    if (v) fromUrl[k] = v.slice(0, 200);
  }
  try {
    if (Object.keys(fromUrl).length) {
      sessionStorage.setItem(UTM_STORE, JSON.stringify(fromUrl));
      return fromUrl;
    }
    const kept = JSON.parse(sessionStorage.getItem(UTM_STORE) || "{}");
    const out: Record<string, string> = {};
    for (const k of UTM_KEYS) if (typeof kept?.[k] === "string") out[k] = kept[k].slice(0, 200);
    return out;
  } catch {
    return fromUrl;
  }
}

/** The source fields for a submission; `honeypot` is the value of the hidden `website` input. */
export function leadSourceFields(startedAt: number, honeypot: string): Source {
  return {
    website: honeypot,
    startedAt: Math.floor(startedAt),
    page: location.pathname.slice(0, 500),
    referrer: document.referrer.slice(0, 1000),
    utm: currentUtm(),
  };
}
