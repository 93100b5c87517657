/**
 * Serves the production build (dist/) the way Netlify will: static files, netlify.toml headers
 * and redirects, and the functions in functions/, through @netlify/dev. Used by `npm run preview`,
 * the Playwright suite and the benchmarks. `--memory` starts from an empty, freshly seeded database;
 * `--db-url-file PATH` writes the database URL there (for the browser tests).
 */
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { NetlifyDev } from "@netlify/dev";
import { loadDotEnv } from "./lib/env.ts";
import { startDatabase } from "./lib/database.ts";

const args = process.argv.slice(2);
const port = Number(args[args.indexOf("--port") + 1] || process.env.PORT || 8888);
const memory = args.includes("--memory");

loadDotEnv();
const db = await startDatabase({ memory, quiet: args.includes("--quiet") });
process.env.DATABASE_URL = db.url;
// Browser tests read what only e-mail would show (the reset link in the outbox) from this URL.
const urlFile = args.includes("--db-url-file") ? args[args.indexOf("--db-url-file") + 1] : "";
if (urlFile) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  mkdirSync((await import("node:path")).dirname(urlFile), { recursive: true });
  writeFileSync(urlFile, db.url);
}

const netlify = new NetlifyDev({
  projectRoot: process.cwd(),
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  staticFiles: { directories: ["dist"] },
});
await netlify.start();
await warmUp();

async function notFound(): Promise<Response> {
  const page = await readFile("dist/404.html").catch(() => null);
  return page ? new Response(page, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } }) : new Response("Not found", { status: 404 });
}

const server = createServer(async (req, res) => {
  try {
    const match = await netlify.handleAndIntrospectNodeRequest(req);
    // Like Netlify: an unknown path gets the site's own not-found page, with a 404 status.
    const response = match?.response ?? (await notFound());
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      headers[k] = k === "set-cookie" ? response.headers.getSetCookie() : v;
    });
    res.writeHead(response.status, headers);
    if (response.body) Readable.fromWeb(response.body as never).pipe(res);
    else res.end();
  } catch (e) {
    console.error("serve: request failed", e);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.listen(port, "127.0.0.1", () => console.log(`▸ Serving dist/ and functions/ at http://localhost:${port}`));

/**
 * Calls each function once, one at a time, before the server listens: @netlify/dev builds a
 * function on its first request, and two first requests at once can see a half-written build.
 */
async function warmUp() {
  const { readdirSync, readFileSync } = await import("node:fs");
  for (const file of readdirSync("functions").filter((f) => /\.(m?[jt]s)$/.test(f))) {
    const path = /path:\s*\[?\s*["'`]([^"'`]+)["'`]/.exec(readFileSync(`functions/${file}`, "utf8"))?.[1];
    if (!path) continue;
    const url = `http://localhost:${port}${path.replace(/:[a-zA-Z_]+\??/g, "warm-up").replace(/\*/g, "warm-up")}`;
    await netlify.handle(new Request(url, { method: "OPTIONS" })).catch(() => undefined);
  }
}

const stop = async () => {
  server.close();
  await netlify.stop();
  await db.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
