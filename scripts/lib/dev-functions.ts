/**
 * `npm run dev` serves functions/ in the dev server's own process, through Vite (issue 11).
 *
 * Netlify's local runtime bundled each function on its first call into .netlify/functions-serve
 * and could answer while the bundle was still being written (HTTP 500 "Cannot find module
 * './connection-parameters'" on a fresh clone), set up an edge-functions environment the project
 * does not have (a network download that fails offline, and most of the 66-146 s start-up), and
 * took minutes to bundle every function on a two-core machine. Here instead:
 * - a request whose path matches a function's `config.path` (read from the source, so nothing is
 *   loaded before it is asked for) is answered by that function's default export, loaded with
 *   Vite's SSR loader: TypeScript as written, reloaded when the file or what it imports changes,
 *   and a request waits for the load instead of racing it;
 * - the function gets a web Request and a Netlify-like context (params, ip, requestId, waitUntil);
 * - `public/_redirects` and netlify.toml's `[[redirects]]` apply as on Netlify: rewrites (200, or 404 for a not-found page)
 *   change the URL Astro renders, redirects (301/302/…) answer with Location; a path that is a
 *   page or a public file is not rewritten (Netlify's shadowing) unless the rule is forced (`!`);
 * - when `npm run dev` starts the embedded database beside the dev server, function calls wait
 *   until it has been migrated and seeded (the parent says so over IPC).
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import type { Plugin, ViteDevServer } from "vite";
import { PathParamError, compile, decodeParams, pathParamAnswer, toWebRequest, type Params } from "./functions.ts";

export { toWebRequest };

export interface FunctionRoute {
  /** Absolute path of the function's file. */
  file: string;
  pattern: string;
  regex: RegExp;
  keys: string[];
}

export interface Rule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  regex: RegExp;
  keys: string[];
  splat: boolean;
}

const FUNCTION_FILE = /\.(m?[jt]s)$/;

/**
 * The `config.path` of a function, read from its source without running it: a string or a list
 * of strings. Undefined when the file has no such literal (then it is loaded to find out).
 */
