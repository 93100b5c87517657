/**
 * Issue 13: quote requests with project details and photos, idempotent submits, admin-only photo
 * access and the Zoho attachment sync. Issue 25 (item 4): every photo decoded and re-encoded
 * without metadata, and a daily byte quota per IP and for everyone. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { setDb, type Queryable, type Row } from "../../src/server/db/index.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { inquiryBody, quoteBody, useZohoEnv, withBackground } from "../helpers/leads.ts";
import contactHandler from "../../functions/public-contact.ts";
import inquiryHandler from "../../functions/public-inquiry.ts";
import photosHandler from "../../functions/lead-photos.ts";
import adminPhotos from "../../functions/admin-lead-photos.ts";
import adminLeads from "../../functions/admin-leads.ts";
import adminRetry from "../../functions/admin-leads-retry.ts";
import adminRelease from "../../functions/admin-leads-release.ts";
import photoTokenHandler from "../../functions/lead-photo-token.ts";
import { LEAD_PHOTO_PER_IP } from "../../src/server/leads/photos.ts";
import { subjectOf } from "../../src/server/leads/photo-quota.ts";
import { retryDuePhotos, attachmentName } from "../../src/server/leads/photo-sync.ts";
import { retryDueLeads } from "../../src/server/leads/crm-queue.ts";
import { clearTokenMemory } from "../../src/server/crm/token.ts";
import { PHOTO_MAX_BYTES } from "../../src/lib/contracts/lead.ts";
import { bodyHash } from "../../src/server/leads/idempotency.ts";
import { quoteRequestSchema } from "../../src/lib/lead-schemas.ts";

const db = useTestDb();
const contactBg = withBackground(contactHandler);
const inquiryBg = withBackground(inquiryHandler);
const photosBg = withBackground(photosHandler);
const settle = async () => {
  await contactBg.settle();
  await inquiryBg.settle();
  await photosBg.settle();
};
afterEach(settle);

let seq = 0;
const ip = () => `198.51.100.${++seq % 250}-${seq}`;
const key = () => randomUUID();

beforeAll(() => {
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
});
afterAll(() => {
  delete process.env.CONTENT_DIR;
  delete process.env.LEAD_NOTIFY_EMAIL;
  delete process.env.SITE_URL;
});

/** Not a picture: a JPEG, PNG or WebP header (magic bytes) and then `size` bytes of random data. */
function noise(type: "jpeg" | "png" | "webp" = "jpeg", size = 2048): Uint8Array {
  const head =
    type === "jpeg" ? [0xff, 0xd8, 0xff, 0xe0] : type === "png" ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP")];
  const out = new Uint8Array(size);
  out.set(randomBytes(size));
  out.set(head);
  return out;
}

/** A real picture made by sharp, different on every call: random blotches of colour; a PNG is half transparent. */
async function picture(type: "jpeg" | "png" | "webp" = "jpeg", { width = 120, height = 90 } = {}): Promise<Uint8Array> {
  const seed = sharp({ create: { width: Math.ceil(width / 8), height: Math.ceil(height / 8), channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } });
  const pixels = await seed.png().toBuffer();
  const image = sharp(await sharp(pixels).resize(width, height, { kernel: "cubic" }).png().toBuffer());
  const encoded = type === "jpeg" ? image.jpeg({ quality: 80 }) : type === "png" ? image.ensureAlpha(0.5).png() : image.webp({ quality: 80 });
  return new Uint8Array(await encoded.toBuffer());
}

/** A valid JPEG of exactly `size` bytes: `jpeg` with comment (COM) segments after its start marker. */
function paddedJpeg(jpeg: Uint8Array, size: number): Uint8Array {
  const segments: Buffer[] = [];
  for (let left = size - jpeg.length; left > 0; ) {
    let n = Math.min(left, 0xffff + 2); // marker (2) + length (2, counting itself) + up to 65,533 bytes
    if (left - n > 0 && left - n < 4) n -= 4; // the last segment needs room for its own 4 bytes
    const seg = Buffer.alloc(n, 0x20);
    seg.writeUInt16BE(0xfffe, 0);
    seg.writeUInt16BE(n - 2, 2);
    segments.push(seg);
    left -= n;
  }
  const out = Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
  expect(out.length).toBe(size);
  return new Uint8Array(out);
}

/**
 * A phone camera's JPEG, 300 × 200 as stored with orientation 6 (shown 200 × 300): EXIF with the
 * camera and a GPS block (the homeowner's house), XMP naming its author, a Display P3 profile.
 */
