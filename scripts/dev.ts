/**
 * `npm run dev`: `astro dev` with functions/ served in its own process (scripts/lib/dev-functions.ts)
 * and the embedded Postgres (or DATABASE_URL) migrated and seeded beside it.
 *
 * The database and the dev server start at the same time (two processes, two cores): function
 * calls wait until the database is ready, pages do not. Prints `▸ Ready in N s` once the first
 * page answers (that first request also warms the page for the visitor).
 *
 *   npm run dev [-- --port 4321] [-- --memory] [-- --clear-cache] [other astro dev options]
 *   --memory       a fresh in-memory database (nothing kept in .data/)
 *   --clear-cache  empties the dev server's Vite cache and Astro's content store first (a cold
 *                  start, as on a fresh clone)
 * Environment: DEV_VITE_CACHE_DIR (default node_modules/.vite/dev), DATABASE_URL, EMBEDDED_DB_PORT.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { createServer } from "node:net";
import { loadDotEnv } from "./lib/env.ts";
import type { LocalDatabase } from "./lib/database.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const memory = flag("--memory");
const clearCache = flag("--clear-cache");
const portArg = args.includes("--port") ? Number(args[args.indexOf("--port") + 1]) : 4321;

loadDotEnv();
const cacheDir = resolve(process.env.DEV_VITE_CACHE_DIR || "node_modules/.vite/dev");
process.env.DEV_VITE_CACHE_DIR = cacheDir;
if (clearCache) {
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(resolve(".astro/data-store.json"), { force: true });
  console.log(`▸ Cleared the Vite cache (${cacheDir}) and Astro's content store`);
}

// The database's address is known before it is up, so the dev server can start at once.
const external = process.env.DATABASE_URL || process.env.NETLIFY_DB_URL;
const dbPort = external ? 0 : Number(process.env.EMBEDDED_DB_PORT) || (await freePort());
const dbUrl = external || `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres?sslmode=disable`;

const child = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "dev", ...args], {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: { ...process.env, DATABASE_URL: dbUrl, DEV_DB_PENDING: "1" },
});

let db: LocalDatabase | null = null;
let dbReady = false;
let asked = false;
const tellReady = () => dbReady && asked && child.connected && child.send({ type: "db-ready" });

child.on("message", (m: { type?: string; port?: number }) => {
  // The dev server asks once its function router is set up; it answers as soon as both are up.
  if (m?.type === "dev-functions-waiting") {
    asked = true;
    tellReady();
  }
  if (m?.type === "dev-listening" && m.port) void announceWhenReady(m.port);
});

// Loaded only now: the database code (PGlite, pg, migrations) takes seconds to import, and the
// dev server should not wait for that to start.
import("./lib/database.ts")
  .then(({ startDatabase }) => startDatabase({ memory, port: dbPort || undefined }))
  .then((started) => {
    db = started;
    dbReady = true;
    tellReady();
  })
  .catch((error) => {
    console.error("The database could not start:", error);
    void stop(1);
  });

async function announceWhenReady(port: number) {
  const url = `http://localhost:${port}/`;
  for (let i = 0; i < 1200; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
      await res.arrayBuffer();
      if (res.ok) {
        console.log(`▸ Ready in ${(performance.now() / 1000).toFixed(1)} s: ${url}${port !== portArg ? ` (port ${portArg} was taken)` : ""}`);
        return;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on("error", fail);
  });
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill("SIGTERM");
  await db?.stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
child.on("exit", (code) => void stop(code ?? 0));
