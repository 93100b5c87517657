/**
 * The API's answer for one product, asked once per page: the built product page's check
 * (product-revalidate.ts) and its island (ProductDetail.tsx) both need it, and a visitor who
 * reaches for the page after the check (or before it) must not cost a second request. Both import
 * this module, so the page holds one copy of it. A failed request is not kept: the next ask tries
 * again. `again`: a new request (the island's 'Try again').
 */
import { api, type ApiAnswer } from "../../lib/api-client.ts";
import type { Product } from "../../lib/contracts/product.ts";

const answers = new Map<string, Promise<ApiAnswer<Product>>>();

export function productAnswer(id: string, again = false): Promise<ApiAnswer<Product>> {
  const kept = answers.get(id);
  if (kept && !again) return kept;
  const asked = api<Product>(`public/products/${encodeURIComponent(id)}`, { auth: false });
  answers.set(id, asked);
  asked.catch(() => answers.get(id) === asked && answers.delete(id));
  return asked;
}
