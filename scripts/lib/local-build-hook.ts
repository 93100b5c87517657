/**
 * A local stand-in for Netlify's build hook (`npm run preview -- --rebuild`, and the browser test of
 * publishing): what staff publish asks for a rebuild through BUILD_HOOK_URL exactly as on a deploy,
 * and here that POST runs `astro build` against the same database into a folder of its own. When
 * the build succeeds, the server starts serving it; when it fails, the last good build stays, as
 * Netlify keeps the last good deploy. Builds never overlap: a request during a build runs one more
 * build after it (which includes every change saved by then), and requests within a second of each
 * other (a product edit and a publish) start one build.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const LOCAL_BUILD_HOOK_PATH = "/.netlify/local-build-hook";
const BUILDS_DIR = ".data/builds";
/** Requests this close together start one build. */
const GATHER_MS = 1000;

/**
 * One `astro build` at a time in a checkout, whichever server asks. Astro renders a build's pages
 * from its content store on disk (node_modules/.astro/data-store.json, .astro/content-assets.mjs),
 * shared by every build in the checkout: two servers rebuilding at once (two browser test files,
 * each with its own database) rendered one build's pages from the other's content (a published
 * phone missing from the footer of the build that served its version). A lock file holding the
 * builder's pid; one left by a process that is gone is taken over.
 */
export const BUILD_LOCK = join(BUILDS_DIR, "build.lock");

export async function buildLock(): Promise<() => void> {
  mkdirSync(BUILDS_DIR, { recursive: true });
  for (;;) {
    try {
      const fd = openSync(BUILD_LOCK, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(BUILD_LOCK, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let holder: number;
      try {
        holder = Number(readFileSync(BUILD_LOCK, "utf8")) || 0;
      } catch {
        continue; // released meanwhile
      }
      if (holder && !alive(holder)) rmSync(BUILD_LOCK, { force: true });
      else await sleep(250);
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface LocalBuilds {
  /** The folder being served now. */
  current(): string;
  /** Answers the hook's POST (202 at once; the build runs after) and its GET (the state, as JSON). */
  handle(method: string): Response;
}

interface State {
  building: boolean;
  again: boolean;
  builds: number;
  failures: number;
  lastError: string | null;
}

export function localBuilds(opts: { databaseUrl: string; initial: string; serve(dir: string): Promise<void>; log(line: string): void }): LocalBuilds {
  let current = opts.initial;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  const state: State = { building: false, again: false, builds: 0, failures: 0, lastError: null };

  const buildOnce = async (): Promise<void> => {
    // Built aside, then renamed whole: a folder under its final name is always a complete build.
    const outDir = join(BUILDS_DIR, `${Date.now()}`);
    const partial = `${outDir}.partial`;
    mkdirSync(BUILDS_DIR, { recursive: true });
    const started = Date.now();
    opts.log(`▸ Build hook: building the site into ${outDir}`);
    const output: string[] = [];
    const unlock = await buildLock();
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "build", "--outDir", partial], {
        env: { ...process.env, NODE_ENV: "production", DATABASE_URL: opts.databaseUrl, BUILD_HOOK_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const keep = (b: Buffer) => output.push(b.toString()) && output.length > 200 && output.shift();
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("exit", (c) => resolve(c ?? 1));
      child.on("error", () => resolve(1));
    }).finally(unlock);
    if (code !== 0) {
      state.failures++;
      state.lastError = output.join("").split("\n").filter((l) => /error/i.test(l)).slice(-3).join(" ").slice(0, 500) || `astro build exited with ${code}`;
      opts.log(`✗ Build hook: the build failed (${state.lastError}); still serving ${current}`);
      rmSync(partial, { recursive: true, force: true });
      return;
    }
    renameSync(partial, outDir);
    // Resolves once the previous build answers no request; only then is its folder removed.
    await opts.serve(outDir);
    const previous = current;
    current = outDir;
    state.builds++;
    state.lastError = null;
    opts.log(`▸ Build hook: serving the new build (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (previous.startsWith(BUILDS_DIR)) rmSync(previous, { recursive: true, force: true });
  };

  const run = async () => {
    state.building = true;
    try {
      do {
        state.again = false;
        await buildOnce();
      } while (state.again);
    } finally {
      state.building = false;
    }
  };

  return {
    current: () => current,
    handle(method) {
      if (method === "GET") return Response.json(state);
      if (method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, POST" } });
      if (state.building) state.again = true;
      else
        gathering ??= setTimeout(() => {
          gathering = null;
          void run();
        }, GATHER_MS);
      return Response.json({ accepted: true }, { status: 202 });
    },
  };
}
