/**
 * Where a visitor may be sent after log-in, or when a signed-in visitor lands on an entry page:
 * one rule, for `?from=`, the stored current route and the landing page's inline script (which is
 * this function's own source, inlined at build time: src/components/head-scripts.ts).
 */

/** Pages a signed-in visitor is sent away from, and that are never a place to return to. */
export const ENTRY_ROUTES = ["/", "/landing", "/login", "/signup", "/resetpswd", "/newpswd"];

/**
 * `raw` if it is a path of this site that a browser would open on this site, as the browser
 * would open it; null otherwise. A prefix check on the text is not enough:
 * - `new URL(raw, origin)` reads it as the browser does: tabs and newlines dropped, `\` read as
 *   `/`, dot segments (`/./`, `/../`, `%2e%2e`) resolved;
 * - the result must keep the site's origin, and its path must not start with `//` or `/\`: the
 *   path of `/.//evil.example` is `//evil.example`, which `location.replace` opens as another site;
 * - an entry route (`entryRoutes`) is no place to return to.
 *
 * Self-contained on purpose (no imports, no outer names): the inline script runs
 * `returnPath.toString()` itself.
 */
export function returnPath(raw: unknown, origin: string, entryRoutes: readonly string[]): string | null {
  if (typeof raw !== "string" || raw.charAt(0) !== "/") return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (path.charAt(0) !== "/" || path.charAt(1) === "/" || path.charAt(1) === "\\") return null;
  const bare = url.pathname.replace(/\/+$/, "") || "/";
  return entryRoutes.indexOf(bare) >= 0 ? null : path;
}