async function cameraPhoto(): Promise<Uint8Array> {
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Homeowner"/></rdf:RDF></x:xmpmeta>';
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: randomBytes(1)[0], g: 128, b: 192 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Dock Cam 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 46/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 56/1 58/1" },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .withXmp(xmp)
    .toBuffer();
  return new Uint8Array(jpeg);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** The bytes stored for a photo (the re-encoded picture). */
const storedBytes = async (photoId: string) =>
  new Uint8Array(
    (await db().query<{ bytes: Uint8Array }>("SELECT b.bytes FROM lead_photos p JOIN lead_photo_blobs b ON b.sha256 = p.blob_sha256 WHERE p.id = $1", [photoId])).rows[0].bytes,
  );

async function upload(token: string | null, bytes: Uint8Array, opts: { key?: string | null; ip?: string; type?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ "content-type": opts.type ?? "image/jpeg", ...opts.headers });
  if (token !== null) headers.set("X-Photo-Token", token);
  const k = opts.key === undefined ? key() : opts.key;
  if (k) headers.set("Idempotency-Key", k);
  const req = new Request("http://localhost:8888/api/leads/photos", { method: "POST", headers, body: bytes as Uint8Array<ArrayBuffer> });
  const res = await photosBg.fn(req, { ip: opts.ip ?? ip(), requestId: randomUUID(), params: {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

async function quote(over: Record<string, unknown> = {}, opts: { key?: string; ip?: string } = {}) {
  const r = await call(contactBg.fn, "POST", "/api/public/contact", {
    body: quoteBody({ email: `photo-${++seq}@example.com`, ...over }),
    ip: opts.ip ?? ip(),
    headers: opts.key ? { "Idempotency-Key": opts.key } : {},
  });
  return r;
}
const leadOf = async (email: string) => (await db().query<{ id: string; message: string }>("SELECT id, message FROM leads WHERE email = $1", [email])).rows;
const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(sql, params)).rows[0].n);
const leadIdOfToken = async (token: string) =>
  (await db().query<{ lead_id: string }>("SELECT lead_id FROM lead_photo_tokens WHERE token_hash = $1", [sha(new TextEncoder().encode(token))])).rows[0].lead_id;

describe("quote request with project details and photos", () => {
  it("stores the details as the lead's message and answers a photo token only when photos are announced", async () => {
    const email = "details@example.com";
    const r = await quote({ email, details: "Seawall cap cracked along 40 ft.\nNeeds a quote for repair.", photos: 3 });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { status: true, photoToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    expect((await leadOf(email))[0].message).toBe("Seawall cap cracked along 40 ft.\nNeeds a quote for repair.");
    expect((await quote({ photos: 0 })).json).toEqual({ status: true, data: { status: true } });
    expect((await quote()).json).toEqual({ status: true, data: { status: true } });
    const inq = await call(inquiryBg.fn, "POST", "/api/public/inquiry", { body: inquiryBody({ message: "Is it galvanized?\nThanks" }), ip: ip() });
    expect(inq.json).toEqual({ status: true, message: "Thank you for your inquiry" });
  });

  it("puts the details and a link to the lead's photos in the office e-mail", async () => {
    process.env.LEAD_NOTIFY_EMAIL = "office-photos@example.com";
    process.env.SITE_URL = "https://www.example.com/";
    try {
      const email = "details-mail@example.com";
      await quote({ email, details: "Dock boards rotten — see photos", photos: 2 });
      const [lead] = await leadOf(email);
      const mail = (await db().query<{ text_body: string }>("SELECT text_body FROM outbox WHERE to_address = 'office-photos@example.com'")).rows[0];
      expect(mail.text_body).toContain("Project details:\nDock boards rotten — see photos");
      expect(mail.text_body).toContain(`Photos:   2 on the way with the request; see them with the lead in https://www.example.com/admin?lead=${lead.id}`);
    } finally {
      delete process.env.LEAD_NOTIFY_EMAIL;
      delete process.env.SITE_URL;
    }
  });

  it("refuses 10,000 characters of details with a 400 naming the field, and stores nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM leads");
    const r = await quote({ details: "x".repeat(10_000), photos: 2 });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "details", message: "Invalid details: must be at most 2000 characters" });
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(before);
  });
});

