// Issue 27: the site's content from the back office. Admins save sections of a draft, publish it as
// a version (what the next build reads), restore any version as the draft; pictures are uploaded
// and drawn again; what is still sample data is listed. Anything a visitor's browser would run or
// follow is refused: raw HTML, javascript: links.
import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";

vi.mock("@netlify/functions", async (original) => ({ ...(await original<object>()), purgeCache: async () => {} }));

const { default: site } = await import("../../functions/admin-site.ts");
const { seedSiteContent } = await import("../../src/server/site-content/seed.ts");
const { readPublishedSite, collectionEntries, SITE_IMAGES_DIR } = await import("../../src/server/site-content/published.ts");
const { pruneUnusedImages } = await import("../../src/server/images/store.ts");
const { siteInfo } = await import("../../src/server/leads/notify.ts");
const { businessHours } = await import("../../src/server/reports/hours.ts");

const db = useTestDb();
let admin: { token: string };
let user: { token: string };

beforeAll(async () => {
  expect(await seedSiteContent(db())).toMatch(/^version 1 from content\/ \(\d+ pictures\)$/);
  admin = await userWithSession(db(), { role: "admin", email: "office@example.com" });
  user = await userWithSession(db(), { role: "user", email: "visitor@example.com" });
}, 60_000);

beforeEach(() => {
  vi.stubEnv("BUILD_HOOK_URL", "");
});

const get = (token = admin.token) => call(site, "GET", "/api/admin/site", { token });
const put = (section: string, body: unknown, token = admin.token) => call(site, "PUT", `/api/admin/site/${section}`, { body, token, params: { part: section } });
const publish = (token = admin.token) => call(site, "POST", "/api/admin/site/publish", { token, params: { part: "publish" } });
const restore = (version: number | string, token = admin.token) => call(site, "POST", `/api/admin/site/restore/${version}`, { token, params: { version: String(version) } });
const upload = async (bytes: Uint8Array, token = admin.token) => {
  const req = new Request("http://localhost:8888/api/admin/site/images", { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" }, body: bytes as Uint8Array<ArrayBuffer> });
  const res = await site(req, { ip: "203.0.113.9", requestId: crypto.randomUUID(), params: { part: "images" } } as never);
  return { status: res.status, json: await res.json() };
};
const picture = (r: number, g: number, b: number, withGps = false) => {
  let img = sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } }).jpeg();
  if (withGps) img = img.withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 46/1" } });
  return img.toBuffer().then((b) => new Uint8Array(b));
};
const draft = async () => (await get()).json.data.draft;

describe("who may use it", () => {
  it("answers 401 without a session and 403 to a signed-in user, for every call", async () => {
    const png = await picture(10, 20, 30);
    for (const [token, status] of [["", 401], [user.token, 403]] as const) {
      expect((await get(token)).status).toBe(status);
      expect((await put("site", {}, token)).status).toBe(status);
      expect((await publish(token)).status).toBe(status);
      expect((await restore(1, token)).status).toBe(status);
      expect((await upload(png, token)).status).toBe(status);
    }
  });
});

