// Issue 13 in the browser: the quote form's project details and photos, kept on the device when
// the phone is offline and sent by itself when the connection is back; the admin sees them.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { consented, filledByAPerson, hydrated, storedLeads } from "./marketing-helpers";
import { apiSignIn, rememberSession } from "./auth-helpers";


const fixture = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(`tests/fixtures/photos/${name}`) });
const PHOTOS = [fixture("seawall-2400x1800.jpg", "image/jpeg"), fixture("dock-800x600.jpg", "image/jpeg"), fixture("lift-600x900.png", "image/png")];
const DETAILS = "Seawall about 120 ft, cap cracked in two places.\nDock 8 × 30 ft; lift for a 24 ft boat (10,000 lb).\nAccess from the street side.";

const submit = (page: Page) => page.locator('#contact button[type="submit"]');
const photoInput = (page: Page) => page.getByTestId("photo-input");
const items = (page: Page) => page.getByTestId("photo-item");

/** Opens the quote form as a visitor who has spent a while on it (the server then takes it as a person's). */
async function openForm(page: Page) {
  await consented(page);
  await filledByAPerson(page);
  await page.goto("/contact");
  await hydrated(page, "#contact");
  await expect(submit(page)).toBeEnabled();
}

async function fill(page: Page, fullName: string) {
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Phone").fill("(239) 555-0188");
  await page.getByLabel("Email", { exact: false }).fill("pat@example.com");
  await page.getByLabel("Property address").fill("12 Canal Ct, Cape Coral");
  await page
    .locator("#contact")
    .getByRole("button", { name: /Service/ })
    .click();
  await page.getByRole("option", { name: "Seawalls", exact: true }).click();
  await page.getByLabel(/Project details/).fill(DETAILS);
}

async function attach(page: Page, files: Parameters<ReturnType<typeof photoInput>["setInputFiles"]>[0], ready: number) {
  await photoInput(page).setInputFiles(files);
  await expect(items(page).and(page.locator('[data-status="ready"]'))).toHaveCount(ready);
}

const adminToken = (request: APIRequestContext) => apiSignIn(request, "admin@example.com", "demo-admin-password");

/** The stored quote requests named `fullName` (newest first), as the admin API lists them. */
const leadsNamed = (request: APIRequestContext, fullName: string) => storedLeads(request, "quote", (l) => l.fullName === fullName);