describe("POST /api/leads/photos", () => {
  let token: string;
  let leadId: string;
  beforeEach(async () => {
    token = (await quote({ photos: 5 })).json.data.photoToken;
    leadId = await leadIdOfToken(token);
  });
  const photosOf = (id: string) => count("SELECT count(*) AS n FROM lead_photos WHERE lead_id = $1", [id]);

  it("stores a JPEG, a PNG (with transparency) and a WebP picture (201) re-encoded as JPEG, with the stored size and the token's count", async () => {
    const jpeg = await upload(token, await picture("jpeg"));
    expect(jpeg.status).toBe(201);
    expect(jpeg.json).toEqual({ status: true, data: { id: expect.any(String), bytes: expect.any(Number), contentType: "image/jpeg", count: 1 } });
    // The Content-Type the browser sends is not trusted: the bytes decide, and every picture is stored as a JPEG.
    const png = await upload(token, await picture("png"), { type: "image/jpeg" });
    expect(png.json.data).toMatchObject({ contentType: "image/jpeg", count: 2 });
    const webp = await upload(token, await picture("webp"), { type: "application/octet-stream" });
    expect(webp.json.data).toMatchObject({ contentType: "image/jpeg", count: 3 });
    expect(await photosOf(leadId)).toBe(3);
    for (const up of [jpeg, png, webp]) {
      const stored = await storedBytes(up.json.data.id);
      expect(up.json.data.bytes).toBe(stored.length);
      const m = await sharp(stored).metadata();
      expect([m.format, m.width, m.height, m.hasAlpha]).toEqual(["jpeg", 120, 90, false]);
    }
    // The PNG's half-transparent colours (128 on average) are laid on white (JPEG has no alpha), not on black.
    const data = await sharp(await storedBytes(png.json.data.id)).raw().toBuffer();
    expect(data.reduce((sum, v) => sum + v, 0) / data.length).toBeGreaterThan(170);
  });

  it("refuses random bytes behind a JPEG, PNG or WebP header with 400 and the contract's message, storing and counting nothing", async () => {
    for (const type of ["jpeg", "png", "webp"] as const) {
      const r = await upload(token, noise(type, 4096), { type: `image/${type}` });
      expect(r.status, type).toBe(400);
      expect(r.json).toEqual({ status: false, error: "This file is not a JPEG, PNG or WebP picture.", message: "This file is not a JPEG, PNG or WebP picture." });
    }
    // A real JPEG cut in half (the end of the picture missing) does not decode either.
    const whole = await picture("jpeg", { width: 400, height: 300 });
    expect((await upload(token, whole.subarray(0, whole.length >> 1))).status).toBe(400);
    expect(await photosOf(leadId)).toBe(0);
    expect(await count("SELECT count AS n FROM lead_photo_tokens WHERE lead_id = $1", [leadId])).toBe(0);
  });

  it("drops EXIF (camera, GPS), XMP and the ICC profile after turning the picture upright (orientation 6)", async () => {
    const upload_ = await cameraPhoto();
    // What is sent carries all of it: a camera, a GPS block (its IFD pointer, tag 0x8825), orientation 6, XMP, a profile.
    const sent = await sharp(upload_).metadata();
    expect([sent.width, sent.height, sent.orientation, !!sent.xmp, !!sent.icc]).toEqual([300, 200, 6, true, true]);
    expect(sent.exif!.includes(Buffer.from("PhoneMaker"))).toBe(true);
    expect(sent.exif!.includes(Buffer.from([0x25, 0x88])) || sent.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(true);

    const r = await upload(token, upload_);
    expect(r.status).toBe(201);
    const stored = await storedBytes(r.json.data.id);
    const m = await sharp(stored).metadata();
    expect({ format: m.format, width: m.width, height: m.height, orientation: m.orientation, exif: m.exif, xmp: m.xmp, icc: m.icc, iptc: m.iptc }).toEqual({
      format: "jpeg",
      width: 200,
      height: 300,
      orientation: undefined,
      exif: undefined,
      xmp: undefined,
      icc: undefined,
      iptc: undefined,
    });
    for (const text of ["Exif", "PhoneMaker", "Homeowner", "xmpmeta"]) expect(Buffer.from(stored).includes(Buffer.from(text)), text).toBe(false);
    expect(sha(stored)).not.toBe(sha(upload_));
  });

  it("fits a larger picture within 1600 px (the browser's own limit) and keeps a smaller one's size", async () => {
    const big = await upload(token, await picture("jpeg", { width: 2000, height: 1500 }));
    const tall = await upload(token, await picture("webp", { width: 900, height: 2400 }));
    const small = await upload(token, await picture("png", { width: 640, height: 480 }));
    const sizes = [];
    for (const up of [big, tall, small]) {
      const m = await sharp(await storedBytes(up.json.data.id)).metadata();
      sizes.push([m.width, m.height]);
    }
    expect(sizes).toEqual([
      [1600, 1200],
      [600, 1600],
      [640, 480],
    ]);
  });

  it("refuses a 20 MB photo with 413 and stores nothing (with and without a declared length)", async () => {
    const big = noise("jpeg", 20 * 1024 * 1024);
    const streamed = await upload(token, big);
    expect(streamed.status).toBe(413);
    expect(streamed.json).toEqual({ status: false, error: "This photo is larger than 5 MB.", message: "This photo is larger than 5 MB." });
    const declared = await upload(token, big, { headers: { "content-length": String(big.length) } });
    expect(declared.status).toBe(413);
    const justOver = await upload(token, paddedJpeg(await picture(), PHOTO_MAX_BYTES + 1));
    expect(justOver.status).toBe(413);
    expect(await photosOf(leadId)).toBe(0);
    expect(await count("SELECT count AS n FROM lead_photo_tokens WHERE lead_id = $1", [leadId])).toBe(0);
    const atLimit = await upload(token, paddedJpeg(await picture(), PHOTO_MAX_BYTES));
    expect(atLimit.status).toBe(201);
    // Its 5 MB of comments are not kept.
    expect(atLimit.json.data.bytes).toBeLessThan(20_000);
  });

  it("refuses a PDF renamed .jpg, an SVG, a GIF and an empty body with 400 and stores nothing", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    const r = await upload(token, pdf, { type: "image/jpeg" });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: false, error: "This file is not a JPEG, PNG or WebP picture.", message: "This file is not a JPEG, PNG or WebP picture." });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(token, svg, { type: "image/svg+xml" })).status).toBe(400);
    expect((await upload(token, new TextEncoder().encode("GIF89a......"), { type: "image/gif" })).status).toBe(400);
    expect((await upload(token, new Uint8Array(0))).status).toBe(400);
    expect(await photosOf(leadId)).toBe(0);
  });

  it("takes at most 5 photos per token: the sixth is 409, a repeat of a stored one still 200", async () => {
    const keys = Array.from({ length: 5 }, key);
    const pictures = await Promise.all(keys.map(() => picture()));
    const answers = [];
    for (const [i, k] of keys.entries()) answers.push(await upload(token, pictures[i], { key: k }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const sixth = await upload(token, await picture());
    expect(sixth.status).toBe(409);
    expect(sixth.json.error).toBe("A quote request can carry at most 5 photos.");
    expect((await upload(token, await picture())).status).toBe(409);
    const again = await upload(token, pictures[2], { key: keys[2] });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(answers[2].json);
    expect(await photosOf(leadId)).toBe(5);
  });

  it("answers 401 for a missing or unknown token and 410 for an expired one", async () => {
    const none = await upload(null, await picture());
    expect(none.status).toBe(401);
    expect(none.json.error).toBe("This upload link is not valid.");
    expect((await upload("not-a-token", await picture())).status).toBe(401);
    expect((await upload(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), await picture())).status).toBe(401);
    await db().query("UPDATE lead_photo_tokens SET expires_at = now() - interval '1 second' WHERE lead_id = $1", [leadId]);
    const expired = await upload(token, await picture());
    expect(expired.status).toBe(410);
    expect(expired.json.error).toBe("This upload link has expired. Please send the photos again with a new request.");
    expect(await photosOf(leadId)).toBe(0);
  });

  it("the token expires 24 hours after the lead", async () => {
    const r = await db().query<{ hours: number }>(
      "SELECT EXTRACT(EPOCH FROM (t.expires_at - l.created_at)) / 3600 AS hours FROM lead_photo_tokens t JOIN leads l ON l.id = t.lead_id WHERE t.lead_id = $1",
      [leadId],
    );
    expect(Number(r.rows[0].hours)).toBeCloseTo(24, 3);
  });

  it("refuses a malformed Idempotency-Key with 400", async () => {
    const r = await upload(token, await picture(), { key: "short" });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/Idempotency-Key/);
  });

  it(`rate-limits uploads per IP (${LEAD_PHOTO_PER_IP.max} per 10 minutes) with 429 and Retry-After`, async () => {
    const from = "203.0.113.201";
    for (let i = 0; i < LEAD_PHOTO_PER_IP.max; i++) expect((await upload("bad-token", noise("jpeg", 64), { ip: from })).status).toBe(401);
    const r = await upload(token, await picture(), { ip: from });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(r.json.status).toBe(false);
    expect(r.json.error).toEqual(expect.any(String));
    expect((await upload(token, await picture(), { ip: "203.0.113.202" })).status).toBe(201);
  });

  it("stores one photo for a repeated Idempotency-Key (in turn and 5 at once) and answers the first answer", async () => {
    const k = key();
    const bytes = await picture();
    const first = await upload(token, bytes, { key: k });
    const second = await upload(token, bytes, { key: k });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    const k2 = key();
    const b2 = await picture("png");
    const burst = await Promise.all(Array.from({ length: 5 }, () => upload(token, b2, { key: k2 })));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const r of burst) expect(r.json).toEqual(burst[0].json);
    expect(await photosOf(leadId)).toBe(2);
    expect(await count("SELECT count AS n FROM lead_photo_tokens WHERE lead_id = $1", [leadId])).toBe(2);
    // The same key with another picture is refused.
    const other = await upload(token, await picture(), { key: k });
    expect(other.status).toBe(422);
    expect(other.json.error).toBe("This request was already sent with different content.");
  });

  it("keeps the same picture once (content-addressed) when two leads send it", async () => {
    const bytes = await picture("jpeg", { width: 400, height: 300 });
    const otherToken = (await quote({ photos: 1 })).json.data.photoToken;
    const a = await upload(token, bytes);
    const b = await upload(otherToken, bytes);
    expect([a.status, b.status]).toEqual([201, 201]);
    const stored = sha(await storedBytes(a.json.data.id));
    expect(sha(await storedBytes(b.json.data.id))).toBe(stored);
    expect(await count("SELECT count(*) AS n FROM lead_photo_blobs WHERE sha256 = $1", [stored])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM lead_photos WHERE blob_sha256 = $1", [stored])).toBe(2);
  });

  it("refuses GET (405): photos are never served publicly", async () => {
    const r = await call(photosBg.fn, "GET", "/api/leads/photos");
    expect(r.status).toBe(405);
  });
});

