// Issue 33, item 4: a lead held as possible spam gets no photo upload token. Its answer looks like
// any other (a claim where the token would be), an upload with what it got is refused before a
// byte is counted, and once the office presses 'Not spam' the browser's ask gets a token. A real
// request goes on exactly as before. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { quoteBody, setEnv, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import photosHandler from "../../functions/lead-photos.ts";
import tokenHandler from "../../functions/lead-photo-token.ts";
import releaseHandler from "../../functions/admin-leads-release.ts";
import { runMaintenance } from "../../src/server/jobs/index.ts";
import { LEAD_PHOTO_CLAIM_PER_IP } from "../../src/server/leads/photo-claims.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
const photos = withBackground(photosHandler);
const release = withBackground(releaseHandler);
afterEach(async () => {
  await contact.settle();
  await photos.settle();
  await release.settle();
});

let seq = 0;
const ip = () => `192.0.2.${++seq % 250}`;
let admin: string;

beforeAll(async () => {
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
  process.env.LEAD_NOTIFY_EMAIL = "office-held-photos@example.com";
  admin = (await userWithSession(db(), { role: "admin" })).token;
});
afterAll(() => {
  delete process.env.CONTENT_DIR;
  delete process.env.LEAD_NOTIFY_EMAIL;
});

const sha = (s: string | Uint8Array) => createHash("sha256").update(s).digest("hex");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A real picture, different on every call. */
async function picture(): Promise<Uint8Array> {
  const c = () => Math.floor(Math.random() * 256);
  return new Uint8Array(await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: c(), g: c(), b: c() } } }).jpeg().toBuffer());
}

