/**
 * The site on Netlify's own tooling (issue 32, decision 16), once for the whole `netlify` step:
 *
 * 1. A clean copy of the project (the files git knows, node_modules hard-linked), so nothing a
 *    local run left behind (dist/, .netlify/, .data/) takes part.
 * 2. `netlify build --offline --context deploy-preview` on a database of its own, with the
 *    variables the README names for previews: its log, `_headers` and function manifest are
 *    handed to the tests.
 * 3. `netlify serve --offline --context production`: Netlify's own build again, then its own
 *    runtime serving dist/ and the bundled functions (zip-it-and-ship-it), on a second database,
 *    with the build hook pointed at a local listener that records each call.
 * 4. Every bundle of that build is checked as Lambda would get it (scripts/bench-functions.ts):
 *    sizes within Lambda's limits, no PGlite, no Node binary, no pictures, and each one loads from
 *    its unpacked zip alone (a module left out by `included_files` fails here).
 *
 * Databases: two scratch databases on TEST_DATABASE_URL's server when set (CI), else two embedded
 * PGlite databases served over the wire protocol on loopback. Nothing reaches the network.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { coldStart, inspectBundle, mb } from "../../scripts/bench-functions.ts";
import { freePort, servePglite } from "../../scripts/lib/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    netlify: NetlifyRun;
  }
}

export interface NetlifyRun {
  /** Where `netlify serve` answers. */
  baseUrl: string;
  /** The production database the served functions use (for checking what they stored). */
  databaseUrl: string;
  /** GET: the build hook calls the listener recorded, as JSON [{ method, path, at }]. */
  hookCallsUrl: string;
  /** The production build's function manifest (.netlify/functions/manifest.json). */
  manifest: { functions: { name: string; schedule?: string; routes?: { pattern: string }[] }[] };
  /** Problems with the production bundles (empty when all are fine), and their sizes. */
  bundleProblems: string[];
  bundleSizes: { name: string; zipped: number; unzipped: number }[];
  preview: { log: string; headers: string; manifest: NetlifyRun["manifest"]; databaseUrl: string; exitCode: number };
  adminEmail: string;
}

const ROOT = resolve(".");
const SESSION_SECRET = "netlify-smoke-session-secret-0123456789abcdef";
export const PREVIEW_ADMIN_PASSWORD = "preview-admin-Kq7!canal-dock";

const say = (s: string) => console.log(`▸ netlify: ${s}`);

/** The files git knows (tracked, and new ones not ignored), copied; node_modules hard-linked. */
function cleanCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "netlify-site-"));
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  // Hard links: a second copy of 1 GB would cost more than the build. The build writes only
  // node_modules/.astro (Astro's image cache), a cache like any other.
  const cp = spawnSync("cp", ["-al", join(ROOT, "node_modules"), join(dir, "node_modules")]);
  if (cp.status !== 0) throw new Error(`could not link node_modules: ${cp.stderr}`);
  return dir;
}

interface Database {
  url: string;
  stop(): Promise<void>;
}

async function scratchDatabases(n: number): Promise<Database[]> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const { createDb } = await import("../../src/server/db/index.ts");
    const admin = await createDb(server);
    const out: Database[] = [];
    for (let i = 0; i < n; i++) {
      const name = `netlify_${Date.now().toString(36)}_${i}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
      out.push({
        url,
        async stop() {
          const a = await createDb(server);
          await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
          await a.close();
        },
      });
    }
    await admin.close();
    return out;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const out: Database[] = [];
  for (let i = 0; i < n; i++) out.push(await servePglite(await PGlite.create()));
  return out;
}

/** The environment a command gets: ours less anything that would point it elsewhere. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(DATABASE_URL|NETLIFY_DB_URL|PREVIEW_|SMTP_|ZOHO_|BUILD_HOOK|GOOGLE_|ADMIN_EMAIL|SITE_URL|CONTEXT|TEST_DATABASE_URL|VITEST|NODE_ENV)/.test(k)) continue;
    out[k] = v;
  }
  return { ...out, BROWSER: "none", NETLIFY_TELEMETRY_DISABLED: "1", SESSION_SECRET, ...extra };
}

function run(cmd: string, args: string[], cwd: string, e: NodeJS.ProcessEnv): Promise<{ code: number; log: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env: e });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    child.on("exit", (code) => done({ code: code ?? 1, log }));
  });
}

function hookListener(): Promise<{ server: Server; url: string; callsUrl: string }> {
  const calls: { method: string; path: string; at: string }[] = [];
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/calls") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(calls));
      return;
    }
    calls.push({ method: req.method ?? "", path: req.url ?? "", at: new Date().toISOString() });
    req.resume();
    res.end("{}");
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      ok({ server, url: `http://127.0.0.1:${port}/build_hooks/smoke`, callsUrl: `http://127.0.0.1:${port}/calls` });
    }),
  );
}