describe("draft and publish", () => {
  it("starts from content/ as version 1 with nothing to publish, and lists the sample values", async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.json.data.live).toMatchObject({ version: 1, publishedBy: "content/ (seed)" });
    expect(r.json.data.changed).toBe(false);
    expect(r.json.data.draft.site.phone).toBe("(239) 555-0142");
    const fields = r.json.data.checklist.map((c: { field: string }) => c.field);
    expect(fields).toEqual(expect.arrayContaining(["site.phone", "site.proof.licenses", "reviews.0", "gallery.0", "services.0.image", "about.photo"]));
    // Issue 39: the made-up team and the services' sample answers, until the office replaces them.
    expect(fields).toEqual(expect.arrayContaining(["about.team.0", "about.team.3", "services.0.answersSample", "services.10.answersSample"]));
    expect(fields, "no demo account in this database").not.toContain("accounts.admin@example.com");
    await userWithSession(db(), { role: "admin", email: "admin@example.com" });
    expect((await get()).json.data.checklist.map((c: { field: string }) => c.field)).toContain("accounts.admin@example.com");
    expect(r.json.data.checklist.find((c: { field: string }) => c.field === "site.phone").message).toMatch(/טלפון/);
    // Issue 39: before launch or later (a rendering, a sample Spanish), and nothing done yet.
    const later = (field: string) => r.json.data.checklist.find((c: { field: string }) => c.field === field).later;
    expect([later("site.phone"), later("reviews.0"), later("gallery.0"), later("services.0.image"), later("about.esSample")]).toEqual([false, false, false, true, true]);
    expect(r.json.data.checklistDone).toEqual([]);
    expect((await publish()).status).toBe(409);
  });

  it("saves a section in the draft only: the live version keeps the old value until Publish", async () => {
    const before = await draft();
    const r = await put("site", { ...before.site, phone: "(239) 774-2210" });
    expect(r.status).toBe(200);
    expect(r.json.data.draft.site.phone).toBe("(239) 774-2210");
    expect(r.json.data.changed).toBe(true);
    expect(r.json.data.live.version).toBe(1);
    expect(r.json.data.checklist.map((c: { field: string }) => c.field)).not.toContain("site.phone");
    // The progress: what the seed asked for and is done.
    expect(r.json.data.checklistDone.map((c: { field: string }) => c.field)).toEqual(["site.phone"]);
    const live = await readPublishedSite(db());
    expect(live.doc.site.phone).toBe("(239) 555-0142");

    const p = await publish();
    expect(p.status).toBe(200);
    expect(p.json.data.published).toBe(2);
    expect(p.json.data.live).toMatchObject({ version: 2, publishedBy: "office@example.com" });
    expect(p.json.data.changed).toBe(false);
    expect((await readPublishedSite(db())).doc.site.phone).toBe("(239) 774-2210");
    expect((await siteInfo(db())).phone, "a lead's e-mails name the published phone").toBe("(239) 774-2210");
    expect((await publish()).status, "nothing new to publish").toBe(409);
    const logged = await db().query<{ message: string }>("SELECT message FROM log WHERE message LIKE 'Site content:%' ORDER BY id");
    expect(logged.rows.map((l) => l.message)).toEqual(expect.arrayContaining(["Site content: site saved in the draft by office@example.com", "Site content: version 2 published by office@example.com"]));
  });

  it("restores an earlier version as the draft; publishing it brings the old phone back as a new version", async () => {
    const r = await restore(1);
    expect(r.status).toBe(200);
    expect(r.json.data.draft.site.phone).toBe("(239) 555-0142");
    expect(r.json.data.restoredFrom).toBe(1);
    expect(r.json.data.changed).toBe(true);
    const p = await publish();
    expect(p.json.data.published).toBe(3);
    expect(p.json.data.versions[0]).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(p.json.data.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await readPublishedSite(db())).doc.site.phone).toBe("(239) 555-0142");
    expect((await restore(99)).status).toBe(404);
    expect((await restore("x")).status).toBe(400);
  });

  it("the reports count the published business hours", async () => {
    const d = await draft();
    expect((await put("site", { ...d.site, hours: { ...d.site.hours, days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "07:00" } })).status).toBe(200);
    expect((await businessHours(db()))?.opens, "a draft is not published").toBe("08:00");
    expect((await publish()).status).toBe(200);
    expect(await businessHours(db())).toMatchObject({ days: [1, 2, 3, 4, 5, 6], opens: "07:00", closes: "17:00" });
  });

  it("asks for a rebuild through the build hook on publish (debounced, as catalogue edits do)", async () => {
    vi.stubEnv("BUILD_HOOK_URL", "https://api.netlify.com/build_hooks/test-hook");
    vi.stubEnv("CONTEXT", "");
    await db().query("DELETE FROM site_rebuild");
    const d = await draft();
    expect((await put("site", { ...d.site, tagline: "Docks and seawalls built to last" })).status).toBe(200);
    const p = await publish();
    expect(p.status).toBe(200);
    const row = await db().query<{ reasons: string[]; due_at: Date | null }>("SELECT reasons, due_at FROM site_rebuild WHERE id = 'site'");
    expect(row.rows[0]?.reasons).toEqual(["content"]);
    expect(row.rows[0]?.due_at).not.toBeNull();
    expect(p.json.data.rebuild).toMatchObject({ hook: true });
  });
});

