import { expect, type Page } from "@playwright/test";

/**
 * In the open /editor (signed in as an admin): opens a product's sheet, sets its price and saves,
 * as staff do. Answers the product's card and the sheet for what the test does next.
 */
export async function editPriceInEditor(editor: Page, product: { name: string }, price: string) {
  const card = editor.getByTestId("editor-card").filter({ hasText: product.name });
  await card.getByRole("button", { name: `עריכה: ${product.name}` }).click();
  const sheet = editor.getByRole("dialog");
  await sheet.getByLabel("מחיר").fill(price);
  await sheet.getByRole("button", { name: "שמירה" }).click();
  await expect(editor.getByTestId("toast")).toHaveText(/Product updated successfully/);
  return { card, sheet };
}
