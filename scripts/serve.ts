/**
 * Serves the production build (dist/) the way Netlify will: static files, netlify.toml headers
 * and redirects through @netlify/dev, and the functions in functions/ at their config paths. Used by `npm run preview`,
 * the Playwright suite and the benchmarks. `--memory` starts from an empty, freshly seeded database;
 * `--db-url-file PATH` writes the database URL there (for the browser tests). `--rebuild` answers the
 * build hook here (scripts/lib/local-build-hook.ts): a publish in the back office rebuilds the pages
 * from the database and the new build is served, as a deploy would do.
 */
import { createServer, type IncomingMessage } from "node:http";
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { NetlifyDev } from "@netlify/dev";
import { loadDotEnv } from "./lib/env.ts";
import { startDatabase } from "./lib/database.ts";
import { callFunction, loadFunctions, toWebRequest } from "./lib/functions.ts";
import { LOCAL_BUILD_HOOK_PATH, localBuilds } from "./lib/local-build-hook.ts";
import { BuildSwitch } from "./lib/build-switch.ts";
import { applyRule, parseRedirectsFile } from "./lib/dev-functions.ts";

const args = process.argv.slice(2);
const port = Number(args[args.indexOf("--port") + 1] || process.env.PORT || 8888);
const memory = args.includes("--memory");

loadDotEnv();
const quiet = args.includes("--quiet");
const db = await startDatabase({ memory, quiet });
process.env.DATABASE_URL = db.url;
// Browser tests read what only e-mail would show (the reset link in the outbox) from this URL.
const urlFile = args.includes("--db-url-file") ? args[args.indexOf("--db-url-file") + 1] : "";
if (urlFile) {
  mkdirSync(dirname(urlFile), { recursive: true });
  writeFileSync(urlFile, db.url);
}

/** Netlify's static file serving (with netlify.toml's headers and redirects) over one build folder. */
async function staticServer(dir: string): Promise<NetlifyDev> {
  // @netlify/dev serves netlify.toml's `publish` folder (dist) before any other: a rebuilt folder
  // is served as a project of its own, with a copy of netlify.toml for the headers and redirects.
  const root = dir === "dist" ? process.cwd() : resolve(dir);
  if (dir !== "dist") copyFileSync("netlify.toml", `${root}/netlify.toml`);
  const n = new NetlifyDev({
    projectRoot: root,
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    aiGateway: { enabled: false },
    functions: { enabled: false },
    staticFiles: { directories: [resolve(dir)] },
  });
  await n.start();
  return n;
}

// A rebuild switches builds atomically: a request keeps the build it started on until its answer
// is sent, and the old build is stopped (then its folder removed) only after its last request.
const builds = new BuildSwitch(await staticServer("dist"));
const rebuild = args.includes("--rebuild")
  ? localBuilds({
      databaseUrl: db.url,
      initial: "dist",
      log: (line) => console.log(line),
      serve: async (dir) => builds.switchTo(await staticServer(dir)),
    })
  : null;
if (rebuild) {
  process.env.BUILD_HOOK_URL ||= `http://127.0.0.1:${port}${LOCAL_BUILD_HOOK_PATH}`;
  if (!quiet) console.log(`▸ Build hook: ${LOCAL_BUILD_HOOK_PATH} rebuilds the pages after a publish (debounce ${process.env.BUILD_HOOK_DEBOUNCE_SECONDS || 60} s)`);
}
const functions = await loadFunctions();

/**
 * The status Netlify answers a rewrite of `_redirects` with: its rule's (`/es/*  /es/404  404`: the
 * Spanish not-found page with a 404) where no file of the build is at the path. @netlify/dev serves
 * a rewrite's page with 200 whatever its rule says.
 */
function rewriteStatus(dir: string, url: string | undefined): number | undefined {
  const path = decodeURIComponent((url ?? "/").split("?")[0]);
  if (path.includes("..")) return undefined;
  const file = `${dir}${path}`;
  if ([file, `${file.replace(/\/$/, "")}/index.html`, `${file}.html`].some((f) => existsSync(f) && statSync(f).isFile())) return undefined;
  const rules = existsSync(`${dir}/_redirects`) ? parseRedirectsFile(readFileSync(`${dir}/_redirects`, "utf8")) : [];
  return rules.find((r) => applyRule(r, path) !== undefined)?.status;
}

async function notFound(): Promise<Response> {
  const page = await readFile(`${rebuild?.current() ?? "dist"}/404.html`).catch(() => null);
  return page ? new Response(page, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } }) : new Response("Not found", { status: 404 });
}

const server = createServer(async (req, res) => {
  const build = builds.take();
  res.on("close", build.release);
  try {
    const hook = !!rebuild && req.url?.split("?")[0] === LOCAL_BUILD_HOOK_PATH;
    const served = hook || req.url?.startsWith("/api/") ? undefined : await build.server.handleAndIntrospectNodeRequest(req);
    const status = served?.type === "redirect" ? rewriteStatus(rebuild?.current() ?? "dist", req.url) : undefined;
    const response =
      (hook ? rebuild!.handle(req.method ?? "GET") : undefined) ??
      (req.url?.startsWith("/api/") ? await callFunction(functions, toWebRequest(req, `localhost:${port}`), req.socket.remoteAddress ?? "127.0.0.1") : undefined) ??
      (served && status === 404 ? new Response(served.response.body, { status: 404, headers: served.response.headers }) : served?.response) ??
      // Like Netlify: an unknown path gets the site's own not-found page, with a 404 status.
      (await notFound());
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      headers[k] = k === "set-cookie" ? response.headers.getSetCookie() : v;
    });
    const body = response.body ? Readable.fromWeb(response.body as never) : null;
    const encoder = body ? compressorFor(req, response) : null;
    if (encoder) {
      headers["content-encoding"] = encoder.name;
      headers.vary = [headers.vary, "Accept-Encoding"].filter(Boolean).join(", ");
      delete headers["content-length"];
    }
    res.writeHead(response.status, headers);
    if (!body) res.end();
    else if (encoder) body.pipe(encoder.stream).pipe(res);
    else body.pipe(res);
  } catch (e) {
    console.error("serve: request failed", e);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.listen(port, "127.0.0.1", () => console.log(`▸ Serving dist/ and functions/ at http://localhost:${port}`));

/**
 * Like Netlify's CDN, text answers (pages, styles, scripts, JSON, SVG) travel compressed: Brotli
 * when the browser takes it, else gzip. Without this, page weights and load times measured
 * locally would be several times what visitors get.
 */
function compressorFor(req: IncomingMessage, response: Response) {
  const type = response.headers.get("content-type") ?? "";
  if (response.headers.has("content-encoding") || !/^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(type)) return null;
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return { name: "br", stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (/\bgzip\b/.test(accepted)) return { name: "gzip", stream: createGzip() };
  return null;
}

const stop = async () => {
  server.close();
  await builds.server.stop();
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