test("offline on a phone: the request with 3 photos is kept, sent once back online, and the admin sees one lead with the details and 3 photos", { tag: "@phone" }, async ({ page, context, request, browser }) => {
  const fullName = `Pat Offline ${Date.now().toString(36)}`;
  await openForm(page);
  await fill(page, fullName);
  await attach(page, PHOTOS, 3);
  await expect(page.getByTestId("details-count")).toHaveText(`${DETAILS.length} / 2000`);

  await context.setOffline(true);
  await submit(page).tap();
  const offline = page.getByTestId("quote-offline");
  await expect(offline).toContainText("You're offline. We saved your request on this device and will send it automatically when you're back online — you don't need to do anything.");
  await expect(offline).toContainText("Your 3 photos are saved with it.");
  // The form's place is taken by what was saved, said honestly (issue 39): not sent yet.
  await expect(page.getByRole("heading", { name: "Saved on this device, not sent yet" })).toBeFocused();
  await expect(page.getByTestId("sent-summary")).toContainText(`${fullName}`);
  await expect(page.getByTestId("sent-summary")).toContainText("Photos3");
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  // The whole request is on the device: the body, its key and the three photos as Blobs.
  const saved = await page.evaluate(
    () =>
      new Promise<{ photos: number; blobs: boolean; details: string; key: string }[]>((resolve, reject) => {
        const open = indexedDB.open("lead-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("entries").objectStore("entries").getAll();
          get.onsuccess = () =>
            resolve(get.result.map((e) => ({ photos: e.photos.length, blobs: e.photos.every((p: { blob: unknown }) => p.blob instanceof Blob), details: e.body.details, key: e.key })));
        };
      }),
  );
  expect(saved).toEqual([{ photos: 3, blobs: true, details: DETAILS, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  // Background Sync: the worker installed when the form came into use holds a sync for the outbox.
  const syncs = () =>
    page.evaluate(async () =>
      Promise.all(
        (await navigator.serviceWorker.getRegistrations()).map(async (r) => ({
          script: (r.active ?? r.installing ?? r.waiting)?.scriptURL ?? "",
          tags: await (r as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags(),
        })),
      ),
    );
  await expect.poll(syncs).toEqual([{ script: expect.stringMatching(/\/_astro\/lead-sync-sw-[\w-]+\.js$/), tags: ["lead-outbox"] }]);

  // Back online: sent by itself (the page on `online`, or the service worker's sync: one sender at a time).
  await context.setOffline(false);
  await expect(page.getByText("Your saved request has been sent.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Message Sent Successfully" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lead-outbox-pending"))).toBeNull();

  // Exactly one lead, taken as a person's (not spam), with the details and three photos, the large one downscaled to 1600 px.
  const { token, user } = await adminToken(request);
  const leads = await leadsNamed(request, fullName);
  expect(leads).toEqual([expect.objectContaining({ message: DETAILS, photoCount: 3, spamReason: null })]);
  const list = await request.get(`/api/admin/leads/${leads[0].id}/photos`, { headers: { Authorization: `Bearer ${token}` } });
  const photos = (await list.json()).data as { url: string; contentType: string }[];
  expect(photos.map((p) => p.contentType)).toEqual(["image/jpeg", "image/jpeg", "image/jpeg"]);
  const sizes = [];
  for (const p of photos) {
    const bytes = await (await request.get(p.url, { headers: { Authorization: `Bearer ${token}` } })).body();
    const m = await sharp(bytes).metadata();
    sizes.push([m.width, m.height]);
  }
  expect(sizes).toEqual([
    [1600, 1200],
    [800, 600],
    [600, 900],
  ]);

  // The admin dashboard (Hebrew, RTL) shows the card with the details and the three thumbnails.
  const admin = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await admin.newPage();
  await rememberSession(a, { token, user }, { consent: "essential" });
  await a.goto("/admin");
  const card = a.getByTestId("lead-row").filter({ hasText: fullName });
  await expect(card).toBeVisible();
  // On a phone the card is compact (issue 39): the details and photos are one tap away.
  await card.getByTestId("lead-more").tap();
  await expect(card.getByTestId("lead-message")).toHaveText(DETAILS);
  const thumbs = card.getByTestId("lead-photo");
  await expect(thumbs).toHaveCount(3);
  for (const img of await thumbs.locator("img").all()) await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await expect(thumbs.first().locator("img")).toHaveAttribute("alt", `תמונה 1 מתוך 3 ששלח/ה ${fullName}`);
  await thumbs.nth(0).tap();
  const dialog = a.getByTestId("lead-photo-dialog");
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.locator("img").evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1600);
  await a.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await admin.close();
});

test("the dropzone refuses a PDF renamed .jpg and a sixth photo with clear messages; a removed photo is not sent", async ({ page }) => {
  const fullName = `Pat Remove ${Date.now().toString(36)}`;
  await openForm(page);
  await expect(page.getByTestId("photo-hint")).toHaveText("PNG, JPG or WebP · up to 5 photos");
  await expect(photoInput(page)).toHaveAttribute("accept", "image/*");

  await photoInput(page).setInputFiles({ name: "site-plan.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n") });
  await expect(page.getByTestId("photo-problems")).toHaveText("“site-plan.jpg” is not a picture. Please choose a JPG, PNG or WebP photo.");
  await expect(items(page)).toHaveCount(0);

  await attach(page, [...PHOTOS, fixture("dock-800x600.jpg", "image/jpeg"), fixture("lift-600x900.png", "image/png"), { ...fixture("dock-800x600.jpg", "image/jpeg"), name: "sixth.jpg" }], 5);
  await expect(page.getByTestId("photo-problems")).toHaveText("A quote request can carry at most 5 photos, so “sixth.jpg” was not added.");
  await expect(page.getByText("5 of 5 photos added — remove one to add another")).toBeVisible();

  // Removing: by keyboard on the labelled button, three times → two photos left.
  for (let i = 0; i < 3; i++) {
    const remove = page.getByRole("button", { name: /^Remove photo 1: / });
    await remove.focus();
    await page.keyboard.press("Enter");
  }
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByRole("img", { name: "Photo 1: dock-800x600.jpg" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Photo 2: lift-600x900.png" })).toBeVisible();

  await fill(page, fullName);
  const uploads: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/leads/photos") && uploads.push(r.headers()["idempotency-key"]));
  const lead = page.waitForRequest((r) => r.url().endsWith("/api/public/contact"));
  await submit(page).click();
  const sent = await lead;
  expect(sent.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent.postDataJSON()).toMatchObject({ fullName, details: DETAILS, photos: 2 });
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  await expect(page.getByTestId("sent-panel")).toContainText(`Thank you, Pat. Your request is in.`);
  expect(new Set(uploads).size).toBe(2);
  await expect(items(page)).toHaveCount(0);

  expect(await leadsNamed(page.request, fullName)).toEqual([expect.objectContaining({ photoCount: 2, spamReason: null })]);
});

test("a phone photo the browser sends as it is (EXIF with GPS, orientation 6) is stored upright and without its EXIF", async ({ page, request }) => {
  const fullName = `Pat Exif ${Date.now().toString(36)}`;
  // Small enough for the browser to send unchanged: the server is what must strip it (issue 25, item 4).
  const camera = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a6f97" } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Dock Cam 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 46/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 56/1 58/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  // Whether each photo body the page sends still carries the camera's EXIF (the page uploads with XMLHttpRequest).
  await page.addInitScript(() => {
    const sent: Promise<boolean>[] = ((window as unknown as { sentExif: Promise<boolean>[] }).sentExif = []);
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) sent.push(body.arrayBuffer().then((b) => new TextDecoder("latin1").decode(b).includes("PhoneMaker")));
      return send.apply(this, [body] as Parameters<typeof send>);
    };
  });
  await openForm(page);
  await fill(page, fullName);
  await attach(page, [{ name: "canal-side.jpg", mimeType: "image/jpeg", buffer: camera }], 1);
  await submit(page).click();
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  expect(await page.evaluate(() => Promise.all((window as unknown as { sentExif: Promise<boolean>[] }).sentExif))).toEqual([true]);

  const { token } = await adminToken(request);
  const [lead] = await leadsNamed(request, fullName);
  const photos = (await (await request.get(`/api/admin/leads/${lead.id}/photos`, { headers: { Authorization: `Bearer ${token}` } })).json()).data as { url: string }[];
  expect(photos).toHaveLength(1);
  const stored = await (await request.get(photos[0].url, { headers: { Authorization: `Bearer ${token}` } })).body();
  const m = await sharp(stored).metadata();
  expect({ width: m.width, height: m.height, orientation: m.orientation, exif: m.exif }).toEqual({ width: 600, height: 800, orientation: undefined, exif: undefined });
  expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
});

test("with 3 photos: each photo's progress while sending, then the offline message for the next request", async ({ page, context }) => {
  await openForm(page);
  await fill(page, `Pat Progress ${Date.now().toString(36)}`);
  await attach(page, PHOTOS, 3);

  // Sending: the second photo's upload is held, so its progress is on screen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let n = 0;
  await page.route("**/api/leads/photos", async (route) => {
    if (++n === 2) await held;
    await route.continue();
  });
  await submit(page).click();
  await expect(page.locator("[data-quote-status]")).toHaveText(/Sending photo 2 of 3…/);
  await expect(page.getByRole("progressbar", { name: "Sending photo 2" })).toBeVisible();
  await expect(items(page).first()).toHaveAttribute("data-status", "sent");
  release();
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();

  // Offline: the plain-words message.
  await page.getByRole("button", { name: "Send another request" }).click();
  await fill(page, `Pat Progress Offline ${Date.now().toString(36)}`);
  await attach(page, PHOTOS.slice(0, 2), 2);
  await context.setOffline(true);
  await submit(page).click();
  await expect(page.getByTestId("quote-offline")).toContainText("Your 2 photos are saved with it.");
  await context.setOffline(false);
  await expect(page.getByText("Your saved request has been sent.").first()).toBeVisible();
});

test.describe("without a service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("a request kept offline is sent on the next visit of any page, which says so", async ({ page, context, request }) => {
    const fullName = `Pat Next Visit ${Date.now().toString(36)}`;
    await openForm(page);
    await fill(page, fullName);
    await attach(page, PHOTOS.slice(1, 2), 1);
    await context.setOffline(true);
    await submit(page).click();
    await expect(page.getByTestId("quote-offline")).toBeVisible();
    await page.close();

    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto("/about");
    await expect(next.getByRole("status").filter({ hasText: "Your saved quote request has been sent. Thank you!" })).toBeVisible();
    await expect.poll(() => next.evaluate(() => localStorage.getItem("lead-outbox-pending"))).toBeNull();
    const leads = await leadsNamed(request, fullName);
    expect(leads.map((l) => [l.message, l.photoCount, l.spamReason])).toEqual([[DETAILS, 1, null]]);
  });
});
