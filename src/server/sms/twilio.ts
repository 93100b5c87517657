/**
 * Twilio's Programmable Messaging API over plain HTTP (fetch): send a message, list the messages
 * sent to a number, fetch the account (the doctor's check). Twilio's `twilio` package would add its
 * whole REST client (and axios) to every function bundle that texts; these three calls are all the
 * site needs.
 *
 * Settings (.env.example): TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, and who sends: TWILIO_FROM (a
 * Twilio number in E.164) or TWILIO_MESSAGING_SERVICE_SID (a Messaging Service, which picks the
 * number); TWILIO_API_URL points elsewhere (a local fake in tests); TWILIO_TIMEOUT_MS bounds a call.
 */

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) to send from, or null with a Messaging Service. */
  from: string | null;
  messagingServiceSid: string | null;
  /** https://api.twilio.com, or a stand-in. */
  apiUrl: string;
  /** Twilio's Messaging v1 API (Messaging Services), https://messaging.twilio.com, or the stand-in. */
  messagingUrl: string;
  timeoutMs: number;
}

export const TWILIO_API_URL = "https://api.twilio.com";
const MESSAGING_URL = "https://messaging.twilio.com";

/** The account's credentials (enough to check a webhook's signature), or null when they are not set. */
export function twilioCredentials(env: NodeJS.ProcessEnv = process.env): { accountSid: string; authToken: string } | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  return accountSid && authToken ? { accountSid, authToken } : null;
}

/** The settings to send with, or null when texting is not set up (then texts stay in the outbox). */
export function twilioFromEnv(env: NodeJS.ProcessEnv = process.env): TwilioConfig | null {
  const creds = twilioCredentials(env);
  const from = env.TWILIO_FROM?.trim() || null;
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID?.trim() || null;
  if (!creds || (!from && !messagingServiceSid)) return null;
  const apiUrl = (env.TWILIO_API_URL?.trim() || TWILIO_API_URL).replace(/\/+$/, "");
  return {
    ...creds,
    from,
    messagingServiceSid,
    apiUrl,
    messagingUrl: env.TWILIO_API_URL?.trim() ? apiUrl : MESSAGING_URL,
    timeoutMs: Number(env.TWILIO_TIMEOUT_MS) || 5_000,
  };
}

const authHeader = (c: { accountSid: string; authToken: string }) => `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString("base64")}`;
const messagesUrl = (c: TwilioConfig) => `${c.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}/Messages.json`;

/** A message as Twilio lists it (the fields the site reads). */
export interface TwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  status: string;
  date_created: string | null;
  date_sent: string | null;
}

/**
 * What one send came to.
 *   sent        Twilio took it (201): its sid and status (queued, accepted…).
 *   retry       not taken, or not known: `ambiguous` when Twilio may have taken it (a timeout, a
 *               5xx, a connection lost after the request went out); `after` seconds asked for (429's
 *               Retry-After) or null.
 *   unsubscribed  Twilio's own opt-out list has the number (error 21610: it replied STOP to us).
 *   refused     Twilio will never take it (a landline, an invalid number, a region not enabled…).
 */
export type SendOutcome =
  | { kind: "sent"; sid: string; status: string }
  | { kind: "retry"; ambiguous: boolean; after: number | null; why: string }
  | { kind: "unsubscribed"; why: string }
  | { kind: "refused"; why: string };

/** Connection errors that happen before a request reaches Twilio: it cannot have taken anything. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL", "UND_ERR_CONNECT_TIMEOUT"]);

function networkOutcome(e: unknown, timeoutMs: number): SendOutcome {
  if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) return { kind: "retry", ambiguous: true, after: null, why: `no answer from Twilio within ${timeoutMs} ms` };
  const code = (e as { cause?: { code?: string } })?.cause?.code ?? (e as { code?: string })?.code ?? "";
  const why = `network: ${code || (e instanceof Error ? e.message : String(e))}`;
  return { kind: "retry", ambiguous: !NEVER_SENT.has(code), after: null, why };
}

/** Retry-After in seconds (a number, or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : null;
}

/** Twilio error codes that no retry will change (https://www.twilio.com/docs/api/errors). */
const REFUSED_CODES: Record<number, string> = {
  21211: "not a valid phone number",
  21408: "texts to this region are not enabled on the Twilio account",
  21612: "Twilio cannot text this number from ours",
  21614: "not a mobile number (a landline cannot get texts)",
  21610: "the number replied STOP to us (Twilio's opt-out list)",
};

