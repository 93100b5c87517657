/**
 * Runs the functions of functions/ in this process for the local production server: each file's
 * `config.path` (a string or a list, with `:param` segments) routes to its default export, called
 * with a web Request and a Netlify-like context (params, ip, requestId, waitUntil). Netlify's own
 * local runtime bundles every function on its first call (minutes for the whole set on a busy
 * two-core machine), which is what made the browser suite's start-up time out.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
export type Params = Record<string, string | undefined>;
interface Route {
  regex: RegExp;
  keys: string[];
  handler: Handler;
}

/** A Netlify `config.path` (`:param`, `:param?`, `*` segments) as a regular expression. */
export function compile(path: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = path
    .split("/")
    .map((seg) => {
      const m = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(seg);
      if (m) {
        keys.push(m[1]);
        return m[2] ? "(?:/([^/]+))?" : "/([^/]+)";
      }
      if (seg === "*") return "(?:/.*)?";
      return seg ? "/" + seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : "";
    })
    .join("");
  return { regex: new RegExp(`^${body}/?$`), keys };
}

export async function loadFunctions(dir = "functions"): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.(m?[jt]s)$/.test(f)).sort()) {
    const mod = await import(pathToFileURL(resolve(dir, file)).href);
    const paths = mod.config?.path;
    if (!paths || typeof mod.default !== "function") continue;
    for (const path of Array.isArray(paths) ? paths : [paths]) routes.push({ ...compile(path), handler: mod.default });
  }
  return routes;
}

/** The matching function's Response, or undefined when no function owns the path. */
export async function callFunction(routes: Route[], req: Request, ip: string): Promise<Response | undefined> {
  const { pathname } = new URL(req.url);
  for (const r of routes) {
    const m = r.regex.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(r.keys.map((k, i) => [k, m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1])]));
    const pending: Promise<unknown>[] = [];
    const ctx = { params, ip, requestId: crypto.randomUUID(), waitUntil: (p: Promise<unknown>) => pending.push(p), geo: {}, site: {}, deploy: {} };
    const res = await r.handler(req, ctx);
    await Promise.allSettled(pending);
    return res;
  }
  return undefined;
}
