// Issue 33, item 4 in the browser: a quote request the server holds as possible spam gets no
// photo upload token. Its photo waits in the outbox on the device; once the office presses
// 'Not spam', the next page the visitor opens asks again, gets a token and sends it.
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiSignIn } from "./auth-helpers";
import { consented, fillQuote, filledByAPerson, hydrated } from "./marketing-helpers";

const PHOTO = { name: "dock-800x600.jpg", mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/photos/dock-800x600.jpg") };

/** What the outbox keeps on this device (IndexedDB 'lead-outbox'). */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ photos: number; blobs: boolean; claim: boolean; token: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open("lead-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("entries").objectStore("entries").getAll();
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result.map((e) => ({ photos: e.photos.length, blobs: e.photos.every((p: { blob: unknown }) => p.blob instanceof Blob), claim: !!e.photoClaim, token: !!e.photoToken })));
          };
        };
      }),
  );

/** The held quote requests named `fullName`, as the office's held list shows them. */
async function heldNamed(request: APIRequestContext, token: string, fullName: string) {
  const r = await request.get("/api/admin/leads?held=only&kind=quote&pageSize=100", { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return ((await r.json()).data.data as { id: string; fullName: string; spamReason: string | null; photoCount: number }[]).filter((l) => l.fullName === fullName);
}

test("a held request's photo waits on the device, and the first page opened after 'Not spam' sends it", async ({ page, context, request }) => {
  const fullName = `Pat Held Photo ${Date.now().toString(36)}`;
  await consented(page);
  await filledByAPerson(page);
  await page.goto("/contact");
  await hydrated(page, "#contact");
  await fillQuote(page, { fullName, email: "pat.held@example.com", service: "Seawalls" });
  await page.getByTestId("photo-input").setInputFiles(PHOTO);
  await expect(page.getByTestId("photo-item").and(page.locator('[data-status="ready"]'))).toHaveCount(1);
  // What gives a bot away: the field people never see is filled in.
  await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
  const photoAnswers: number[] = [];
  page.on("response", (r) => r.url().endsWith("/api/leads/photos") && photoAnswers.push(r.status()));

  await page.locator('#contact button[type="submit"]').click();
  // Answered as any request is…
  await expect(page.getByText("Message Sent Successfully")).toBeVisible();
  await expect(page.getByTestId("sent-panel")).toContainText("Your request is in.");
  // …but its photo was not taken: it waits on this device, in plain words, with nothing to press.
  expect(photoAnswers).toEqual([401]);
  await expect(page.getByTestId("leftover-note")).toHaveText(
    "Your photo will follow: it is saved on this device and sent automatically once our office has looked at your request, while you are on our site or on your next visit.",
  );
  await expect(page.getByTestId("leftover-photo")).toHaveAttribute("data-state", "waiting");
  await expect(page.getByTestId("photos-retry")).toHaveCount(0);
  expect(await outbox(page)).toEqual([{ photos: 1, blobs: true, claim: true, token: false }]);
  await page.close();

  const { token } = await apiSignIn(request, "admin@example.com", "demo-admin-password");
  const [lead] = await heldNamed(request, token, fullName);
  expect(lead).toMatchObject({ spamReason: "honeypot", photoCount: 0 });
  // The office presses 'Not spam'.
  const released = await request.post(`/api/admin/leads/${lead.id}/release`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(released.status()).toBe(200);

  // A few minutes later the visitor opens another page: it asks, gets a token, and sends the photo.
  await context.clock.fastForward("05:00");
  const next = await context.newPage();
  await next.goto("/about");
  await expect(next.getByRole("status").filter({ hasText: "The photos of your quote request have been sent. Thank you!" })).toBeVisible();
  await expect.poll(() => next.evaluate(() => localStorage.getItem("lead-outbox-pending"))).toBeNull();
  expect(await outbox(next)).toEqual([]);
  const photos = await request.get(`/api/admin/leads/${lead.id}/photos`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await photos.json()).data as { contentType: string }[]).map((p) => p.contentType)).toEqual(["image/jpeg"]);
});