/** Sends `body` to `to` (E.164). Never throws: every way it can end is a SendOutcome. */
export async function sendMessage(c: TwilioConfig, to: string, body: string, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const form = new URLSearchParams({ To: to, Body: body });
  if (c.messagingServiceSid) form.set("MessagingServiceSid", c.messagingServiceSid);
  else if (c.from) form.set("From", c.from);
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(messagesUrl(c), {
      method: "POST",
      headers: { authorization: authHeader(c), "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      signal: AbortSignal.timeout(c.timeoutMs),
      redirect: "error",
    });
    text = await res.text();
  } catch (e) {
    return networkOutcome(e, c.timeoutMs);
  }
  let json: { sid?: string; status?: string; code?: number; message?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {}
  if (res.status === 200 || res.status === 201) {
    if (typeof json.sid === "string") return { kind: "sent", sid: json.sid, status: json.status ?? "queued" };
    // Taken, by the status, but an answer we cannot read: whether it went is checked before a resend.
    return { kind: "retry", ambiguous: true, after: null, why: `Twilio answered ${res.status} without a message sid` };
  }
  const said = `Twilio answered ${res.status}${json.code ? ` (error ${json.code}${json.message ? `: ${json.message.slice(0, 200)}` : ""})` : ""}`;
  if (res.status === 429) return { kind: "retry", ambiguous: false, after: retryAfterSeconds(res.headers.get("retry-after")), why: said };
  if (res.status >= 500) return { kind: "retry", ambiguous: true, after: retryAfterSeconds(res.headers.get("retry-after")), why: said };
  if (json.code === 21610) return { kind: "unsubscribed", why: said };
  // Wrong credentials or a suspended account: a setting to fix, so the text waits (until it is too late).
  if (res.status === 401 || res.status === 403) return { kind: "retry", ambiguous: false, after: null, why: `${said}: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN` };
  const known = json.code ? REFUSED_CODES[json.code] : undefined;
  return { kind: "refused", why: known ? `${said}: ${known}` : said };
}

/**
 * The messages sent to `to` on or after `since`'s UTC date (Twilio filters by GMT date:
 * `DateSent>=YYYY-MM-DD`), newest first, one page of up to 50. Throws when Twilio does not answer
 * with a list (the caller must not resend then); the error's `retryAfter` is a 429's Retry-After.
 */
export async function listMessagesTo(c: TwilioConfig, to: string, since: Date, fetchImpl: typeof fetch = fetch): Promise<TwilioMessage[]> {
  const q = new URLSearchParams({ To: to, "DateSent>": since.toISOString().slice(0, 10), PageSize: "50" });
  const res = await fetchImpl(`${messagesUrl(c)}?${q}`, {
    headers: { authorization: authHeader(c), accept: "application/json" },
    signal: AbortSignal.timeout(c.timeoutMs),
    redirect: "error",
  });
  const text = await res.text();
  if (!res.ok) throw Object.assign(new Error(`Twilio answered ${res.status} to the message list`), { retryAfter: retryAfterSeconds(res.headers.get("retry-after")) });
  const json = JSON.parse(text) as { messages?: TwilioMessage[] };
  if (!Array.isArray(json.messages)) throw new Error("Twilio's message list had no messages array");
  return json.messages;
}

/** The account resource (GET Accounts/{sid}.json): its status ('active', 'suspended', 'closed'). Throws with the reason. */
export async function fetchAccount(c: { accountSid: string; authToken: string; apiUrl: string; timeoutMs: number }, fetchImpl: typeof fetch = fetch): Promise<{ status: string; friendlyName: string }> {
  const res = await fetchImpl(`${c.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}.json`, {
    headers: { authorization: authHeader(c), accept: "application/json" },
    signal: AbortSignal.timeout(c.timeoutMs),
    redirect: "error",
  });
  const json = (await res.json().catch(() => ({}))) as { status?: string; friendly_name?: string; code?: number; message?: string };
  if (!res.ok) throw new Error(`Twilio answered ${res.status}${json.code ? ` (error ${json.code})` : ""}${res.status === 401 ? ": the account SID and auth token do not match" : ""}`);
  return { status: json.status ?? "unknown", friendlyName: json.friendly_name ?? "" };
}

/** The account's number `e164` with where its incoming texts go (sms_url), or null when the account has no such number. */
export async function fetchOwnNumber(c: TwilioConfig, e164: string, fetchImpl: typeof fetch = fetch): Promise<{ smsUrl: string | null } | null> {
  const q = new URLSearchParams({ PhoneNumber: e164 });
  const res = await fetchImpl(`${c.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}/IncomingPhoneNumbers.json?${q}`, {
    headers: { authorization: authHeader(c), accept: "application/json" },
    signal: AbortSignal.timeout(c.timeoutMs),
    redirect: "error",
  });
  if (!res.ok) throw new Error(`Twilio answered ${res.status} to the number lookup`);
  const json = (await res.json()) as { incoming_phone_numbers?: { phone_number: string; sms_url?: string | null }[] };
  const found = json.incoming_phone_numbers?.find((n) => n.phone_number === e164);
  return found ? { smsUrl: found.sms_url || null } : null;
}

/** The Messaging Service (GET messaging v1 Services/{sid}) with where its incoming texts go, or null when there is none. */
export async function fetchMessagingService(c: TwilioConfig, sid: string, fetchImpl: typeof fetch = fetch): Promise<{ inboundUrl: string | null; useNumberWebhook: boolean } | null> {
  const res = await fetchImpl(`${c.messagingUrl}/v1/Services/${encodeURIComponent(sid)}`, {
    headers: { authorization: authHeader(c), accept: "application/json" },
    signal: AbortSignal.timeout(c.timeoutMs),
    redirect: "error",
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Twilio answered ${res.status} to the Messaging Service lookup`);
  const json = (await res.json()) as { inbound_request_url?: string | null; use_inbound_webhook_on_number?: boolean };
  return { inboundUrl: json.inbound_request_url || null, useNumberWebhook: !!json.use_inbound_webhook_on_number };
}