/** A quote request with `photos`; `held`: the honeypot filled, or sent 1 s after the form showed. */
async function quote(email: string, opts: { photos?: number; held?: "honeypot" | "too-fast"; from?: string } = {}) {
  const spam = opts.held === "honeypot" ? { website: "http://spam.example" } : opts.held === "too-fast" ? { startedAt: Date.now() - 1000 } : {};
  const body = quoteBody({ email, photos: opts.photos ?? 2, ...spam });
  const key = randomUUID();
  const r = await call(contact.fn, "POST", "/api/public/contact", { body, ip: opts.from ?? ip(), headers: { "Idempotency-Key": key } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  await contact.settle();
  const id = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0].id;
  /** The same request again with its key, as the outbox sends it: the first answer again. */
  const repeat = () => call(contact.fn, "POST", "/api/public/contact", { body, ip: ip(), headers: { "Idempotency-Key": key } });
  return { id, answer: r.json, photoToken: r.json.data.photoToken as string, repeat };
}

async function upload(token: string, bytes: Uint8Array, from = ip()) {
  const req = new Request("http://localhost:8888/api/leads/photos", {
    method: "POST",
    headers: { "content-type": "image/jpeg", "X-Photo-Token": token, "Idempotency-Key": randomUUID() },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const res = await photos.fn(req, { ip: from, requestId: randomUUID(), params: {} });
  return { status: res.status, json: await res.json() };
}

/** The browser's ask: may this request's photos come now? */
const ask = (claim: string | null, from = ip()) => call(tokenHandler, "POST", "/api/leads/photos/token", { headers: claim === null ? {} : { "X-Photo-Token": claim }, ip: from });
const releaseLead = async (id: string) => {
  const r = await call(release.fn, "POST", `/api/admin/leads/${id}/release`, { token: admin, params: { id }, body: {} });
  expect(r.status).toBe(200);
  await release.settle();
};
const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(sql, params)).rows[0].n);
const photosOf = (id: string) => count("SELECT count(*) AS n FROM lead_photos WHERE lead_id = $1", [id]);
/** Every byte of lead photos charged to any quota, on any day. */
const quotaUsed = () => count("SELECT COALESCE(sum(bytes), 0) AS n FROM lead_photo_quota");

describe("a request held as possible spam", () => {
  it.each(["honeypot", "too-fast"] as const)("(%s) answers like any other, but nothing it got uploads a photo: 401, nothing stored, no quota used", async (held) => {
    const email = `held-answer-${held}@example.com`;
    const real = await quote(`real-of-${email}`);
    const { id, answer, photoToken, repeat } = await quote(email, { held });
    // The same shape as a real request's answer: the hold is not given away.
    expect(answer).toEqual({ status: true, data: { status: true, photoToken: expect.stringMatching(TOKEN_SHAPE) } });
    expect(Object.keys(answer.data)).toEqual(Object.keys(real.answer.data));
    // No upload token for it; its claim is stored as a hash only, with the photos it announced.
    expect(await count("SELECT count(*) AS n FROM lead_photo_tokens WHERE lead_id = $1", [id])).toBe(0);
    expect((await db().query("SELECT claim_hash, photos FROM lead_photo_claims WHERE lead_id = $1", [id])).rows).toEqual([{ claim_hash: sha(photoToken), photos: 2 }]);

    const before = await quotaUsed();
    const up = await upload(photoToken, await picture());
    expect(up).toEqual({ status: 401, json: { status: false, error: "This upload link is not valid.", message: "This upload link is not valid." } });
    // Nor the stored hash, nor the answer of a repeat of its key (the same claim).
    expect((await upload(sha(photoToken), await picture())).status).toBe(401);
    const again = await repeat();
    expect(again.json).toEqual(answer);
    expect((await upload(again.json.data.photoToken, await picture())).status).toBe(401);
    // Asking gives no token either while it is held.
    const waiting = await ask(photoToken);
    expect(waiting.status).toBe(202);
    expect(waiting.json).toEqual({ status: true, data: { waiting: true } });
    expect(await photosOf(id)).toBe(0);
    expect(await quotaUsed()).toBe(before);
  });

  it("ten held requests cannot use up the day's photo quota: a real customer's photo still goes in", async () => {
    // The site's quota for the day: room for about two of these photos.
    const undo = setEnv({ LEAD_PHOTO_DAILY_BYTES_TOTAL: String((await picture()).length * 2 + 2_000) });
    try {
      await db().query("DELETE FROM lead_photo_quota");
      const refused: number[] = [];
      for (let i = 0; i < 10; i++) {
        const from = `2001:db8:${i}::1`;
        const { photoToken } = await quote(`flood-${i}@example.com`, { held: "honeypot", photos: 5, from });
        for (let n = 0; n < 2; n++) refused.push((await upload(photoToken, await picture(), from)).status);
      }
      const flooded = await quotaUsed();
      const customer = await quote("customer-after-flood@example.com", { photos: 1 });
      const up = await upload(customer.photoToken, await picture());
      expect(up.status, JSON.stringify(up.json)).toBe(201);
      expect(refused).toEqual(Array(20).fill(401));
      expect(flooded).toBe(0);
    } finally {
      undo();
    }
  });

  it("after 'Not spam' the browser's ask gets an upload token, its photos go in, and the office e-mail says they follow", async () => {
    const email = "held-released-photos@example.com";
    const { id, photoToken: claim } = await quote(email, { held: "too-fast", photos: 2 });
    expect((await ask(claim)).status).toBe(202);

    await releaseLead(id);
    const mail = (await db().query<{ text_body: string }>("SELECT text_body FROM outbox WHERE to_address = 'office-held-photos@example.com' AND text_body LIKE $1", [`%${email}%`])).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain("Photos:   2 on the way with the request");

    const ready = await ask(claim);
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: true, data: { photoToken: expect.stringMatching(TOKEN_SHAPE) } });
    const token = ready.json.data.photoToken as string;
    expect(token).not.toBe(claim);
    const before = await quotaUsed();
    const first = await upload(token, await picture());
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.data).toMatchObject({ count: 1 });
    expect(await photosOf(id)).toBe(1);
    expect(await quotaUsed()).toBeGreaterThan(before);
    // The claim itself still uploads nothing.
    expect((await upload(claim, await picture())).status).toBe(401);
    const claimRow = (await db().query<{ token_issued_at: Date | null }>("SELECT token_issued_at FROM lead_photo_claims WHERE lead_id = $1", [id])).rows[0];
    expect(claimRow.token_issued_at).toBeInstanceOf(Date);
  });

  it("asking again (the answer was lost) replaces the token and keeps its count: never more than 5 photos", async () => {
    const { id, photoToken: claim } = await quote("held-ask-again@example.com", { held: "honeypot", photos: 5 });
    await releaseLead(id);
    const first = (await ask(claim)).json.data.photoToken as string;
    for (let i = 1; i <= 3; i++) expect((await upload(first, await picture())).json.data.count).toBe(i);
    const second = (await ask(claim)).json.data.photoToken as string;
    expect(second).not.toBe(first);
    expect((await upload(first, await picture())).status).toBe(401);
    expect((await upload(second, await picture())).json.data.count).toBe(4);
    expect((await upload(second, await picture())).json.data.count).toBe(5);
    expect((await upload(second, await picture())).status).toBe(409);
    expect(await photosOf(id)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM lead_photo_tokens WHERE lead_id = $1", [id])).toBe(1);
  });

  it("two asks at once (two tabs) each get a token; only the later one works, and the photos count once", async () => {
    const { id, photoToken: claim } = await quote("held-two-tabs@example.com", { held: "honeypot", photos: 1 });
    await releaseLead(id);
    const [a, b] = await Promise.all([ask(claim), ask(claim)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const results = [(await upload(a.json.data.photoToken, await picture())).status, (await upload(b.json.data.photoToken, await picture())).status].sort();
    expect(results).toEqual([201, 401]);
    expect(await photosOf(id)).toBe(1);
  });

  it("its claim dies with it: unreleased after 30 days it is deleted and the ask is 401; a released one's claim is 410 after 30 days", async () => {
    const gone = await quote("held-claim-gone@example.com", { held: "honeypot" });
    const kept = await quote("held-claim-kept@example.com", { held: "honeypot" });
    await releaseLead(kept.id);
    await db().query("UPDATE leads SET created_at = now() - interval '31 days' WHERE id = ANY($1)", [[gone.id, kept.id]]);
    await db().query("UPDATE lead_photo_claims SET created_at = now() - interval '31 days' WHERE lead_id = ANY($1)", [[gone.id, kept.id]]);
    await runMaintenance(db());
    expect(await count("SELECT count(*) AS n FROM lead_photo_claims WHERE lead_id = $1", [gone.id])).toBe(0);
    expect((await ask(gone.photoToken)).status).toBe(401);
    const late = await ask(kept.photoToken);
    expect(late.status).toBe(410);
    expect(late.json).toEqual({ status: false, error: "The photos of this request can no longer be sent.", message: "The photos of this request can no longer be sent." });
  });
});

it("the query console's role reads the claims but never their hash (a secret, as a token's is)", async () => {
  const can = async (column: string) =>
    (await db().query<{ ok: boolean }>("SELECT has_column_privilege('console_reader', 'lead_photo_claims', $1, 'SELECT') AS ok", [column])).rows[0].ok;
  expect(await can("claim_hash")).toBe(false);
  for (const column of ["lead_id", "photos", "created_at", "token_issued_at"]) expect(await can(column)).toBe(true);
});

describe("a real request (not held)", () => {
  it("gets its upload token at once and no claim, exactly as before; its token is no claim to ask with", async () => {
    const { id, answer, photoToken } = await quote("real-as-before@example.com", { photos: 2 });
    expect(answer).toEqual({ status: true, data: { status: true, photoToken: expect.stringMatching(TOKEN_SHAPE) } });
    expect(await count("SELECT count(*) AS n FROM lead_photo_claims WHERE lead_id = $1", [id])).toBe(0);
    const up = await upload(photoToken, await picture());
    expect(up.status).toBe(201);
    expect(up.json).toEqual({ status: true, data: { id: expect.any(String), bytes: expect.any(Number), contentType: "image/jpeg", count: 1 } });
    expect(await photosOf(id)).toBe(1);
    expect((await ask(photoToken)).status).toBe(401);
    expect((await quote("real-no-photos@example.com", { photos: 0 })).answer).toEqual({ status: true, data: { status: true } });
  });
});

describe("POST /api/leads/photos/token", () => {
  it("401 without a claim or with an unknown one, 405 for GET", async () => {
    expect((await ask(null)).status).toBe(401);
    expect((await ask("x".repeat(43))).status).toBe(401);
    expect((await ask("x".repeat(500))).status).toBe(401);
    expect((await call(tokenHandler, "GET", "/api/leads/photos/token")).status).toBe(405);
  });

  it(`limits asks per IP (${LEAD_PHOTO_CLAIM_PER_IP.max} per 10 minutes; an IPv6 /64 is one) with 429 and Retry-After`, async () => {
    const { photoToken: claim } = await quote("held-asks-limited@example.com", { held: "honeypot" });
    for (let i = 0; i < LEAD_PHOTO_CLAIM_PER_IP.max; i++) expect((await ask(claim, `2001:db8:77:1::${i.toString(16)}`)).status).toBe(202);
    const over = await ask(claim, "2001:db8:77:1::ffff");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask(claim, "2001:db8:77:2::1")).status).toBe(202);
  });
});
