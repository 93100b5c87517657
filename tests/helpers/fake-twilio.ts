/**
 * A fake Twilio (REST API 2010-04-01 and Messaging v1) on a loopback port, for tests, the doctor's
 * test and benchmarks (plain Node: no test-runner import, so `scripts/*.ts` can start it too).
 *
 *   POST /2010-04-01/Accounts/{sid}/Messages.json   form: To, From or MessagingServiceSid, Body → 201
 *        with a message sid (SM…), recorded in `messages`; Basic auth with the account's SID and token.
 *   GET  …/Messages.json?To=…&DateSent>=YYYY-MM-DD  the messages to that number sent on or after that
 *        GMT date, newest first.
 *   GET  /2010-04-01/Accounts/{sid}.json            the account (status active).
 *   GET  …/IncomingPhoneNumbers.json?PhoneNumber=…  the account's number with its sms_url.
 *   GET  /v1/Services/{sid}                         the Messaging Service.
 *
 * It fails on demand, as Twilio does on a bad day: `failNext(n, how)` or `failRandomly(fraction)`:
 *   429            Too Many Requests with Retry-After (nothing taken)
 *   500 / 503      an error answer, nothing taken
 *   "500-after"    takes the message, then answers 500 (the client cannot know it went)
 *   "timeout"      never answers, takes nothing
 *   "timeout-after" takes the message, never answers
 * Numbers can be landlines (error 21614) or on Twilio's own opt-out list (21610). `sign()` makes the
 * X-Twilio-Signature of a webhook request, and `inbound()` a whole signed request, as Twilio posts.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TwilioFailure = 429 | 500 | 503 | "500-after" | "timeout" | "timeout-after";

export interface FakeMessage {
  sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: string;
  /** ms since epoch */
  at: number;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messagingServiceSid: string;
  /** Every message Twilio took (including those whose answer was lost), in order. */
  messages: FakeMessage[];
  /** POSTs to Messages.json, whatever they were answered. */
  readonly posts: number;
  /** GETs of the message list. */
  readonly lists: number;
  /** Every request: method, path, the number it was about (To) and the status answered (0: never answered). */
  requests: { method: string; path: string; to: string | null; status: number }[];
  /** Message POSTs and list GETs about one number. */
  callsFor(e164: string): { posts: number; lists: number };
  /**
   * The next `n` message POSTs (or list GETs with `{ lists: true }`) fail this way; with `to`, only
   * those for that number (so requests in flight at once each meet their own failure).
   */
  failNext(n: number, how: TwilioFailure, opts?: { lists?: boolean; to?: string }): void;
  /** Each message POST fails with this probability, in one of these ways (a seeded sequence). */
  failRandomly(fraction: number, ways?: TwilioFailure[], seed?: number): void;
  heal(): void;
  /** Retry-After (seconds) a 429 asks for; default 1. */
  retryAfter: number;
  /** Where the number's incoming texts go (its sms_url), for the doctor's check. */
  smsUrl: string;
  /** This number is a landline: sending to it answers 400, error 21614. */
  landline(e164: string): void;
  /** This number replied STOP to Twilio: sending to it answers 400, error 21610. */
  unsubscribed(e164: string): void;
  /** The TWILIO_* settings that point at this fake. */
  env(opts?: { service?: boolean }): Record<string, string>;
  /** X-Twilio-Signature for a POST of `params` to `url`, with this account's token (or `token`). */
  sign(url: string, params: Record<string, string>, token?: string): string;
  /** A signed webhook request as Twilio posts it: a text `body` from `from` to our number. */
  inbound(url: string, from: string, body: string, opts?: { signature?: string | null; extra?: Record<string, string> }): Request;
  /** Waits until `n` messages were taken. */
  waitFor(n: number, timeoutMs?: number): Promise<FakeMessage[]>;
  stop(): Promise<void>;
}

const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace("GMT", "+0000");
const hex = (n: number) => randomBytes(n).toString("hex");

/** Twilio's signature algorithm, written here on its own (the test must not check the code with itself). */
export function signTwilio(token: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac("sha1", token).update(data, "utf8").digest("base64");
}

