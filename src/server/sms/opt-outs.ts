/**
 * Numbers that replied STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT): never texted again until
 * they reply START (or YES, UNSTOP). Keyed by the number in E.164. Every keyword that arrives is
 * kept in `sms_inbound` (which, when, the keyword; never the rest of a message), the record of a
 * consent withdrawn and given again.
 */
import type { Queryable } from "../db/index.ts";

/** Twilio's own opt-out words: Twilio blocks the number itself and confirms it with its own reply. */
export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
/**
 * Also a withdrawal under the FCC's 2024 rule (any reasonable means; these words are definitive),
 * in Spanish too: a visitor of the Spanish site may answer in it (issue 37).
 */
export const MORE_STOP_WORDS = ["REVOKE", "OPTOUT", "OPT OUT", "PARAR", "PARE", "ALTO", "BASTA", "CANCELAR", "DETENER", "NO MAS", "NO MÁS"] as const;
export const START_WORDS = ["START", "YES", "UNSTOP"] as const;
export const HELP_WORDS = ["HELP", "INFO", "AYUDA"] as const;
export type Keyword = "STOP" | "START" | "HELP";

/**
 * The keyword a message is, and whether it is one of Twilio's own (which Twilio answers itself).
 * A whole message as carriers read it: one word, any case, surrounding spaces and punctuation
 * ignored ("Stop.", " stop "). A short message that asks to stop in other words ("please stop
 * texting me", "revoke") is a STOP too, which Twilio does not see as one: the site confirms it.
 */
export function keywordOf(body: string): { keyword: Keyword; twilios: boolean } | null {
  const word = body.trim().replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "").replace(/\s+/g, " ").toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return { keyword: "STOP", twilios: true };
  if ((START_WORDS as readonly string[]).includes(word)) return { keyword: "START", twilios: true };
  if ((HELP_WORDS as readonly string[]).includes(word)) return { keyword: "HELP", twilios: true };
  if ((MORE_STOP_WORDS as readonly string[]).includes(word)) return { keyword: "STOP", twilios: false };
  if (body.length <= 160 && /\b(stop|unsubscribe|revoke|opt[ -]?out)\b|\bno (me )?(env[ií]en|manden|escriban) m[aá]s\b|\bdej(en|e) de (enviar|escribir|mandar)/i.test(body)) return { keyword: "STOP", twilios: false };
  return null;
}

export async function isOptedOut(q: Queryable, e164: string): Promise<boolean> {
  const r = await q.query("SELECT 1 FROM sms_opt_outs WHERE phone_e164 = $1", [e164]);
  return r.rowCount > 0;
}

/** Adds the number to the opt-out list (again: the latest word and time win) and stops its queued texts. */
export async function optOut(q: Queryable, e164: string, keyword: string): Promise<void> {
  await q.query(
    `INSERT INTO sms_opt_outs (phone_e164, keyword) VALUES ($1, $2)
     ON CONFLICT (phone_e164) DO UPDATE SET keyword = $2, opted_out_at = now()`,
    [e164, keyword],
  );
  await q.query(
    "UPDATE sms_outbox SET state = 'opted-out', claimed_until = NULL, last_error = 'not sent: the number replied STOP' WHERE to_e164 = $1 AND state = 'queued'",
    [e164],
  );
}

/** Takes the number off the opt-out list; true when it was on it. */
export async function optIn(q: Queryable, e164: string): Promise<boolean> {
  const r = await q.query("DELETE FROM sms_opt_outs WHERE phone_e164 = $1", [e164]);
  return r.rowCount > 0;
}

/** Keeps a keyword Twilio posted (once per message sid: Twilio may post a message again); false for a repeat. */
export async function recordInbound(q: Queryable, messageSid: string, fromE164: string, keyword: Keyword | null): Promise<boolean> {
  const r = await q.query("INSERT INTO sms_inbound (message_sid, from_e164, keyword) VALUES ($1, $2, $3) ON CONFLICT (message_sid) DO NOTHING", [
    messageSid,
    fromE164,
    keyword,
  ]);
  return r.rowCount > 0;
}
