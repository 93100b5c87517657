/**
 * Issue 33, item 5: no 500 for any input, and no write another site's page can make a visitor's
 * browser send. A body must be JSON and say so (415), a cross-site Origin is refused (403), and a
 * string that is not valid Unicode (a lone surrogate, which Postgres refuses in jsonb) is a 400
 * naming its field, everywhere text is taken.
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { quoteBody } from "../helpers/leads.ts";
import { crossSite } from "../../src/server/http/handler.ts";
import { LEAD_SUBMIT_PER_IP } from "../../src/server/leads/submit.ts";

const db = useTestDb();
const { default: contact } = await import("../../functions/public-contact.ts");
const { default: reset } = await import("../../functions/auth-resetpswd.ts");
const { default: site } = await import("../../functions/admin-site.ts");
const { default: productsNew } = await import("../../functions/products-new.ts");
const { default: signNew } = await import("../../functions/sign-new.ts");
const { seedSiteContent } = await import("../../src/server/site-content/seed.ts");

const leads = async () => Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0].n);
let ipSeq = 0;
const ip = () => `198.51.100.${++ipSeq}`;

describe("a form post from another site", () => {
  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])(
    "a quote sent as %j (no CORS preflight needed) is refused with 415 and stores nothing",
    async (type) => {
      const before = await leads();
      const r = await call(contact, "POST", "/api/public/contact", { body: JSON.stringify(quoteBody({ email: `csrf-${ipSeq}@example.com` })), headers: { "content-type": type }, ip: ip() });
      expect(r.status).toBe(415);
      expect(r.json).toEqual({ status: false, message: "Content-Type must be application/json", field: "content-type" });
      expect(await leads()).toBe(before);
    },
  );

  it("a reset request sent as text/plain is refused (415): no mail to the victim", async () => {
    const r = await call(reset, "POST", "/api/auth/resetpswd", { body: JSON.stringify({ email: "user@example.com" }), headers: { "content-type": "text/plain" }, ip: ip() });
    expect(r.status).toBe(415);
  });

  it("a JSON post whose Origin is another site is refused (403, naming the origin); the site's own and none are taken", async () => {
    const before = await leads();
    for (const origin of ["https://evil.example", "null", "http://localhost:8888.evil.example", "not a url"]) {
      const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email: `xo-${ipSeq}@example.com` }), headers: { origin }, ip: ip() });
      expect(r.status, origin).toBe(403);
      expect(r.json).toMatchObject({ status: false, field: "origin" });
    }
    expect(await leads()).toBe(before);
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email: "own-origin@example.com" }), headers: { origin: "http://localhost:8888" }, ip: ip() })).status).toBe(200);
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email: "no-origin@example.com" }), ip: ip() })).status).toBe(200);
    expect(await leads()).toBe(before + 2);
  });

  it("takes the Origin the platform saw (Host, X-Forwarded-Host) and SITE_URL; reads never need one", () => {
    const post = (origin: string, headers: Record<string, string> = {}) =>
      new Request("http://127.0.0.1:9999/api/public/contact", { method: "POST", headers: { origin, ...headers } });
    expect(crossSite(post("https://www.site.example", { "x-forwarded-host": "www.site.example" }))).toBe(false);
    expect(crossSite(post("https://www.site.example", { host: "www.site.example" }))).toBe(false);
    expect(crossSite(post("https://www.site.example"), { SITE_URL: "https://www.site.example" })).toBe(false);
    expect(crossSite(post("https://evil.example"), { SITE_URL: "https://www.site.example" })).toBe(true);
    expect(crossSite(new Request("http://127.0.0.1:9999/api/services", { headers: { origin: "https://evil.example" } }))).toBe(false);
  });
});

describe("text that is not valid Unicode", () => {
  it("a lone surrogate in the Site's content is a 400 naming the field, not a 500 from jsonb", async () => {
    await seedSiteContent(db());
    const admin = await userWithSession(db(), { role: "admin" });
    const draft = (await call(site, "GET", "/api/admin/site", { token: admin.token })).json.data.draft;
    // The section as the office saves it, with one lone surrogate in its tagline.
    const body = JSON.stringify({ ...draft.site, tagline: "PLACEHOLDER" }).replace('"PLACEHOLDER"', '"Docks \\ud800 built to last"');
    const r = await call(site, "PUT", "/api/admin/site/site", { body, token: admin.token, params: { part: "site" } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: false, message: "Invalid tagline: must be valid Unicode text", field: "tagline" });
  });

  it.each([
    ["a product's name", () => productsNew, "/api/admin/products/new", '{"name":"Dock \\udfff light","description":"x","price":"10","color":"white","quantity":1}', "name"],
    ["a sign-up's name", () => signNew, "/api/sign/new", '{"email":"u1@example.com","password":"a long enough passphrase 42","acceptTerms":true,"name":"\\ud83d"}', "name"],
    ["an object's key", () => contact, "/api/public/contact", '{"\\udc00":"x"}', "\udc00"],
  ])("%s is refused with a 400 naming it", async (_what, fn, path, body, field) => {
    const admin = await userWithSession(db(), { role: "admin" });
    const r = await call(fn(), "POST", path, { body, token: admin.token, ip: ip() });
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
    expect(r.json.message).toMatch(/must be valid Unicode text/);
  });
});

describe("limits per network", () => {
  it(`an IPv6 client gets ${LEAD_SUBMIT_PER_IP.max} quotes from its whole /64, whichever addresses it uses; another /64 its own`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LEAD_SUBMIT_PER_IP.max; i++) {
      const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email: `v6-${i}@example.com` }), ip: `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}` });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email: "v6-other@example.com" }), ip: "2001:db8:77:2::1" })).status).toBe(200);
  });
});

/** A PNG whose header declares `w` × `h` pixels: what a 1 MB "decompression bomb" shows before it is decoded. */
function pngHeader(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk("IEND", Buffer.alloc(0))]);
}

