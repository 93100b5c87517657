/**
 * `npm run bench:dev`: how long `npm run dev` takes to serve a working site, cold (as on a fresh
 * clone: empty Vite cache, no .astro/, fresh database) and warm (second start). Each run starts the
 * dev server, waits for the first page to answer, then asks for an island page, the product list
 * and a product picture (/api/images), and stops the server. Prints every run, then the medians,
 * with the machine's load (the figures mean little on a busy machine).
 *
 *   npm run bench:dev [-- --runs 3] [-- --cold | --warm] [-- --port 4390]
 *   [-- --dir PATH --legacy]   measure another checkout whose dev script predates --memory/--clear-cache
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(opt("--runs", "3"));
const port = Number(opt("--port", "4390"));
const dir = resolve(opt("--dir", "."));
const legacy = args.includes("--legacy");
const modes = args.includes("--cold") ? ["cold"] : args.includes("--warm") ? ["warm"] : ["cold", "warm"];
const cacheDir = "node_modules/.vite/dev-bench";

interface Run {
  ready: number;
  page: number;
  list: number;
  image: number;
  imageStatus: number;
}

async function timed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const t = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  const body = await res.text();
  return { ms: performance.now() - t, status: res.status, body };
}

async function once(mode: string): Promise<Run> {
  if (mode === "cold") {
    for (const d of [".astro", legacy ? "node_modules/.vite" : cacheDir, ".netlify", legacy ? ".data/pglite" : ""].filter(Boolean)) rmSync(resolve(dir, d), { recursive: true, force: true });
  }
  const flags = legacy ? ["--port", String(port)] : ["--memory", "--port", String(port)];
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/dev.ts", ...flags], {
    cwd: dir,
    env: { ...process.env, DEV_VITE_CACHE_DIR: resolve(dir, cacheDir) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  try {
    const base = `http://localhost:${port}`;
    let ready = 0;
    for (let i = 0; i < 2400 && !ready; i++) {
      try {
        if ((await timed(`${base}/`)).status === 200) ready = performance.now() - started;
      } catch {}
      if (!ready) await new Promise((r) => setTimeout(r, 250));
      if (child.exitCode !== null) throw new Error(`dev server exited:\n${log}`);
    }
    if (!ready) throw new Error(`no answer after 10 minutes:\n${log}`);
    const page = await timed(`${base}/products`);
    const list = await timed(`${base}/api/public/products`);
    const key = /\/api\/images\/[\w-]+/.exec(list.body)?.[0];
    const image = key ? await timed(base + key) : { ms: NaN, status: 0 };
    return { ready, page: page.ms, list: list.ms, image: image.ms, imageStatus: image.status };
  } finally {
    // The dev server and what it started (database, astro) form one process group.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {}
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");

console.log(`▸ bench:dev in ${dir}${legacy ? " (legacy dev script)" : ""}: ${runs} run(s) per mode, ${cpus().length} CPUs, load ${load()}`);
for (const mode of modes) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    // A warm start needs one start before it.
    if (mode === "warm" && i === 0 && !modes.includes("cold")) await once("warm");
    const r = await once(mode);
    results.push(r);
    console.log(
      `  ${mode} #${i + 1}: ready ${s(r.ready)} · /products ${s(r.page)} · /api/public/products ${s(r.list)} · first /api/images ${s(r.image)} (HTTP ${r.imageStatus}) · load ${load()}`,
    );
  }
  console.log(
    `▸ ${mode} median: ready ${s(median(results.map((r) => r.ready)))} · /products ${s(median(results.map((r) => r.page)))} · /api/public/products ${s(median(results.map((r) => r.list)))} · first /api/images ${s(median(results.map((r) => r.image)))}`,
  );
}
