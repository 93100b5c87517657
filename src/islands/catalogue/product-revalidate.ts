/**
 * A built product page checks its product against the API without React (issue 38): the page
 * shows the product from its HTML, and the island's code (React, about 60 KB compressed) would
 * cost a phone a long task just to find, nearly always, that nothing changed. So the page's own
 * script asks the API once the page is idle; only a product that changed since the build, or one
 * deleted since (it shows the not-found content), wakes the island, which then shows the change in
 * place as before. A failed check changes nothing: the built product stays. A visitor who reaches
 * for the page (pointer, touch, focus, key) wakes it anyway (client:intent).
 */
import { ApiError } from "../../lib/api-client.ts";
import { isProductId } from "../../lib/contracts/product.ts";
import { whenIdle } from "../../lib/idle.ts";
import { wakeIsland } from "../shared/wake.ts";
import { shownKey } from "./product-shown.ts";
import { hasFlash } from "../../lib/flash.ts";
import { productAnswer } from "./product-answer.ts";

/** The longest wait for an idle moment before checking anyway. */
export const CHECK_WITHIN_MS = 4000;

/**
 * `holder`: the element around the island, carrying the product's id and the key of what the
 * page shows (`data-product-id`, `data-product-key`).
 */
export function revalidateProduct(holder: HTMLElement): void {
  const island = holder.querySelector("astro-island");
  const id = holder.dataset.productId ?? "";
  const key = holder.dataset.productKey;
  if (island && key && isProductId(id)) whenIdle(() => void check(island, id, key), CHECK_WITHIN_MS);
}

async function check(island: Element, id: string, key: string): Promise<void> {
  try {
    const answer = await productAnswer(id);
    const fresh = answer.data;
    // An answer that is not the API's (a proxy's page) says nothing: the built product stays.
    if (!answer.status) return;
    // The API's answer without a product is a missing product: the island shows the not-found content.
    if (!fresh || typeof fresh !== "object" || shownKey(fresh) !== key) wakeIsland(island);
  } catch (e) {
    if (e instanceof ApiError && (e.httpStatus === 404 || e.httpStatus === 400)) wakeIsland(island);
  }
}

/**
 * The built product page's checks, run by its script once the page has loaded: each product's
 * check, and the page's toasts woken at once for a message the last page left (otherwise they
 * hydrate with the product's island: `client:intent="companion"`).
 */
export function checkProductPage(): void {
  for (const holder of document.querySelectorAll<HTMLElement>("[data-product-check]")) revalidateProduct(holder);
  const feedback = document.querySelector("[data-feedback] astro-island");
  if (feedback && hasFlash()) wakeIsland(feedback);
}
