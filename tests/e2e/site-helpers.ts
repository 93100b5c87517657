import { closeSync, openSync, statSync, unlinkSync } from "node:fs";
import { expect, type APIRequestContext, type Locator } from "@playwright/test";
import sharp from "sharp";
import { DB_URL_FILE } from "../../playwright.config.ts";

/** What a section of the Site tab says once its draft is saved. */
export const DRAFT_SAVED = "הטיוטה נשמרה. היא תופיע באתר אחרי ״פרסם״.";

/** Saves a Site tab section's draft as staff do (a tap on a phone) and waits until it says so. */
export async function saveDraft(section: Locator, how: "click" | "tap" = "click") {
  const save = section.getByRole("button", { name: "שמור טיוטה" });
  await (how === "tap" ? save.tap() : save.click());
  await expect(section.getByTestId("save-status")).toHaveText(DRAFT_SAVED);
}

/**
 * Runs `fn` while no other test (in any worker) edits the site's content: the same lock file as
 * admin-site.spec.ts (the site's content is one document shared by every test on a server).
 */
export async function exclusively<T>(fn: () => Promise<T>): Promise<T> {
  const lock = `${DB_URL_FILE}.site-content.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) unlinkSync(lock);
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    unlinkSync(lock);
  }
}

/** The Site tab's state as the API answers it. */
export async function siteState(request: APIRequestContext, token: string) {
  const r = await request.get("/api/admin/site", { headers: { authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return (await r.json()).data;
}

/** Puts the draft and the live content back to the version `live` (restore it, publish it if it moved). */
export async function putSiteBack(request: APIRequestContext, token: string, live: number) {
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.post(`/api/admin/site/restore/${live}`, { headers: auth })).status()).toBe(200);
  const publish = await request.post("/api/admin/site/publish", { headers: auth });
  expect([200, 409]).toContain(publish.status());
}

/** A one-colour picture as a phone's camera roll hands it to a file input. */
export async function picture(name: string, color: string, type: "png" | "jpeg", { width = 320, height = 240 } = {}) {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return { name, mimeType: `image/${type}`, buffer: await (type === "png" ? image.png() : image.jpeg()).toBuffer() };
}
