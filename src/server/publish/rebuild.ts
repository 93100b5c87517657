/**
 * The publish step (decision 13): pages are prebuilt from the database, so a published change asks
 * Netlify for a new build through the site's build hook (BUILD_HOOK_URL, a POST). A burst of
 * changes costs one build: the first change sets the rebuild due after the debounce, the later ones
 * join it, and whoever comes once it is due (the per-minute job or the next change) claims it with
 * one UPDATE and POSTs once. The state is one row in site_rebuild (migration 015).
 * The catalogue uses it now; the site's words and pictures (issue 27) go through the same call.
 */
import type { Db } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { isPreview, resolveContext } from "../settings/context.ts";

/** Seconds a burst of changes is gathered before its one rebuild (BUILD_HOOK_DEBOUNCE_SECONDS). */
export const DEFAULT_DEBOUNCE_SECONDS = 60;
/** After a refused or failed POST, the hook is asked again this much later. */
export const RETRY_SECONDS = 60;
/** The hook answers at once (the build itself runs on Netlify): a slow answer is a failed one. */
const HOOK_TIMEOUT_MS = 10_000;

export interface RebuildSettings {
  hookUrl: string;
  debounceSeconds: number;
}

/**
 * The hook and debounce from the environment; null where no rebuild is asked for: no hook set
 * (local runs, where `npm run dev` renders per request), or a preview, whose own database changes
 * are not the production site's (its islands read its API instead).
 */
export function rebuildSettings(env: NodeJS.ProcessEnv = process.env): RebuildSettings | null {
  const hookUrl = env.BUILD_HOOK_URL?.trim();
  if (!hookUrl || isPreview(resolveContext(env))) return null;
  let url: URL;
  try {
    url = new URL(hookUrl);
  } catch {
    throw new Error("BUILD_HOOK_URL is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("BUILD_HOOK_URL must be an https:// URL");
  const debounce = Number(env.BUILD_HOOK_DEBOUNCE_SECONDS || DEFAULT_DEBOUNCE_SECONDS);
  if (!Number.isFinite(debounce) || debounce < 0 || debounce > 240) throw new Error("BUILD_HOOK_DEBOUNCE_SECONDS must be between 0 and 240");
  return { hookUrl, debounceSeconds: debounce };
}

/**
 * After a published change (`reason`: what changed, e.g. "products"). A rebuild already due is
 * fired now (its build starts after this change was saved, so it includes it); otherwise one is
 * set due after the debounce, or joined. Never throws: the change itself is saved either way.
 */
export async function requestRebuild(db: Db, log: Logger, reason: string, given?: RebuildSettings | null): Promise<void> {
  try {
    const settings = given === undefined ? rebuildSettings() : given;
    if (!settings) return;
    if (await fireDueRebuild(db, log, settings, reason)) return;
    await db.query(
      `INSERT INTO site_rebuild (id, due_at, reasons, requested_at) VALUES ('site', now() + $1 * interval '1 second', ARRAY[$2::text], now())
       ON CONFLICT (id) DO UPDATE SET
         due_at = COALESCE(site_rebuild.due_at, EXCLUDED.due_at),
         reasons = CASE WHEN $2 = ANY(site_rebuild.reasons) THEN site_rebuild.reasons ELSE array_append(site_rebuild.reasons, $2) END,
         requested_at = now()`,
      [settings.debounceSeconds, reason],
    );
    // No debounce (BUILD_HOOK_DEBOUNCE_SECONDS=0): every change is built at once.
    if (settings.debounceSeconds === 0) await fireDueRebuild(db, log, settings);
  } catch (e) {
    log.error(`Site rebuild could not be asked for (${reason}): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Fires the pending rebuild if it is due: claimed by one UPDATE (two callers at once: one POST),
 * then one POST to the hook. A failure sets it due again after RETRY_SECONDS. Answers whether one
 * was due. `also`: the caller's own change, which the claimed build covers.
 */
export async function fireDueRebuild(db: Db, log: Logger, settings: RebuildSettings | null = rebuildSettings(), also?: string): Promise<boolean> {
  if (!settings) return false;
  const claimed = await db.query<{ reasons: string[] }>(
    `UPDATE site_rebuild SET due_at = NULL, fired_at = now(), fired_reasons = reasons, reasons = '{}'
     WHERE id = 'site' AND due_at <= now() RETURNING fired_reasons AS reasons`,
  );
  if (!claimed.rows[0]) return false;
  const reasons = [...new Set([...claimed.rows[0].reasons, ...(also ? [also] : [])])];
  try {
    const url = new URL(settings.hookUrl);
    url.searchParams.set("trigger_title", `Published changes: ${reasons.join(", ") || "content"}`);
    const res = await fetch(url, { method: "POST", signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`the build hook answered ${res.status}`);
    await db.query("UPDATE site_rebuild SET last_error = NULL, failures = 0 WHERE id = 'site'");
    log.info(`Site rebuild asked for (${reasons.join(", ")})`);
  } catch (e) {
    // Only the error's own words: the hook URL is a secret (anyone holding it can start builds).
    const why = e instanceof Error ? (e.name === "TimeoutError" ? "no answer in 10 s" : e.message) : String(e);
    await db.query(
      `UPDATE site_rebuild SET due_at = COALESCE(due_at, now() + $1 * interval '1 second'),
         reasons = ARRAY(SELECT DISTINCT unnest(reasons || $2::text[])), last_error = $3, failures = failures + 1
       WHERE id = 'site'`,
      [RETRY_SECONDS, reasons, why],
    );
    log.error(`Site rebuild: the build hook failed (${why}); asked again in ${RETRY_SECONDS} s`);
  }
  return true;
}

/** The scheduled job's run: fires a rebuild that has come due, and says what it did. */
export async function runSiteRebuild(db: Db, log: Logger, settings: RebuildSettings | null = rebuildSettings()): Promise<string> {
  if (!settings) return "Site rebuild: no build hook here";
  return (await fireDueRebuild(db, log, settings)) ? "Site rebuild: a due rebuild was fired" : "Site rebuild: nothing due";
}

export interface RebuildState {
  /** A build hook is set here (a publish asks for a rebuild). */
  hook: boolean;
  dueAt: string | null;
  firedAt: string | null;
  lastError: string | null;
}

const isoOrNull = (t: unknown) => (t == null ? null : t instanceof Date ? t.toISOString() : String(t));

/** Where the rebuild stands, for the back office's publish bar (the Site section and the price rules share it). */
export async function rebuildState(db: Db): Promise<RebuildState> {
  const r = (await db.query<{ due_at: Date | null; fired_at: Date | null; last_error: string | null }>("SELECT due_at, fired_at, last_error FROM site_rebuild WHERE id = 'site'")).rows[0];
  let hook: boolean;
  try {
    hook = !!rebuildSettings();
  } catch {
    hook = false; // a malformed BUILD_HOOK_URL: no rebuild can be asked for (the log says why on publish)
  }
  return { hook, dueAt: isoOrNull(r?.due_at), firedAt: isoOrNull(r?.fired_at), lastError: r?.last_error ?? null };
}