const netlifyBin = join(ROOT, "node_modules/.bin/netlify");

export default async function setup(project: TestProject) {
  const t0 = Date.now();
  const dir = cleanCopy();
  say(`clean copy in ${dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const [prodDb, previewDb] = await scratchDatabases(2);
  const hook = await hookListener();
  let serve: ChildProcess | undefined;

  const teardown = async () => {
    if (serve?.pid) {
      try {
        process.kill(-serve.pid, "SIGTERM");
      } catch {}
    }
    await new Promise((r) => hook.server.close(r));
    await prodDb.stop();
    await previewDb.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // A deploy preview: its own database, a demo admin, mail kept, noindex.
    let t = Date.now();
    const preview = await run(netlifyBin, ["build", "--offline", "--context", "deploy-preview"], dir, env({ PREVIEW_DATABASE_URL: previewDb.url, PREVIEW_ADMIN_PASSWORD }));
    say(`netlify build --context deploy-preview: exit ${preview.code} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    if (preview.code !== 0) console.log(preview.log.slice(-4000));
    const read = (p: string) => (existsSync(join(dir, p)) ? readFileSync(join(dir, p), "utf8") : "");
    const previewRun = { log: preview.log, headers: read("dist/_headers"), manifest: JSON.parse(read(".netlify/functions/manifest.json") || '{"functions":[]}'), databaseUrl: previewDb.url, exitCode: preview.code };
    rmSync(join(dir, "dist"), { recursive: true, force: true });
    rmSync(join(dir, ".netlify"), { recursive: true, force: true });

    // Production: Netlify's build, then its runtime.
    t = Date.now();
    const port = await freePort();
    const adminEmail = "owner@coastal-marine.example";
    serve = spawn(netlifyBin, ["serve", "--offline", "--context", "production", "--port", String(port), "--internal-disable-edge-functions"], {
      cwd: dir,
      detached: true,
      env: env({
        DATABASE_URL: prodDb.url,
        BUILD_HOOK_URL: hook.url,
        BUILD_HOOK_DEBOUNCE_SECONDS: "0",
        SITE_URL: "https://www.coastal-marine.example",
        ADMIN_EMAIL: adminEmail,
      }),
    });
    let log = "";
    serve.stdout!.on("data", (d) => (log += d));
    serve.stderr!.on("data", (d) => (log += d));
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 8 * 60_000;
    for (;;) {
      if (serve.exitCode !== null) throw new Error(`netlify serve exited (${serve.exitCode}):\n${log.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`netlify serve did not answer /api/health in 8 minutes:\n${log.slice(-4000)}`);
      const ok = await fetch(`${baseUrl}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    say(`netlify serve --context production: answering at ${baseUrl} after ${((Date.now() - t) / 1000).toFixed(0)} s (its build included)`);

    const fnDir = join(dir, ".netlify/functions");
    const zips = readdirSync(fnDir).filter((f) => f.endsWith(".zip")).sort();
    const reports = zips.map((z) => inspectBundle(join(fnDir, z)));
    const bundleProblems = reports.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`));
    for (const z of zips) {
      const cold = coldStart(join(fnDir, z));
      if (cold.error) bundleProblems.push(`${z.replace(/\.zip$/, "")}: does not load from its bundle: ${cold.error}`);
    }
    const largest = reports.reduce((a, b) => (b.unzipped > a.unzipped ? b : a));
    say(`${reports.length} function bundles; largest ${largest.name} ${mb(largest.zipped)} zipped, ${mb(largest.unzipped)} unzipped; ${bundleProblems.length} problem(s)`);

    const result: NetlifyRun = {
      baseUrl,
      databaseUrl: prodDb.url,
      hookCallsUrl: hook.callsUrl,
      manifest: JSON.parse(readFileSync(join(fnDir, "manifest.json"), "utf8")),
      bundleProblems,
      bundleSizes: reports.map(({ name, zipped, unzipped }) => ({ name, zipped, unzipped })),
      preview: previewRun,
      adminEmail,
    };
    project.provide("netlify", result);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}
