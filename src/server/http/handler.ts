import type { Config, Context } from "@netlify/functions";
import { HttpError } from "./errors.ts";
import { jsonError } from "./response.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { READ_ONLY_MESSAGE, deploySettings, isReadOnlyRefusal, platformContext } from "../settings/context.ts";

export interface RequestScope {
  log: Logger;
  requestId: string;
  /** The caller's IP as the platform saw it (Netlify sets context.ip; x-forwarded-for locally). */
  ip: string;
}

type Handler = (req: Request, scope: RequestScope, ctx: Context | undefined) => Promise<Response>;

/**
 * Wraps a function's logic: gives it a request-scoped logger and request id, turns HttpErrors
 * into the API error shape, hides every other error behind a 500 with no detail, and writes the
 * buffered log lines before answering. `route` is the function's `config.path` (its log source:
 * the first path when there are several; write it `export const config: Config = { path: … }`:
 * Netlify's bundler reads only a plain object literal and silently drops a `satisfies` one). On a
 * preview or branch deploy every answer carries `X-Robots-Tag: noindex`, and a write refused by the
 * preview's read-only database is a 503.
 */
export function handle(route: Config["path"], fn: Handler, methods?: string[]) {
  const source = (typeof route === "string" ? route : route?.[0]) ?? "function";
  return async (req: Request, ctx?: Context): Promise<Response> => {
    const requestId = ctx?.requestId || req.headers.get("x-nf-request-id") || crypto.randomUUID();
    const log = createLogger(source, requestId);
    const ip = ctx?.ip || req.headers.get("x-nf-client-connection-ip") || req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
    let res: Response;
    try {
      if (methods && !methods.includes(req.method)) {
        res = jsonError(405, "Method not allowed");
        res.headers.set("Allow", methods.join(", "));
      } else if (crossSite(req)) {
        res = jsonError(403, "Cross-site request refused: this API answers the site's own pages only", { field: "origin" });
      } else {
        res = await fn(req, { log, requestId, ip }, ctx);
      }
    } catch (e) {
      if (isReadOnlyRefusal(e)) {
        log.warn("Write refused: this preview only has the production database (read-only)");
        res = jsonError(503, READ_ONLY_MESSAGE);
      } else if (e instanceof HttpError) {
        if (e.status >= 500) log.error(e.message);
        res = jsonError(e.status, e.message, e.extra);
      } else {
        log.error(`Unhandled error: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
        res = jsonError(500, "Something went wrong on our side. Please try again.");
      }
    }
    res.headers.set("X-Request-Id", requestId);
    if (deploySettings(process.env, ctx?.deploy?.context || platformContext()).noindex) res.headers.set("X-Robots-Tag", "noindex");
    await log.flush();
    return res;
  };
}

/**
 * A write sent by another site's page (issue 33): browsers name the page's origin in `Origin` on
 * every cross-site POST, PUT, PATCH and DELETE. It must be the address the request was sent to
 * (as the platform saw it: the URL, Host or X-Forwarded-Host) or SITE_URL; a request without
 * Origin (a server, curl, a same-origin GET) is judged by its session and input alone.
 */
export function crossSite(req: Request, env: NodeJS.ProcessEnv = process.env): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true; // "null" (a sandboxed frame, a data: page) or garbage
  }
  const own = [new URL(req.url).host, req.headers.get("host"), req.headers.get("x-forwarded-host")?.split(",")[0]?.trim()];
  try {
    if (env.SITE_URL) own.push(new URL(env.SITE_URL).host);
  } catch {}
  return !own.some((h) => h && h.toLowerCase() === host.toLowerCase());
}
