/**
 * Texts people send to the company's Twilio number (issue 34): Twilio POSTs each one to
 * /api/sms/inbound as a form (application/x-www-form-urlencoded, no Origin), signed with the
 * account's auth token. Only a request whose X-Twilio-Signature is right is read; the answer is
 * TwiML, Twilio's XML for "reply with this" (or nothing).
 *
 *   STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT)  the number goes on the opt-out list: never
 *        texted until START. Twilio confirms these itself (its reply to a STOP is the last text
 *        the number gets), so the answer is empty; a STOP in other words ("revoke", "please stop")
 *        is confirmed by the site.
 *   START (YES, UNSTOP)  off the list again; the answer says texts may come.
 *   HELP (INFO)          the answer says who texts, why, how often, the office's phone, and STOP.
 *   anything else        nothing is kept or answered (a visitor's reply is for the office's phone).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/index.ts";
import { readPublishedPart } from "../content/read.ts";
import { parsePhone } from "../phone/parse.ts";
import { keywordOf, optIn, optOut, recordInbound, type Keyword } from "./opt-outs.ts";
import { helpText, startText, stoppedText } from "./template.ts";

/** Twilio's signature of a form POST: base64(HMAC-SHA1(auth token, URL + each key and value, keys sorted)). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const v = params[key];
    for (const value of Array.isArray(v) ? [...new Set(v)].sort() : [v]) data += key + value;
  }
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf8")).digest("base64");
}

/** Constant-time comparison of two signatures (a wrong length is simply wrong). */
function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The form's fields; a key sent twice keeps every value. */
export function formParams(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/**
 * The addresses Twilio may have posted to, for the signature: the public origin (SITE_URL, then
 * Netlify's URL) with the request's path and query, and the request's own URL (a local run). Each
 * with and without an explicit default port, as Twilio's own helpers try.
 */
export function candidateUrls(requestUrl: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const req = new URL(requestUrl);
  const urls: string[] = [];
  for (const base of [env.SITE_URL, env.URL]) {
    if (!base) continue;
    try {
      const origin = new URL(base);
      urls.push(`${origin.origin}${req.pathname}${req.search}`);
    } catch {}
  }
  urls.push(req.href);
  // With and without the scheme's default port (https://host/… and https://host:443/…).
  const withPorts = urls.flatMap((u) => {
    const x = new URL(u);
    const port = x.protocol === "https:" ? "443" : "80";
    const rest = `${x.pathname}${x.search}`;
    if (x.port && x.port !== port) return [u];
    return [`${x.protocol}//${x.hostname}${rest}`, `${x.protocol}//${x.hostname}:${port}${rest}`];
  });
  return [...new Set(withPorts)];
}

/** Whether `signature` is Twilio's for one of the URLs the request may have been posted to. */
export function validSignature(authToken: string, signature: string | null, urls: string[], params: Record<string, string | string[]>): boolean {
  if (!signature) return false;
  let ok = false;
  // Every candidate is computed and compared (no early exit), so the time says nothing either.
  for (const url of urls) if (sameSignature(twilioSignature(authToken, url, params), signature)) ok = true;
  return ok;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** TwiML: reply with `message`, or nothing. */
export function twiml(message?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${xml(message)}</Message>` : ""}</Response>`;
}

export interface Inbound {
  keyword: Keyword | null;
  /** The TwiML to answer. */
  twiml: string;
}

/** Acts on one signed message from Twilio (its form fields) and says what to answer. */
export async function handleInbound(q: Queryable, params: Record<string, string | string[]>): Promise<Inbound> {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const from = parsePhone(one("From"))?.e164;
  const found = keywordOf(one("Body"));
  if (!from || !found) return { keyword: null, twiml: twiml() };
  const sid = one("MessageSid") || one("SmsSid") || `no-sid:${from}:${Date.now()}`;
  await recordInbound(q, sid.slice(0, 64), from, found.keyword);
  const site = (await readPublishedPart("site", q)) as { name?: unknown; phone?: unknown } | null;
  const company = typeof site?.name === "string" && site.name.trim() ? site.name.trim() : "Coastal Marine Construction";
  const phone = typeof site?.phone === "string" ? site.phone : null;
  // Answered in the language of the number's latest request (issue 37): a Spanish site's visitor reads Spanish.
  const latest = await q.query<{ language: "en" | "es" }>("SELECT language FROM leads WHERE phone_e164 = $1 ORDER BY created_at DESC LIMIT 1", [from]);
  const language = latest.rows[0]?.language ?? "en";
  switch (found.keyword) {
    case "STOP":
      await optOut(q, from, found.twilios ? found.keyword : "STOP (in other words)");
      return {
        keyword: "STOP",
        twiml: found.twilios ? twiml() : twiml(stoppedText(company, language)),
      };
    case "START":
      await optIn(q, from);
      return { keyword: "START", twiml: twiml(startText(company, language)) };
    case "HELP":
      return { keyword: "HELP", twiml: twiml(helpText(company, phone, language)) };
  }
}