describe("daily byte quota of lead photos", () => {
  // Office days in Cape Coral (EST, UTC-5, in these weeks): noon, 22:30 the same day, 00:01 the next.
  const MARCH = { noon: "2031-03-04T17:00:00Z", late: "2031-03-05T03:30:00Z", next: "2031-03-05T05:01:00Z" };
  const FEBRUARY = { noon: "2031-02-10T17:00:00Z", next: "2031-02-11T05:01:00Z" };
  const PER_IP = "This connection has sent as many photos as we can take in one day. Your request itself is in: please call our office to share the photos, or try sending them again tomorrow.";
  const TOTAL = "Our website has taken as many photos as it can for today. Your request itself is in: please call our office to share the photos, or try sending them again tomorrow.";
  /** The clock the server reads (Date only; the tests never sleep). PGlite's now() may follow it: leads are made after it is set. */
  const at = (iso: string) => vi.setSystemTime(new Date(iso));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.LEAD_PHOTO_DAILY_BYTES_PER_IP;
    delete process.env.LEAD_PHOTO_DAILY_BYTES_TOTAL;
  });
  // An IP is counted under its keyed hash (never stored as the address itself); "*" is everyone.
  const usedOn = (day: string, who: string) =>
    count("SELECT COALESCE((SELECT bytes FROM lead_photo_quota WHERE day = $1 AND subject = $2), 0) AS n", [day, who === "*" ? who : subjectOf(who)]);
  const photosOf = (id: string) => count("SELECT count(*) AS n FROM lead_photos WHERE lead_id = $1", [id]);
  const retryAfter = (r: { headers: Headers }) => Number(r.headers.get("retry-after"));

  it("refuses one IP's photos past its bytes for the day (429, what happened and what to do), counts only bytes stored, and takes them again the next office day", async () => {
    at(MARCH.noon);
    const from = "198.51.100.77";
    const token = (await quote({ photos: 5 })).json.data.photoToken;
    const leadId = await leadIdOfToken(token);
    const firstKey = key();
    // Larger than the photos after it, so that each of those alone fits the limits set below.
    const firstBytes = await picture("jpeg", { width: 400, height: 300 });
    const first = await upload(token, firstBytes, { ip: from, key: firstKey });
    expect(first.status).toBe(201);
    const used = first.json.data.bytes;
    // What is counted is the re-encoded picture, for the IP and for everyone.
    expect(used).toBe((await storedBytes(first.json.data.id)).length);
    expect([await usedOn("2031-03-04", from), await usedOn("2031-03-04", "*")]).toEqual([used, used]);
    // The address itself is never kept, only its keyed hash.
    expect(await count("SELECT count(*) AS n FROM lead_photo_quota WHERE subject LIKE $1", [`%${from}%`])).toBe(0);
    // The same picture again (another key) stores no new bytes, so it costs nothing.
    expect((await upload(token, firstBytes, { ip: from })).status).toBe(201);
    expect(await usedOn("2031-03-04", from)).toBe(used);

    // A photo that would pass the limit: refused, stored and counted nowhere.
    process.env.LEAD_PHOTO_DAILY_BYTES_PER_IP = String(used + 100);
    const over = await upload(token, await picture(), { ip: from });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ status: false, error: PER_IP, message: PER_IP });
    // Until midnight in Cape Coral: 12 hours from noon.
    expect(retryAfter(over)).toBeGreaterThan(12 * 3600 - 60);
    expect(retryAfter(over)).toBeLessThanOrEqual(12 * 3600);
    expect(await photosOf(leadId)).toBe(2);
    expect(await count("SELECT count AS n FROM lead_photo_tokens WHERE lead_id = $1", [leadId])).toBe(2);
    expect([await usedOn("2031-03-04", from), await usedOn("2031-03-04", "*")]).toEqual([used, used]);

    // Once the limit is reached, refused before anything is decoded (these bytes are no picture at all).
    process.env.LEAD_PHOTO_DAILY_BYTES_PER_IP = String(used);
    const full = await upload(token, noise("jpeg", 4096), { ip: from });
    expect([full.status, full.json.message]).toEqual([429, PER_IP]);
    // A retry of a photo already stored is answered as the first time.
    const retry = await upload(token, firstBytes, { ip: from, key: firstKey });
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    // Another connection is not held back.
    expect((await upload(token, await picture(), { ip: "198.51.100.78" })).status).toBe(201);

    at(MARCH.late);
    expect((await upload(token, await picture(), { ip: from })).status).toBe(429);
    at(MARCH.next);
    const tomorrow = await upload(token, await picture(), { ip: from });
    expect(tomorrow.status).toBe(201);
    expect(await usedOn("2031-03-05", from)).toBe(tomorrow.json.data.bytes);
    expect(await photosOf(leadId)).toBe(4);
  });

  it("refuses everyone's photos past the site's bytes for the day (429 and its message), and takes them again the next office day", async () => {
    at(FEBRUARY.noon);
    const [a, b] = [(await quote({ photos: 2 })).json.data.photoToken, (await quote({ photos: 2 })).json.data.photoToken];
    // Larger than the photos after it, so that each of those alone fits the limit set below.
    const first = await upload(a, await picture("jpeg", { width: 400, height: 300 }), { ip: "198.51.100.90" });
    expect(first.status).toBe(201);
    const used = first.json.data.bytes;
    expect(await usedOn("2031-02-10", "*")).toBe(used);

    process.env.LEAD_PHOTO_DAILY_BYTES_TOTAL = String(used + 100);
    const over = await upload(b, await picture(), { ip: "198.51.100.91" });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ status: false, error: TOTAL, message: TOTAL });
    expect(retryAfter(over)).toBeGreaterThan(12 * 3600 - 60);
    process.env.LEAD_PHOTO_DAILY_BYTES_TOTAL = String(used);
    const full = await upload(b, noise("png", 4096), { ip: "198.51.100.92" });
    expect([full.status, full.json.message]).toEqual([429, TOTAL]);
    expect(await photosOf(await leadIdOfToken(b))).toBe(0);
    expect(await usedOn("2031-02-10", "*")).toBe(used);

    at(FEBRUARY.next);
    const tomorrow = await upload(b, await picture(), { ip: "198.51.100.91" });
    expect(tomorrow.status).toBe(201);
    expect(await usedOn("2031-02-11", "*")).toBe(tomorrow.json.data.bytes);
  });
});