export function staticConfigPaths(source: string): string[] | undefined {
  const m = /export\s+const\s+config\b[^=]*=\s*\{[\s\S]*?\bpath\s*:\s*(\[[^\]]*\]|"[^"]*"|'[^']*'|`[^`$]*`)/.exec(source);
  if (!m) return undefined;
  const paths = [...m[1].matchAll(/["'`]([^"'`]+)["'`]/g)].map((x) => x[1]);
  return paths.length ? paths : undefined;
}

/** Every function in `dir` with the paths it answers, most specific first (no params before params). */
export async function readFunctionRoutes(dir: string, loadConfig?: (file: string) => Promise<unknown>): Promise<FunctionRoute[]> {
  if (!existsSync(dir)) return [];
  const routes: FunctionRoute[] = [];
  for (const name of readdirSync(dir).filter((f) => FUNCTION_FILE.test(f) && !f.endsWith(".d.ts")).sort()) {
    const file = resolve(dir, name);
    let paths = staticConfigPaths(readFileSync(file, "utf8"));
    if (!paths && loadConfig) {
      const config = (await loadConfig(file)) as { path?: string | string[] } | undefined;
      paths = config?.path ? ([] as string[]).concat(config.path) : undefined;
    }
    for (const pattern of paths ?? []) routes.push({ file, pattern, ...compile(pattern) });
  }
  // A literal segment wins over a parameter (Netlify matches the most specific path).
  return routes.sort((a, b) => a.keys.length - b.keys.length);
}

export function matchFunction(routes: FunctionRoute[], pathname: string): { route: FunctionRoute; params: Params } | undefined {
  for (const route of routes) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    return { route, params: decodeParams(route.keys, m) };
  }
  return undefined;
}

/** Redirect and rewrite rules from `public/_redirects` (Netlify's file format). */
export function parseRedirectsFile(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    const [from, to, code] = line.split(/\s+/);
    if (!from || !to) continue;
    const status = Number.parseInt(code ?? "301", 10) || 301;
    rules.push(rule(from, to, status, /!$/.test(code ?? "")));
  }
  return rules;
}

/** The `[[redirects]]` tables of netlify.toml (from, to, status, force; the simple form only). */
export function parseTomlRedirects(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const block of text.split(/^\s*\[\[redirects\]\]\s*$/m).slice(1)) {
    const body = block.split(/^\s*\[/m)[0];
    const get = (key: string) => new RegExp(`^\\s*${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|(\\S+))`, "m").exec(body)?.slice(1).find((v) => v !== undefined);
    const from = get("from");
    const to = get("to");
    if (from && to) rules.push(rule(from, to, Number(get("status") ?? 301), get("force") === "true"));
  }
  return rules;
}

function rule(from: string, to: string, status: number, force: boolean): Rule {
  const { regex, keys } = compile(from);
  return { from, to, status, force, regex, keys, splat: from.endsWith("/*") };
}

/** Where a rule sends `pathname`, or undefined when it does not match. */
export function applyRule(r: Rule, pathname: string): string | undefined {
  const m = r.regex.exec(pathname);
  if (!m) return undefined;
  let to = r.to;
  r.keys.forEach((k, i) => (to = to.replaceAll(`:${k}`, m[i + 1] ?? "")));
  if (r.splat) to = to.replace(":splat", pathname.slice(r.from.length - 2).replace(/^\//, ""));
  return to;
}

/**
 * Is there a page in src/pages or a file in public/ at this path? (Then Netlify does not rewrite it.)
 * A one-segment dynamic page (`products/[id].astro`) counts: its built files are what Netlify finds
 * there, and the dev server renders it per request from the content it refreshes (dev-content.ts).
 */
export function shadowed(root: string, pathname: string): boolean {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, "") || "/";
  if (clean.includes("..")) return false;
  const pub = join(root, "public", clean);
  if (existsSync(pub) && statSync(pub).isFile()) return true;
  const base = join(root, "src/pages", clean === "/" ? "index" : clean);
  if ([".astro", ".md", ".mdx", ".html", ".ts", ".js"].some((ext) => existsSync(base + ext) || existsSync(join(base, "index" + ext)))) return true;
  const parent = join(base, "..");
  return clean !== "/" && existsSync(parent) && readdirSync(parent).some((f) => /^\[[^.\]]+\]\.astro$/.test(f));
}

export interface DevFunctionsOptions {
  /** Folder of the functions, relative to the project root (default "functions"). */
  dir?: string;
}

/** The Vite plugin: functions and redirects in `astro dev`. */
export function devFunctions(options: DevFunctionsOptions = {}): Plugin {
  return {
    name: "coastal:dev-functions",
    apply: "serve",
    configureServer(server) {
      const root = server.config.root;
      const dir = resolve(root, options.dir ?? "functions");
      const dbReady = waitForParentDatabase();
      // Started by `npm run dev`: when that process is gone (killed, crashed), do not live on alone
      // holding the port.
      if (process.send && process.env.DEV_DB_PENDING === "1") process.once("disconnect", () => process.exit(0));
      let routes: Promise<FunctionRoute[]> | null = null;
      let rules: Rule[] | null = null;
      const loadConfig = async (file: string) => ((await server.ssrLoadModule(file)) as { config?: unknown }).config;
      const getRoutes = () => (routes ??= readFunctionRoutes(dir, loadConfig));
      const getRules = () =>
        (rules ??= [
          ...(existsSync(join(root, "public/_redirects")) ? parseRedirectsFile(readFileSync(join(root, "public/_redirects"), "utf8")) : []),
          ...(existsSync(join(root, "netlify.toml")) ? parseTomlRedirects(readFileSync(join(root, "netlify.toml"), "utf8")) : []),
        ]);
      // A new, removed or edited function file (its path may have changed): read the table again.
      const reset = (file: string) => {
        if (file.startsWith(dir)) routes = null;
        if (file.endsWith("_redirects") || file.endsWith("netlify.toml")) rules = null;
      };
      server.watcher.on("add", reset).on("unlink", reset).on("change", reset);
      server.watcher.add([join(root, "public/_redirects"), join(root, "netlify.toml")]);

      // Tell `npm run dev` where the server listens (Astro moves to the next port when one is taken).
      server.httpServer?.once("listening", () => {
        const address = server.httpServer?.address();
        if (process.send && address && typeof address === "object") process.send({ type: "dev-listening", port: address.port });
      });

      // A page asked for while Vite is still pre-bundling would be reloaded by Vite when the bundle
      // lands (a visitor's first tap or a test's next navigation lost in that reload): pages wait
      // for the first bundle instead (at most a minute), so the first page served is a stable one.
      server.middlewares.use(async (req, _res, next) => {
        if (req.method === "GET" && (req.headers.accept ?? "").includes("text/html")) await depsSettled(server).catch(() => {});
        next();
      });

      dropReloadsWithNoPageOpen(server);

      server.middlewares.use(async (req, res, next) => {
        try {
          const url = new URL(req.url ?? "/", "http://localhost");
          const hit = matchFunction(await getRoutes(), url.pathname);
          if (hit) return await answer(server, req, res, hit.route, hit.params, dbReady);
          if (url.pathname.startsWith("/api/")) return sendJson(res, 404, { status: false, message: "Not found" });
          for (const r of getRules()) {
            const to = applyRule(r, url.pathname);
            if (to === undefined || (!r.force && shadowed(root, url.pathname))) continue;
            if (r.status >= 300 && r.status < 400) {
              res.writeHead(r.status, { location: to + url.search });
              return res.end();
            }
            req.url = to + url.search;
            // A rewrite answers with its rule's status, as on Netlify (`/es/*  /es/404  404`).
            if (r.status === 404) {
              const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
              res.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(404, ...rest)) as typeof res.writeHead;
            }
            break;
          }
          next();
        } catch (error) {
          // A path parameter that is not valid UTF-8 is the caller's mistake: 400 naming it, as the API answers.
          if (error instanceof PathParamError) return sendWebResponse(res, pathParamAnswer(error));
          next(error);
        }
      });
    },
  };
}

async function answer(server: ViteDevServer, req: IncomingMessage, res: ServerResponse, route: FunctionRoute, params: Params, dbReady: Promise<void>) {
  await dbReady;
  let response: Response;
  const pending: Promise<unknown>[] = [];
  try {
    const mod = (await server.ssrLoadModule(route.file)) as { default?: (req: Request, ctx: unknown) => Promise<Response> | Response };
    if (typeof mod.default !== "function") throw new Error(`${route.file} has no default export`);
    const ip = String(req.headers["x-forwarded-for"] ?? "").split(",")[0].trim() || req.socket.remoteAddress || "127.0.0.1";
    const ctx = {
      params,
      ip,
      requestId: crypto.randomUUID(),
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      geo: {},
      site: {},
      deploy: { context: "dev" },
      account: {},
      server: {},
    };
    response = await mod.default(toWebRequest(req), ctx);
  } catch (error) {
    if (error instanceof Error) server.ssrFixStacktrace(error);
    server.config.logger.error(`[functions] ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, { timestamp: true });
    return sendJson(res, 500, { status: false, message: "Internal error" });
  }
  await sendWebResponse(res, response);
  await Promise.allSettled(pending);
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    headers[k] = k === "set-cookie" ? response.headers.getSetCookie() : v;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  await new Promise<void>((done, fail) => {
    Readable.fromWeb(response.body as never)
      .on("error", fail)
      .pipe(res)
      .on("finish", done)
      .on("close", done);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/**
 * `npm run dev` starts the dev server and the embedded database at the same time; asked, it
 * sends `{ type: "db-ready" }` once the database is migrated and seeded. Run another way (no IPC
 * channel), the database is taken as ready.
 */
function waitForParentDatabase(): Promise<void> {
  if (!process.send || process.env.DEV_DB_PENDING !== "1") return Promise.resolve();
  return new Promise((done) => {
    const onMessage = (m: unknown) => {
      if ((m as { type?: string } | null)?.type !== "db-ready") return;
      process.off("message", onMessage);
      done();
    };
    process.on("message", onMessage);
    // Asked, not assumed: a message sent before this listener existed would be lost.
    process.send?.({ type: "dev-functions-waiting" });
  });
}

interface HotChannel {
  send: (...args: unknown[]) => void;
  on: (event: string, fn: () => void) => void;
}

/**
 * Vite keeps a "full-reload" sent while no page is connected and hands it to the next page that
 * connects. At start-up Astro sends one when it builds its content store (always on a fresh
 * clone, and whenever the config changed), so the first page a visitor opened reloaded itself
 * about a second after it appeared, and a tap or a navigation in that second was lost. A page
 * that connects later was rendered from the current files and has nothing to reload: a reload
 * sent while no page is open is dropped. Pages that are open still reload as before, and errors
 * are still kept for the next page (Vite's overlay).
 */
export function dropReloadsWithNoPageOpen(server: { ws: unknown; environments?: Record<string, { hot?: unknown }> }): void {
  const channels = new Set([server.ws, server.environments?.client?.hot].filter(Boolean) as HotChannel[]);
  const ws = server.ws as HotChannel;
  let open = 0;
  ws.on("vite:client:connect", () => open++);
  ws.on("vite:client:disconnect", () => (open = Math.max(0, open - 1)));
  for (const channel of channels) {
    const send = channel.send;
    channel.send = (...args: unknown[]) => {
      if (open === 0 && (args[0] as { type?: string } | null)?.type === "full-reload") return;
      send(...args);
    };
  }
}

interface OptimizerView {
  initState?: string;
  scanProcessing?: Promise<void>;
  metadata?: { discovered?: Record<string, { processing?: Promise<void> }> };
}

/** Resolves once the browser's dependency pre-bundle is done (or after `maxMs`). */
export async function depsSettled(server: { environments?: Record<string, { depsOptimizer?: unknown }> }, maxMs = 60_000): Promise<void> {
  const optimizer = server.environments?.client?.depsOptimizer as OptimizerView | undefined;
  if (!optimizer) return;
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    await optimizer.scanProcessing;
    const pending = Object.values(optimizer.metadata?.discovered ?? {}).flatMap((d) => (d.processing ? [d.processing] : []));
    if (optimizer.initState !== "idle" && optimizer.initState !== "initializing" && pending.length === 0) return;
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 100))]);
  }
}