describe("refused input names the field", () => {
  const cases: [string, (d: any) => [string, unknown], string, RegExp][] = [
    ["a phone that is not a phone", (d) => ["site", { ...d.site, phone: "call us" }], "site.phone", /format/],
    ["a javascript: link", (d) => ["site", { ...d.site, social: { ...d.site.social, facebook: "javascript:alert(document.cookie)" } }], "site.social.facebook", /https:\/\//],
    ["a data: link", (d) => ["site", { ...d.site, proof: { ...d.site.proof, rating: { ...d.site.proof.rating, url: "data:text/html,<script>alert(1)</script>" } } }], "site.proof.rating.url", /https:\/\//],
    ["a license's javascript: lookup link", (d) => ["site", { ...d.site, proof: { ...d.site.proof, licenses: [{ ...d.site.proof.licenses[0], lookup: "javascript:alert(1)" }] } }], "site.proof.licenses.0.lookup", /https:\/\//],
    ["a review's javascript: source link", (d) => ["reviews", d.reviews.map((r: object, i: number) => (i === 1 ? { ...r, sourceUrl: "JavaScript:alert(1)" } : r))], "reviews.1.sourceUrl", /https:\/\//],
    ["a script tag in a review", (d) => ["reviews", d.reviews.map((r: object, i: number) => (i === 2 ? { ...r, reviewText: "Great work <script>alert(1)</script>" } : r))], "reviews.2.reviewText", /HTML is not allowed/],
    ["an img tag with a handler", (d) => ["about", { ...d.about, intro: 'Hello <img src=x onerror="alert(1)">' }], "about.intro", /HTML is not allowed/],
    ["a tag left open (no closing '>')", (d) => ["about", { ...d.about, intro: "Hello <img src=x onerror=alert(1) " }], "about.intro", /HTML is not allowed/],
    ["a closing tag left open", (d) => ["about", { ...d.about, intro: "Hello </p" }], "about.intro", /HTML is not allowed/],
    ["an HTML comment in a legal text", (d) => ["legal", d.legal.map((l: any, i: number) => (i === 0 ? { ...l, sections: [{ heading: "Hi", body: "text <!-- hidden -->" }] } : l))], "legal.0.sections.0.body", /HTML is not allowed/],
    ["a picture that was never uploaded", (d) => ["gallery", d.gallery.map((g: object, i: number) => (i === 0 ? { ...g, image: "/api/images/" + "A".repeat(43) } : g))], "gallery.0.image", /upload it again/],
    ["a picture from elsewhere", (d) => ["services", d.services.map((s: object, i: number) => (i === 3 ? { ...s, image: "https://evil.example/x.jpg" } : s))], "services.3.image", /upload the picture first/],
    ["a photo without alt text", (d) => ["gallery", d.gallery.map((g: any, i: number) => (i === 0 ? { ...g, photos: [{ image: g.image, alt: "  " }] } : g))], "gallery.0.photos.0.alt", /./],
    ["a before picture without its description", (d) => ["gallery", d.gallery.map((g: any, i: number) => (i === 0 ? { ...g, beforeImage: g.image } : g))], "gallery.0.beforeAlt", /describe the before picture/],
    ["a team member without a name", (d) => ["about", { ...d.about, team: [{ ...d.about.team[0], name: " " }] }], "about.team.0.name", /./],
    ["two reviews with one id", (d) => ["reviews", [...d.reviews, d.reviews[0]]], `reviews.${5}.id`, /used twice/],
    ["a service added", (d) => ["services", [...d.services, { ...d.services[0], id: 99, slug: "new", path: "/services/new" }]], "services", /not added, removed/],
  ];
  it.each(cases)("%s", async (_name, make, field, message) => {
    const before = await draft();
    const [section, body] = make(before);
    const r = await put(section, body);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
    expect(r.json.message).toMatch(message);
    expect(await draft(), "the draft is unchanged").toEqual(before);
  });

  it("an unknown section is a 404, a wrong method a 405, and a body that is not JSON a 400", async () => {
    expect((await put("secrets", {})).status).toBe(404);
    expect((await call(site, "GET", "/api/admin/site/publish", { token: admin.token, params: { part: "publish" } })).status).toBe(405);
    expect((await put("site", "{not json")).status).toBe(400);
  });
});

describe("pictures", () => {
  it("stores an uploaded photo drawn again without its EXIF (camera, GPS), and refuses what is not a picture", async () => {
    const r = await upload(await picture(200, 120, 40, true));
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ url: expect.stringMatching(/^\/api\/images\/[A-Za-z0-9_-]{43}$/), width: 640, height: 480 });
    const key = r.json.data.url.split("/").pop();
    const stored = (await db().query<{ bytes: Uint8Array; content_type: string }>("SELECT bytes, content_type FROM images WHERE key = $1", [key])).rows[0]!;
    expect(stored.content_type).toBe("image/jpeg");
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();

    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(2000).fill(7)]);
    expect((await upload(fake)).status).toBe(400);
    expect((await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).status).toBe(400);
    expect((await upload(new Uint8Array(7 * 1024 * 1024))).status).toBe(413);
  });

  it("a gallery project with two uploaded photos is published, and the build gets them as files", async () => {
    const urls = [];
    for (const [r, g, b] of [[30, 90, 160], [20, 140, 90]]) urls.push((await upload(await picture(r!, g!, b!))).json.data.url);
    const d = await draft();
    const project = { ...d.gallery[0], id: "boathouse-dock", title: "Boathouse Dock on Pelican Canal", sample: false, featured: true, image: urls[0], alt: "The finished dock seen from the canal", photos: [{ image: urls[1], alt: "The boat lift from the dock" }] };
    expect((await put("gallery", [project, ...d.gallery])).status).toBe(200);
    expect((await publish()).status).toBe(200);
    const published = await readPublishedSite(db());
    const [first] = collectionEntries(published, "gallery");
    expect(first).toMatchObject({ id: "boathouse-dock", data: { order: 0, featured: true, sample: false } });
    const data = first!.data as { image: string; photos: { image: string }[] };
    for (const path of [data.image, data.photos[0]!.image]) {
      expect(path).toMatch(new RegExp(`^\\./\\.\\./${SITE_IMAGES_DIR.replace(".", "\\.")}/[A-Za-z0-9_-]{16}\\.jpg$`));
      expect(urls.map((u) => u.split("/").pop()!.slice(0, 16))).toContain(path.split("/").pop()!.slice(0, 16));
      expect(existsSync(join(process.cwd(), "content", path)), path).toBe(true);
    }
    expect(published.checklist.map((c) => c.field)).not.toContain("gallery.0");
    // A picture a version names is never pruned: any version can be restored.
    expect(await pruneUnusedImages(db(), [urls[0]!.split("/").pop()!])).toBe(0);
  });

  it("refuses a 13th photo in a project", async () => {
    const d = await draft();
    const photos = Array.from({ length: 12 }, () => ({ image: d.gallery[0].image, alt: "Another view" }));
    const r = await put("gallery", [{ ...d.gallery[0], photos }, ...d.gallery.slice(1)]);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("gallery.0.photos");
    expect(r.json.message).toMatch(/at most 12 photos/);
  });
});