export async function startFakeTwilio(opts: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? `AC${hex(16)}`;
  const authToken = opts.authToken ?? hex(16);
  const from = "+12395550100";
  const messagingServiceSid = `MG${hex(16)}`;
  const messages: FakeMessage[] = [];
  const requests: FakeTwilio["requests"] = [];
  type Planned = { how: TwilioFailure; to?: string };
  const failures: Planned[] = [];
  const listFailures: Planned[] = [];
  /** The first planned failure for `to` (or for any number), taken off the plan. */
  const take = (plan: Planned[], to: string | null): TwilioFailure | undefined => {
    const i = plan.findIndex((p) => !p.to || p.to === to);
    return i < 0 ? undefined : plan.splice(i, 1)[0].how;
  };
  let random: { fraction: number; ways: TwilioFailure[]; seed: number } | null = null;
  const landlines = new Set<string>();
  const unsubscribed = new Set<string>();
  const hanging = new Set<IncomingMessage>();
  const waiters: (() => void)[] = [];
  let posts = 0;
  let lists = 0;
  let seq = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
  const json = (m: FakeMessage) => ({
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from ?? "+12395550101",
    messaging_service_sid: m.messaging_service_sid,
    body: m.body,
    status: m.status,
    num_segments: "1",
    direction: "outbound-api",
    date_created: rfc2822(m.at),
    date_updated: rfc2822(m.at),
    date_sent: rfc2822(m.at),
    error_code: null,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
  });
  const nextFailure = (to: string): TwilioFailure | undefined => {
    const f = take(failures, to);
    if (f || !random) return f;
    random.seed = (random.seed * 1103515245 + 12345) % 2 ** 31;
    return random.seed / 2 ** 31 < random.fraction ? random.ways[random.seed % random.ways.length] : undefined;
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const to = req.method === "POST" ? new URLSearchParams(Buffer.concat(chunks).toString("utf8")).get("To") : url.searchParams.get("To");
    const entry = { method: req.method ?? "", path: url.pathname, to, status: 0 };
    requests.push(entry);
    res.on("finish", () => (entry.status = res.statusCode));
    const auth = req.headers.authorization ?? "";
    if (auth !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`) return error(res, 401, 20003, "Authenticate");
    const base = `/2010-04-01/Accounts/${accountSid}`;

    if (url.pathname === `${base}.json` && req.method === "GET") return send(res, 200, { sid: accountSid, friendly_name: "Coastal Marine (fake)", status: "active", type: "Full" });
    if (url.pathname === `/v1/Services/${messagingServiceSid}` && req.method === "GET")
      return send(res, 200, { sid: messagingServiceSid, friendly_name: "Website texts", inbound_request_url: fake.smsUrl, use_inbound_webhook_on_number: false });
    if (url.pathname.startsWith("/v1/Services/")) return error(res, 404, 20404, "The requested resource was not found");
    if (url.pathname === `${base}/IncomingPhoneNumbers.json` && req.method === "GET") {
      const wanted = url.searchParams.get("PhoneNumber");
      const numbers = !wanted || wanted === from ? [{ phone_number: from, sms_url: fake.smsUrl, sms_method: "POST" }] : [];
      return send(res, 200, { incoming_phone_numbers: numbers });
    }

    if (url.pathname === `${base}/Messages.json` && req.method === "GET") {
      lists++;
      const f = take(listFailures, to);
      if (f === "timeout" || f === "timeout-after") return void hanging.add(req);
      if (f) return error(res, f === 429 ? 429 : 500, f === 429 ? 20429 : 20500, "List failed", f === 429 ? { "retry-after": String(fake.retryAfter) } : {});
      const since = url.searchParams.get("DateSent>");
      const list = messages
        .filter((m) => (!to || m.to === to) && (!since || new Date(m.at).toISOString().slice(0, 10) >= since))
        .sort((a, b) => b.at - a.at)
        .slice(0, Number(url.searchParams.get("PageSize")) || 50);
      return send(res, 200, { messages: list.map(json), page: 0, page_size: list.length, next_page_uri: null });
    }

    if (url.pathname === `${base}/Messages.json` && req.method === "POST") {
      posts++;
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const body = form.get("Body") ?? "";
      const sender = form.get("From");
      const service = form.get("MessagingServiceSid");
      if (!to || !/^\+[1-9]\d{6,14}$/.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!body) return error(res, 400, 21602, "Message body is required.");
      if (service ? service !== messagingServiceSid : sender !== from) return error(res, 400, 21606, "The From phone number is not a valid message-capable Twilio phone number for this account.");
      const failure = nextFailure(to);
      if (failure === "timeout") return void hanging.add(req);
      if (failure === 429) return error(res, 429, 20429, "Too Many Requests", { "retry-after": String(fake.retryAfter) });
      if (failure === 500 || failure === 503) return error(res, failure, 20500, "Internal Server Error");
      if (landlines.has(to)) return error(res, 400, 21614, `'To' number ${to} is not a valid mobile number`);
      if (unsubscribed.has(to)) return error(res, 400, 21610, "Attempt to send to unsubscribed recipient");
      const m: FakeMessage = { sid: `SM${hex(16)}`, to, from: service ? null : sender, messaging_service_sid: service, body, status: "queued", at: Date.now() + seq++ };
      messages.push(m);
      for (const w of waiters.splice(0)) w();
      if (failure === "timeout-after") return void hanging.add(req);
      if (failure === "500-after") return error(res, 500, 20500, "Internal Server Error");
      return send(res, 201, json(m));
    }
    return error(res, 404, 20404, "The requested resource was not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeTwilio = {
    url,
    accountSid,
    authToken,
    from,
    messagingServiceSid,
    messages,
    requests,
    retryAfter: 1,
    smsUrl: "",
    get posts() {
      return posts;
    },
    get lists() {
      return lists;
    },
    callsFor(e164) {
      const mine = requests.filter((r) => r.to === e164 && r.path.endsWith("/Messages.json"));
      return { posts: mine.filter((r) => r.method === "POST").length, lists: mine.filter((r) => r.method === "GET").length };
    },
    failNext(n, how, o = {}) {
      for (let i = 0; i < n; i++) (o.lists ? listFailures : failures).push({ how, to: o.to });
    },
    failRandomly(fraction, ways = [429, 500, 503, "timeout", "500-after", "timeout-after"], seed = 42) {
      random = { fraction, ways, seed };
    },
    heal() {
      failures.splice(0);
      listFailures.splice(0);
      random = null;
    },
    landline(e164) {
      landlines.add(e164);
    },
    unsubscribed(e164) {
      unsubscribed.add(e164);
    },
    env(o = {}) {
      return {
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_API_URL: url,
        ...(o.service ? { TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid, TWILIO_FROM: "" } : { TWILIO_FROM: from, TWILIO_MESSAGING_SERVICE_SID: "" }),
      };
    },
    sign(u, params, token = authToken) {
      return signTwilio(token, u, params);
    },
    inbound(u, fromNumber, body, o = {}) {
      const params: Record<string, string> = {
        ToCountry: "US",
        SmsMessageSid: `SM${hex(16)}`,
        NumMedia: "0",
        SmsSid: "",
        SmsStatus: "received",
        Body: body,
        To: from,
        NumSegments: "1",
        MessageSid: "",
        AccountSid: accountSid,
        From: fromNumber,
        ApiVersion: "2010-04-01",
        ...o.extra,
      };
      params.SmsSid = params.MessageSid = params.SmsMessageSid;
      const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "user-agent": "TwilioProxy/1.1", "i-twilio-idempotency-token": hex(8) });
      const signature = o.signature === undefined ? signTwilio(authToken, u, params) : o.signature;
      if (signature !== null) headers.set("x-twilio-signature", signature);
      return new Request(u, { method: "POST", headers, body: new URLSearchParams(params).toString() });
    },
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`fake Twilio: ${messages.length} of ${n} messages after ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return messages;
    },
    async stop() {
      for (const r of hanging) r.socket.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return fake;
}
