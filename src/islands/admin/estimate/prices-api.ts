/**
 * The price rules' API (issue 36) as the back office uses it: the document, its draft, publish and
 * history. Every write answers the same state as GET, so the screen always shows what the server holds.
 */
import { api } from "../../../lib/api-client.ts";
import { PRICE_RULES_VERSION_PATH, type PriceRules } from "../../../lib/contracts/estimate.ts";
import type { VersionInfo } from "../site/site-api.ts";

export interface PricesState {
  draft: PriceRules;
  draftUpdatedAt: string;
  draftUpdatedBy: string;
  restoredFrom: number | null;
  live: { version: number; publishedAt: string; publishedBy: string; rules: PriceRules };
  changed: boolean;
  versions: VersionInfo[];
  rebuild: { hook: boolean; dueAt: string | null; firedAt: string | null; lastError: string | null };
  published?: number;
}

export const fetchPrices = async (signal?: AbortSignal) => (await api<PricesState>("admin/estimate", { signal })).data!;
/** Saves the whole document as the draft; a 400 names the field (ApiError.field, "projects.seawall.barge.low"). */
export const saveDraft = async (rules: PriceRules) => (await api<PricesState>("admin/estimate/draft", { method: "PUT", body: rules })).data!;
export const publishPrices = async () => (await api<PricesState>("admin/estimate/publish", { method: "POST", body: {} })).data!;
export const restorePrices = async (version: number) => (await api<PricesState>(`admin/estimate/restore/${version}`, { method: "POST", body: {} })).data!;

/** The price rules' version /estimate was built from, or null when it cannot be read. */
export async function fetchLiveRulesVersion(signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await fetch(PRICE_RULES_VERSION_PATH, { cache: "no-store", signal });
    if (!res.ok) return null;
    const v = ((await res.json()) as { version?: unknown }).version;
    return typeof v === "number" ? v : null;
  } catch {
    return null;
  }
}
