import { expect, type Locator } from "@playwright/test";

/** What a section of the Site tab says once its draft is saved. */
export const DRAFT_SAVED = "הטיוטה נשמרה. היא תופיע באתר אחרי ״פרסם״.";

/** Saves a Site tab section's draft as staff do (a tap on a phone) and waits until it says so. */
export async function saveDraft(section: Locator, how: "click" | "tap" = "click") {
  const save = section.getByRole("button", { name: "שמור טיוטה" });
  await (how === "tap" ? save.tap() : save.click());
  await expect(section.getByTestId("save-status")).toHaveText(DRAFT_SAVED);
}