describe("admin photo access", () => {
  let admin: { token: string };
  let user: { token: string };
  let leadA: string;
  let leadB: string;
  let tokenA: string;
  let photoA: string;
  let storedA: Uint8Array;
  beforeAll(async () => {
    admin = await userWithSession(db(), { role: "admin" });
    user = await userWithSession(db(), { role: "user" });
    tokenA = (await quote({ photos: 2 })).json.data.photoToken;
    leadA = await leadIdOfToken(tokenA);
    const tokenB = (await quote({ photos: 1 })).json.data.photoToken;
    leadB = await leadIdOfToken(tokenB);
    photoA = (await upload(tokenA, await picture("png"))).json.data.id;
    storedA = await storedBytes(photoA);
    await upload(tokenA, await picture("jpeg"));
    await upload(tokenB, await picture("webp"));
  });
  const list = (id: string, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    call(adminPhotos, "GET", `/api/admin/leads/${id}/photos`, { ...opts, params: { id } });
  const one = (id: string, photoId: string, token?: string) => call(adminPhotos, "GET", `/api/admin/leads/${id}/photos/${photoId}`, { token, params: { id, photoId } });

  it("401 without a session, 403 for a non-admin, and a photo token is no key to them", async () => {
    expect((await list(leadA)).status).toBe(401);
    expect((await list(leadA, { token: user.token })).status).toBe(403);
    expect((await list(leadA, { token: tokenA })).status).toBe(401);
    expect((await list(leadA, { headers: { "X-Photo-Token": tokenA } })).status).toBe(401);
    expect((await one(leadA, photoA)).status).toBe(401);
    expect((await one(leadA, photoA, user.token)).status).toBe(403);
    expect((await one(leadA, photoA, tokenA)).status).toBe(401);
  });

  it("lists a lead's photos for an admin, oldest first, with their admin-only URL", async () => {
    const r = await list(leadA, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(2);
    expect(r.json.data[0]).toEqual({
      id: photoA,
      url: `/api/admin/leads/${leadA}/photos/${photoA}`,
      bytes: storedA.length,
      contentType: "image/jpeg",
      createdAt: expect.any(String),
      crmState: "disabled",
      crmError: null,
    });
    expect((await list(leadB, { token: admin.token })).json.data).toHaveLength(1);
    expect((await list(randomUUID(), { token: admin.token })).status).toBe(404);
    expect((await list("not-a-uuid", { token: admin.token })).status).toBe(400);
  });

  it("serves the stored bytes with their type, privately, and only through their own lead", async () => {
    const res = await adminPhotos(
      new Request(`http://localhost:8888/api/admin/leads/${leadA}/photos/${photoA}`, { headers: { authorization: `Bearer ${admin.token}` } }),
      { ip: "203.0.113.9", requestId: randomUUID(), params: { id: leadA, photoId: photoA } } as never,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(storedA));
    expect((await one(leadB, photoA, admin.token)).status).toBe(404);
    expect((await one(leadA, randomUUID(), admin.token)).status).toBe(404);
  });

  it("gives each lead its photo count in the admin list and the CSV", async () => {
    const r = await call(adminLeads, "GET", "/api/admin/leads?pageSize=100", { token: admin.token });
    const byId = new Map(r.json.data.data.map((l: { id: string; photoCount: number }) => [l.id, l.photoCount]));
    expect(byId.get(leadA)).toBe(2);
    expect(byId.get(leadB)).toBe(1);
    const csv = await call(adminLeads, "GET", "/api/admin/leads?format=csv", { token: admin.token });
    const header = csv.text.replace(/^\uFEFF/, "").split("\r\n")[0].split(",");
    // Counted from the end: the columns after 'photos' hold no comma for these leads (the address does).
    const row = csv.text.split("\r\n").find((l) => l.endsWith(leadA))!.split(",");
    expect(row.at(header.indexOf("photos") - header.length)).toBe("2");
  });
});

describe("Idempotency-Key on quote requests and inquiries", () => {
  it("20 concurrent repeats of one key store one lead, count once against the IP, and all get the first answer", async () => {
    const k = key();
    const email = "idem-burst@example.com";
    const body = quoteBody({ email, details: "Boat lift, 10k lbs", photos: 3 });
    const from = "203.0.113.150";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(contactBg.fn, "POST", "/api/public/contact", { body, ip: from, headers: { "Idempotency-Key": k } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.text).toBe(answers[0].text);
    expect(answers[0].json.data.photoToken).toEqual(expect.any(String));
    expect(await leadOf(email)).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM lead_photo_tokens t JOIN leads l ON l.id = t.lead_id WHERE l.email = $1", [email])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = $1", [email])).toBe(1);
    expect(await count("SELECT hits AS n FROM rate_limit WHERE key = $1", [`lead-submit-ip:${from}`])).toBe(1);
    // Later repeats too, even once the IP's limit is used up by other requests.
    await db().query("UPDATE rate_limit SET hits = 1000 WHERE key = $1", [`lead-submit-ip:${from}`]);
    const late = await call(contactBg.fn, "POST", "/api/public/contact", { body, ip: from, headers: { "Idempotency-Key": k } });
    expect(late.status).toBe(200);
    expect(late.text).toBe(answers[0].text);
    expect((await call(contactBg.fn, "POST", "/api/public/contact", { body: quoteBody(), ip: from, headers: { "Idempotency-Key": key() } })).status).toBe(429);
  });

  it("answers 422 for the same key with a different body, or on the other endpoint", async () => {
    const k = key();
    const email = "idem-422@example.com";
    expect((await quote({ email }, { key: k })).status).toBe(200);
    const r = await call(contactBg.fn, "POST", "/api/public/contact", { body: quoteBody({ email, subject: "Seawalls" , fullName: "Someone Else" }), ip: ip(), headers: { "Idempotency-Key": k } });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ status: false, message: "This request was already sent with different content." });
    const inq = await call(inquiryBg.fn, "POST", "/api/public/inquiry", { body: inquiryBody(), ip: ip(), headers: { "Idempotency-Key": k } });
    expect(inq.status).toBe(422);
    expect(await leadOf(email)).toHaveLength(1);
  });

  it("replays inquiries too, and refuses a malformed key with 400 storing nothing", async () => {
    const k = key();
    const body = inquiryBody({ email: "idem-inquiry@example.com", message: "Two please" });
    const a = await call(inquiryBg.fn, "POST", "/api/public/inquiry", { body, ip: ip(), headers: { "Idempotency-Key": k } });
    const b = await call(inquiryBg.fn, "POST", "/api/public/inquiry", { body, ip: ip(), headers: { "Idempotency-Key": k } });
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    expect(await leadOf("idem-inquiry@example.com")).toHaveLength(1);
    const before = await count("SELECT count(*) AS n FROM leads");
    for (const bad of ["short", "has spaces in it here", "x".repeat(129), "ünïcode-key-1234567"]) {
      const r = await call(contactBg.fn, "POST", "/api/public/contact", { body: quoteBody(), ip: ip(), headers: { "Idempotency-Key": bad } });
      expect(r.status, bad).toBe(400);
      expect(r.json.message).toMatch(/Idempotency-Key/);
    }
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(before);
  });

  describe("a repeat that arrives while the first request of its key is still in flight", () => {
    const FIRST_FAILED = "first request failed";
    /**
     * Holds the key's claim in an open transaction (as a first request does) until released.
     * `held` says how the transaction ended: "committed", or the message it was rolled back with
     * (FIRST_FAILED when asked to roll back; anything else, such as a failed INSERT, is a failure
     * of the test's own set-up and shows as such).
     */
    function holdClaim(k: string, body: unknown, outcome: "rollback" | "commit") {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const hash = bodyHash("/api/public/contact", quoteRequestSchema.parse(body));
      let claimed!: () => void;
      const isClaimed = new Promise<void>((r) => (claimed = r));
      const held: Promise<string> = db()
        .tx(async (q) => {
          await q.query("INSERT INTO lead_idempotency (key, endpoint, body_hash) VALUES ($1, '/api/public/contact', $2)", [k, hash]);
          claimed();
          await gate;
          if (outcome === "rollback") throw new Error(FIRST_FAILED);
          await q.query("UPDATE lead_idempotency SET status = 200, answer = $2 WHERE key = $1", [k, JSON.stringify({ status: true, data: { status: true, photoToken: "from-the-first" } })]);
        })
        .then(
          () => "committed",
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
      // A claim that failed never gets to `claimed()`: let the test go on and see why in `held`.
      void held.then(() => claimed());
      // A test that fails before releasing still ends the transaction (or the database never closes).
      onTestFinished(async () => {
        release();
        await held;
      });
      return { isClaimed, release, held };
    }

    afterEach(() => setDb(db()));
    const WAITING = "waiting on the first";
    /**
     * Sends the repeat of `k` and returns once it is waiting on the first's claim, the point under
     * test: on PostgreSQL its `INSERT … ON CONFLICT` on the key waits on the first's uncommitted row
     * (a lock wait in pg_stat_activity); on PGlite, one connection on which a transaction runs alone,
     * it has sent its first statement on lead_idempotency while the first's transaction holds that
     * connection, so the statement runs only once the first has ended. Fails if the repeat answers
     * before that, or never gets there.
     */
    async function repeatWhileHeld(k: string, body: unknown) {
      const base = db();
      let sent = false;
      const watch = (q: Queryable): Queryable => ({
        query<T extends Row = Row>(sql: string, params?: unknown[]) {
          if (sql.includes("lead_idempotency")) sent = true;
          return q.query<T>(sql, params);
        },
      });
      setDb({ ...base, ...watch(base), tx: (fn) => base.tx((q) => fn(watch(q))) });
      const repeat = call(contactBg.fn, "POST", "/api/public/contact", { body, ip: ip(), headers: { "Idempotency-Key": k } });
      let answered = false;
      void repeat.then(
        () => (answered = true),
        () => (answered = true),
      );
      const there =
        base.driver === "pglite"
          ? async () => sent
          : async () => {
              const r = await base.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO lead_idempotency%ON CONFLICT%'",
              );
              return r.rows[0].n === 1;
            };
      await expect
        .poll(async () => (answered ? "answered before the first ended" : (await there()) ? WAITING : "not there yet"), { timeout: 10_000, interval: 10 })
        .toBe(WAITING);
      return { repeat }; // not the promise itself, which an async function would wait for
    }

    it("waits, and gets the first answer once the first commits", async () => {
      const k = key();
      const body = quoteBody({ email: "inflight-commit@example.com", photos: 1 });
      const first = holdClaim(k, body, "commit");
      await first.isClaimed;
      const { repeat } = await repeatWhileHeld(k, body);
      first.release();
      expect(await first.held).toBe("committed");
      const r = await repeat;
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ status: true, data: { status: true, photoToken: "from-the-first" } });
      expect(await leadOf("inflight-commit@example.com")).toHaveLength(0); // the (simulated) first stored nothing here
    });

    it("waits, and does the work itself when the first fails and rolls back", async () => {
      const k = key();
      const body = quoteBody({ email: "inflight-rollback@example.com" });
      const first = holdClaim(k, body, "rollback");
      await first.isClaimed;
      const { repeat } = await repeatWhileHeld(k, body);
      first.release();
      expect(await first.held).toBe(FIRST_FAILED);
      const r = await repeat;
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ status: true, data: { status: true } });
      expect(await leadOf("inflight-rollback@example.com")).toHaveLength(1);
    });
  });

  it("does not keep a refusal: a key whose first try was invalid can still be used", async () => {
    const k = key();
    expect((await quote({ phone: "" }, { key: k })).status).toBe(400);
    expect((await quote({}, { key: k })).status).toBe(200);
  });

  it("answers spam exactly like a lead (a claim where the token would be), and takes no photo with it (issue 33)", async () => {
    const r = await quote({ website: "http://spam.example", photos: 1 }, { key: key() });
    expect(r.json).toEqual({ status: true, data: { status: true, photoToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    const up = await upload(r.json.data.photoToken, await picture());
    expect(up.status).toBe(401);
  });
});

describe("Zoho attachments of lead photos", () => {
  let zoho: FakeZoho;
  let undoEnv: () => void;
  beforeAll(async () => {
    zoho = await startFakeZoho({ hangMs: 1_500 });
    undoEnv = useZohoEnv(zoho);
  });
  afterAll(async () => {
    undoEnv();
    await zoho.close();
  });
  beforeEach(async () => {
    zoho.heal();
    clearTokenMemory();
    await db().query("DELETE FROM crm_token");
  });
  const attachmentsOf = (leadId: string) => zoho.attachments.filter((a) => a.File_Name.includes("lead-photo-") && photoIds.get(a.File_Name.match(/lead-photo-\d-(.+)\.\w+$/)?.[1] ?? "") === leadId);
  const photoIds = new Map<string, string>();
  const remember = (leadId: string, photoId: string) => photoIds.set(photoId, leadId);
  const photoState = async (id: string) =>
    (await db().query<Record<string, any>>("SELECT zoho_state, zoho_attachment_id, zoho_attempts, zoho_last_error FROM lead_photos WHERE id = $1", [id])).rows[0];
  const makeDue = () => db().query("UPDATE lead_photos SET zoho_next_attempt_at = now() - interval '1 second' WHERE zoho_state IN ('pending','failed')");

  it("puts the project details in the Zoho lead's Description and attaches a photo uploaded after the sync, once, as stored: without its EXIF", async () => {
    const email = "zoho-photos@example.com";
    const r = await quote({ email, details: "Replace 3 pilings", photos: 2 });
    await settle();
    const lead = (await db().query<{ id: string; crm_lead_id: string }>("SELECT id, crm_lead_id FROM leads WHERE email = $1", [email])).rows[0];
    expect(lead.crm_lead_id).toBeTruthy();
    expect(zoho.records.Leads.find((l) => l.id === lead.crm_lead_id)?.Description).toContain("Project details: Replace 3 pilings");
    const bytes = await cameraPhoto();
    const up = await upload(r.json.data.photoToken, bytes);
    remember(lead.id, up.json.data.id);
    await settle();
    const [att] = attachmentsOf(lead.id);
    expect(attachmentsOf(lead.id)).toHaveLength(1);
    // Zoho gets the stored picture (upright, no EXIF or GPS), never the bytes as uploaded.
    const stored = await storedBytes(up.json.data.id);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(att).toMatchObject({ module: "Leads", parentId: lead.crm_lead_id, sha256: sha(stored), Size: String(stored.length), contentType: "image/jpeg", File_Name: `lead-photo-1-${up.json.data.id}.jpg` });
    expect(att.sha256).not.toBe(sha(bytes));
    expect(await photoState(up.json.data.id)).toMatchObject({ zoho_state: "synced", zoho_attachment_id: att.id, zoho_attempts: 1, zoho_last_error: null });
    // Nothing sends it again.
    await makeDue();
    expect((await retryDuePhotos(db())).tried).toBe(0);
    expect(attachmentsOf(lead.id)).toHaveLength(1);
  });

  it("waits for the lead's own sync: a photo of a lead Zoho does not know yet is attached after it", async () => {
    zoho.failNext(100, "500", /\/crm\/v7\/(Accounts|Leads|Deals)/);
    const email = "zoho-later@example.com";
    const r = await quote({ email, photos: 1 });
    await settle();
    const up = await upload(r.json.data.photoToken, await picture("png"));
    await settle();
    const lead = (await db().query<{ id: string; crm_state: string }>("SELECT id, crm_state FROM leads WHERE email = $1", [email])).rows[0];
    remember(lead.id, up.json.data.id);
    expect(lead.crm_state).toBe("failed");
    expect(await photoState(up.json.data.id)).toMatchObject({ zoho_state: "pending", zoho_attempts: 0 });
    expect((await retryDuePhotos(db())).tried).toBe(0);
    zoho.heal();
    await db().query("UPDATE leads SET next_attempt_at = now() WHERE id = $1", [lead.id]);
    await retryDueLeads(db());
    const out = await retryDuePhotos(db());
    expect(out).toMatchObject({ tried: 1, synced: 1 });
    expect(attachmentsOf(lead.id)).toHaveLength(1);
  });

  it.each([
    ["500", 1],
    ["500-after", 1],
    ["timeout", 1],
    ["timeout-after", 1],
  ] as const)("after a failed upload (%s) it retries with backoff and ends attached exactly once", async (mode, expected) => {
    const email = `zoho-fail-${mode}@example.com`;
    const r = await quote({ email, photos: 1 });
    await settle();
    const lead = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0];
    zoho.failNext(1, mode, /Attachments/);
    const up = await upload(r.json.data.photoToken, await picture());
    remember(lead.id, up.json.data.id);
    await settle();
    const failed = await photoState(up.json.data.id);
    expect(failed).toMatchObject({ zoho_state: "failed", zoho_attempts: 1, zoho_last_error: expect.stringContaining("Attachments") });
    const due = await db().query<{ wait: number }>("SELECT EXTRACT(EPOCH FROM (zoho_next_attempt_at - now())) AS wait FROM lead_photos WHERE id = $1", [up.json.data.id]);
    expect(Number(due.rows[0].wait)).toBeGreaterThan(20);
    expect((await retryDuePhotos(db())).tried).toBe(0); // not due yet
    await makeDue();
    expect(await retryDuePhotos(db())).toMatchObject({ tried: 1, synced: 1 });
    expect(attachmentsOf(lead.id)).toHaveLength(expected);
    const done = await photoState(up.json.data.id);
    expect(done).toMatchObject({ zoho_state: "synced", zoho_attempts: 2, zoho_last_error: null });
    expect(done.zoho_attachment_id).toBe(attachmentsOf(lead.id)[0].id);
  });

  it("never takes or attaches photos of a held lead, until the admin releases it with 'Not spam'", async () => {
    const email = "zoho-spam@example.com";
    const r = await quote({ email, website: "http://spam.example", photos: 1 });
    // Its answer holds a claim, not an upload token (issue 33): the photo stays on the visitor's device.
    expect((await upload(r.json.data.photoToken, await picture())).status).toBe(401);
    await settle();
    const lead = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0];
    const admin = await userWithSession(db(), { role: "admin" });
    // A retry does not release a held lead (it would reach the CRM without its e-mails)…
    expect((await call(adminRetry, "POST", `/api/admin/leads/${lead.id}/retry`, { token: admin.token, params: { id: lead.id } })).status).toBe(409);
    await retryDueLeads(db());
    await retryDuePhotos(db());
    expect(zoho.records.Leads.filter((l) => l.Email === email)).toHaveLength(0);
    // …'Not spam' does; the browser's ask with the claim then gets a token, and the photo follows the lead.
    const release = withBackground(adminRelease);
    expect((await call(release.fn, "POST", `/api/admin/leads/${lead.id}/release`, { token: admin.token, params: { id: lead.id }, body: {} })).status).toBe(200);
    await release.settle();
    const ask = await call(photoTokenHandler, "POST", "/api/leads/photos/token", { headers: { "X-Photo-Token": r.json.data.photoToken }, ip: ip() });
    expect(ask.status).toBe(200);
    const up = await upload(ask.json.data.photoToken, await picture());
    expect(up.status).toBe(201);
    remember(lead.id, up.json.data.id);
    await settle();
    await retryDueLeads(db());
    await makeDue();
    await retryDuePhotos(db());
    expect(attachmentsOf(lead.id)).toHaveLength(1);
  });

  it("names the attachment after the photo's place and id", () => {
    expect(attachmentName({ id: "abc", seq: 2, content_type: "image/webp" })).toBe("lead-photo-2-abc.webp");
  });
});
