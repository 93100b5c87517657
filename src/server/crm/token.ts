/**
 * Zoho OAuth access tokens from the refresh token. Zoho allows 10 refreshes per 10 minutes per
 * refresh token, and serverless instances come and go, so the token is cached in Postgres (shared
 * by every instance) and in memory, refreshed under a lock by one worker at a time, and the
 * refreshes themselves are counted against a Postgres rate limit that stays below Zoho's.
 */
import type { Db } from "../db/index.ts";
import { hit, type Limit } from "../rate-limit/index.ts";
import type { ZohoConfig } from "./config.ts";
import { CrmError } from "./errors.ts";

/** Zoho's limit is 10 per 10 minutes; one is kept spare for a manual refresh. */
export const TOKEN_REFRESH_LIMIT: Limit = { name: "zoho-token-refresh", max: 9, windowSeconds: 600 };
/** A token this close to expiry is treated as expired. */
const EXPIRY_MARGIN_MS = 60_000;

export interface Cached {
  token: string;
  expiresAt: number;
}
const memory = new Map<string, Cached>();

const keyOf = (cfg: ZohoConfig) => `zoho:${cfg.accountsUrl}:${cfg.clientId}`;
const fresh = (c: Cached | undefined, stale?: string): c is Cached =>
  !!c && c.expiresAt - EXPIRY_MARGIN_MS > Date.now() && c.token !== stale;

/** Forgets the in-memory copy (tests; a process that wants to re-read the shared one). */
export function clearTokenMemory(): void {
  memory.clear();
}

/**
 * A valid access token. `stale` is a token the API just refused: it is never returned again, and
 * a new one is fetched unless another worker has already replaced it.
 */
export async function accessToken(db: Db, cfg: ZohoConfig, stale?: string): Promise<string> {
  const key = keyOf(cfg);
  const mem = memory.get(key);
  if (fresh(mem, stale)) return mem.token;
  const token = await db.tx(async (q) => {
    // One refresher at a time across every instance; the others wait and then reuse its token.
    await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
    const row = await q.query<{ access_token: string; expires_at: Date }>(
      "SELECT access_token, expires_at FROM crm_token WHERE provider = $1",
      [key],
    );
    const stored = row.rows[0] && { token: row.rows[0].access_token, expiresAt: new Date(row.rows[0].expires_at).getTime() };
    if (fresh(stored, stale)) return stored;
    const budget = await hit(q, TOKEN_REFRESH_LIMIT, key);
    if (!budget.allowed) {
      throw new CrmError("Zoho token refresh limit reached; waiting before refreshing again", { retryAfterSeconds: budget.retryAfter });
    }
    const got = await refreshAccessToken(cfg);
    await q.query(
      `INSERT INTO crm_token (provider, access_token, api_domain, expires_at, refreshed_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (provider) DO UPDATE SET access_token = EXCLUDED.access_token, api_domain = EXCLUDED.api_domain,
         expires_at = EXCLUDED.expires_at, refreshed_at = now()`,
      [key, got.token, got.apiDomain, new Date(got.expiresAt)],
    );
    return got;
  });
  memory.set(key, token);
  return token.token;
}

/** A new access token from Zoho's accounts server (nothing cached); `npm run doctor` checks with it. */
export async function refreshAccessToken(cfg: ZohoConfig): Promise<Cached & { apiDomain: string | null }> {
  const params = new URLSearchParams({
    grant_type: "refresh_token",
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
    refresh_token: cfg.refreshToken,
  });
  let res: Response;
  try {
    res = await fetch(`${cfg.accountsUrl}/oauth/v2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: params,
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (e) {
    throw new CrmError(`Zoho token refresh failed: ${e instanceof Error ? e.message : e}`);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; api_domain?: string; error?: string };
  // Zoho reports a bad client or refresh token with HTTP 200 and an `error` field.
  if (!res.ok || !body.access_token) {
    throw new CrmError(`Zoho token refresh refused (HTTP ${res.status}${body.error ? `, ${body.error}` : ""})`, { status: res.status });
  }
  const seconds = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600;
  return { token: body.access_token, expiresAt: Date.now() + seconds * 1000, apiDomain: body.api_domain ?? null };
}