describe("pictures are priced before they are decoded, and product pictures are drawn again", () => {
  it("a product picture declaring 20000 × 20000 pixels is refused from its header (413, naming the field)", async () => {
    const admin = await userWithSession(db(), { role: "admin" });
    const r = await call(productsNew, "POST", "/api/admin/products/new", {
      body: { name: "Bomb", description: "x", price: "10", color: "white", quantity: 1, image: `data:image/png;base64,${pngHeader(20_000, 20_000).toString("base64")}` },
      token: admin.token,
    });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ field: "image", message: expect.stringMatching(/20000 × 20000 pixels; at most 25 megapixels/) });
  });

  it("a product picture is stored re-encoded: JPEG, no EXIF or GPS, fitted within 1600 px", async () => {
    const admin = await userWithSession(db(), { role: "admin" });
    const withGps = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 9, g: 120, b: 140 } } })
      .png()
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 46/1" } })
      .toBuffer();
    const r = await call(productsNew, "POST", "/api/admin/products/new", {
      body: { name: "Dock light", description: "x", price: "10", color: "white", quantity: 1, image: `data:image/png;base64,${withGps.toString("base64")}` },
      token: admin.token,
    });
    expect(r.status, r.text).toBe(201);
    const key = r.json.data.image.split("/").pop();
    const stored = (await db().query<{ content_type: string; bytes: Uint8Array }>("SELECT content_type, bytes FROM images WHERE key = $1", [key])).rows[0];
    expect(stored.content_type).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(stored.bytes)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 1600, 800, undefined]);
  });

  it("a lead photo declaring 60 megapixels is refused before decoding", async () => {
    const { reencodePhoto } = await import("../../src/server/leads/photo-image.ts");
    await expect(reencodePhoto(new Uint8Array(pngHeader(10_000, 6_000)))).rejects.toMatchObject({ status: 413 });
  });
});

