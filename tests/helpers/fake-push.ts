/**
 * A local stand-in for a browser's push service (FCM, Mozilla's autopush), speaking the Web Push
 * protocol (RFC 8030) over http on loopback: the server POSTs an encrypted message (RFC 8291,
 * aes128gcm) with VAPID authorization (RFC 8292) to a subscription's endpoint and gets 201.
 *
 * `subscribe()` makes a subscription the way a browser does (a P-256 key pair and a 16-byte auth
 * secret) whose endpoint is this server, so the stand-in can decrypt what it receives and the test
 * can read it. It can also answer like a real service on a bad day: `failNext` 429s, 5xx and
 * timeouts (no answer), and `gone` answers 410 for a subscription that no longer exists.
 */
import { createECDH, createHmac, createDecipheriv, randomBytes, createPublicKey, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  id: string;
  at: number;
  headers: Record<string, string>;
  /** The decrypted payload, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  /** Whether the VAPID JWT verified against the key in the Authorization header. */
  vapidValid: boolean;
}

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

type Failure = 429 | 500 | 503 | "timeout";

export interface FakePush {
  url: string;
  subscribe(): FakeSubscription;
  /** Every message delivered (answered 201), in order. */
  received: Received[];
  /** Every request, whatever it was answered. */
  requests: number;
  /** The next `n` requests (to any subscription) fail this way. */
  failNext(n: number, how: Failure): void;
  /** Each request fails with this probability, in one of these ways (a seeded sequence). */
  failRandomly(fraction: number, ways?: Failure[]): void;
  /** From now on this subscription answers 410 Gone. */
  gone(id: string): void;
  /** Waits until `n` messages have been delivered. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  stop(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 + RFC 8188 (aes128gcm, one record), as the user agent decrypts. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Verifies `Authorization: vapid t=<jwt>, k=<public key>` (ES256). */
function vapidValid(header: string | undefined): boolean {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) return false;
  const [h, p, s] = m[1].split(".");
  if (!h || !p || !s) return false;
  const raw = Buffer.from(m[2], "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: "jwk" });
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now() || typeof claims.aud !== "string" || !/^mailto:|^https:/.test(claims.sub)) return false;
  return verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
}

export async function startFakePush(): Promise<FakePush> {
  const subs = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: Received[] = [];
  const failures: Failure[] = [];
  let random: { fraction: number; ways: Failure[]; seed: number } | null = null;
  let requests = 0;
  const waiters: (() => void)[] = [];
  const hanging = new Set<IncomingMessage>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    requests++;
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const sub = subs.get(id);
    if (req.method !== "POST" || !sub) return void res.writeHead(404).end();
    if (sub.gone) return void res.writeHead(410).end();
    let failure = failures.shift();
    if (!failure && random) {
      random.seed = (random.seed * 1103515245 + 12345) % 2 ** 31;
      if (random.seed / 2 ** 31 < random.fraction) failure = random.ways[random.seed % random.ways.length];
    }
    if (failure === "timeout") return void hanging.add(req); // never answered
    if (failure) return void res.writeHead(failure, failure === 429 ? { "retry-after": "1" } : {}).end();
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const text = decryptPush(Buffer.concat(chunks), sub.ecdh, sub.auth);
    received.push({ id, at: Date.now(), headers, payload: JSON.parse(text), vapidValid: vapidValid(headers.authorization) });
    res.writeHead(201, { location: `/message/${received.length}` }).end();
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    get requests() {
      return requests;
    },
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64u(randomBytes(9));
      subs.set(id, { ecdh, auth, gone: false });
      return { id, endpoint: `${url}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    failNext(n, how) {
      for (let i = 0; i < n; i++) failures.push(how);
    },
    failRandomly(fraction, ways = [429, 500, 503, "timeout"]) {
      random = { fraction, ways, seed: 42 };
    },
    gone(id) {
      const s = subs.get(id);
      if (s) s.gone = true;
    },
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`fake push: ${received.length} of ${n} messages after ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return received;
    },
    async stop() {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
