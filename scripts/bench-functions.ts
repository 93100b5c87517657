/**
 * `npm run bench:functions [-- DIR] [-- --cold N]`: the function bundles of a `netlify build`
 * (DIR, default `.netlify/functions`), as AWS Lambda gets them. For each zip: its zipped and
 * unzipped size against Lambda's limits (50 MB zipped, 250 MB unzipped), and what must never ship
 * in a production function: the embedded database (PGlite's WASM), a Node binary, the site's
 * pictures and videos, a file held twice (zip-it-and-ship-it names every traced .ts file after the
 * function), and what a bundle must carry that tracing cannot see (the query console's parser's
 * WebAssembly). With `--cold N` (default 5) it also times `health`'s cold start N times,
 * each in a new Node process on a fresh copy of its unpacked bundle: unzip, import, first answer
 * (GET /api/health against PostgreSQL at COLD_DATABASE_URL; the import alone without one), and prints the medians;
 * and, for a bundle that carries the parser, the parser's first load from that bundle (which its
 * function pays on its first console query, not on import). Exit code 1 when a bundle breaks a
 * limit, ships what it must not or misses what it needs, or a bundle cannot be loaded.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const LAMBDA_ZIPPED_LIMIT = 50 * 1024 * 1024;
export const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;

/** Paths inside a bundle that production must never carry, with why. */
export const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /(^|\/)node_modules\/@electric-sql\//, why: "the embedded database (PGlite) is for dev, tests and builds only" },
  { pattern: /(^|\/)node_modules\/node\/bin\/node$/, why: "a Node binary (the `node` npm package): Lambda brings its own" },
  { pattern: /^(public|content\/[^/]+)\//, why: "functions read content/*.json only; pictures, videos and the catalogue's seed stay out" },
];

/**
 * Files a bundle must carry along with a package it holds: read by the package at run time through
 * a path nft cannot follow (netlify.toml's included_files adds them).
 */
export const REQUIRED: { pattern: RegExp; needs: string; why: string }[] = [
  {
    pattern: /^node_modules\/libpg-query\//,
    needs: "node_modules/libpg-query/wasm/libpg-query.wasm",
    why: "the query console's parser reads it on the first query (netlify.toml: [functions.\"admin-query\"] included_files)",
  },
];

/** The query console's parser (PostgreSQL's, in WebAssembly), which its function loads lazily. */
const PARSER_PACKAGE = "node_modules/libpg-query/package.json";

export interface BundleReport {
  name: string;
  zipped: number;
  unzipped: number;
  files: number;
  problems: string[];
  /** True when the bundle carries the query console's parser. */
  parser: boolean;
}

/** The listing of a zip: each file's path and size (`unzip -Z1` would lose the sizes). */
function zipEntries(zip: string): { path: string; size: number }[] {
  const out = execFileSync("unzip", ["-Zl", zip], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const entries: { path: string; size: number }[] = [];
  for (const line of out.split("\n")) {
    // -rw-r--r--  2.0 unx     1568 b-     1234 defN 80-Jan-01 00:00 content/about.json
    const m = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\d+\s+\S+\s+\S+\s+\S+\s+(.+)$/.exec(line);
    if (m && !m[2].endsWith("/")) entries.push({ path: m[2], size: Number(m[1]) });
  }
  return entries;
}

export function inspectBundle(zip: string): BundleReport {
  const name = zip.split("/").pop()!.replace(/\.zip$/, "");
  const entries = zipEntries(zip);
  const zipped = statSync(zip).size;
  const unzipped = entries.reduce((s, e) => s + e.size, 0);
  const problems: string[] = [];
  if (zipped > LAMBDA_ZIPPED_LIMIT) problems.push(`zipped ${mb(zipped)} is over Lambda's 50 MB`);
  if (unzipped > LAMBDA_UNZIPPED_LIMIT) problems.push(`unzipped ${mb(unzipped)} is over Lambda's 250 MB`);
  const seen = new Set<string>();
  const twice = new Set(entries.filter((e) => seen.size === seen.add(e.path).size).map((e) => e.path));
  for (const path of twice) problems.push(`holds ${path} more than once: which one Lambda unpacks last is luck`);
  for (const { pattern, why } of FORBIDDEN) {
    const hits = entries.filter((e) => pattern.test(e.path));
    if (hits.length) problems.push(`ships ${hits[0].path}${hits.length > 1 ? ` and ${hits.length - 1} more` : ""}: ${why}`);
  }
  for (const { pattern, needs, why } of REQUIRED) {
    if (entries.some((e) => pattern.test(e.path)) && !seen.has(needs)) problems.push(`misses ${needs}: ${why}`);
  }
  return { name, zipped, unzipped, files: entries.length, problems, parser: seen.has(PARSER_PACKAGE) };
}

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Loads a bundle as Lambda would (its entry point, in a new Node process, from the unpacked zip,
 * with no node_modules of ours reachable) and, with a database URL, answers one GET of its first
 * route. A bundle that carries the query console's parser also loads it, from the bundle, and
 * parses a statement with it. Returns the times, or the error that stopped it.
 */
export function coldStart(
  zip: string,
  opts: { databaseUrl?: string; path?: string } = {},
): { unzipMs: number; importMs: number; firstMs?: number; parserMs?: number; error?: string } {
  const dir = mkdtempSync(join(tmpdir(), "fn-cold-"));
  try {
    const t0 = performance.now();
    execFileSync("unzip", ["-q", zip, "-d", dir]);
    const unzipMs = performance.now() - t0;
    const main = readdirSync(join(dir, "functions")).find((f) => f.endsWith(".mjs"));
    if (!main) return { unzipMs, importMs: 0, error: "no functions/*.mjs in the bundle" };
    const entry = JSON.stringify(join(dir, "functions", main));
    const probe = `
      const t0 = performance.now();
      const mod = await import(${entry});
      const importMs = performance.now() - t0;
      let parserMs;
      if (${existsSync(join(dir, PARSER_PACKAGE))}) {
        // Resolved from the function's own file, as its lazy import("libpg-query") is.
        const t2 = performance.now();
        const { createRequire } = await import("node:module");
        const parser = createRequire(${entry})("libpg-query");
        await parser.loadModule();
        if (!JSON.stringify(await parser.parse("SELECT 1 --\\r, pg_sleep(1)")).includes("pg_sleep")) throw new Error("the parser did not read the statement as PostgreSQL does");
        parserMs = performance.now() - t2;
      }
      let firstMs;
      if (process.env.COLD_DATABASE_URL && ${JSON.stringify(opts.path ?? "")}) {
        const t1 = performance.now();
        const res = await mod.default(new Request("http://localhost" + ${JSON.stringify(opts.path ?? "")}), undefined);
        if (res.status !== 200) throw new Error("answered " + res.status + ": " + (await res.text()));
        firstMs = performance.now() - t1;
      }
      console.log(JSON.stringify({ importMs, firstMs, parserMs }));
      process.exit(0);`;
    // Ours, less any database or deploy setting: the bundle gets only what is given below.
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/DATABASE_URL|NETLIFY_DB_URL|^CONTEXT$|SESSION_SECRET/.test(k)));
    Object.assign(env, { LOG_SILENT: "1", SESSION_SECRET: "cold-start-bench-secret-0123456789abcdef", CONTEXT: "production" });
    if (opts.databaseUrl) {
      env.COLD_DATABASE_URL = opts.databaseUrl;
      env.DATABASE_URL = opts.databaseUrl;
    }
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
    // The first lines, each cut short: a minified module's source line can run to megabytes.
    const lines = (r.stderr || r.stdout || `exit ${r.status}`).trim().split("\n").slice(0, 6);
    if (r.status !== 0) return { unzipMs, importMs: 0, error: lines.map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l)).join("\n") };
    const { importMs, firstMs, parserMs } = JSON.parse(r.stdout.trim().split("\n").pop()!);
    return { unzipMs, importMs, firstMs, parserMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first route of each function, from the build's manifest (to call it in a cold start). */
function manifestRoutes(dir: string): Map<string, string | undefined> {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { functions: { name: string; routes?: { pattern: string }[] }[] };
    return new Map(manifest.functions.map((f) => [f.name, f.routes?.[0]?.pattern]));
  } catch {
    return new Map();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const dir = resolve(args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a)) ?? ".netlify/functions");
  const coldAt = args.indexOf("--cold");
  const coldRuns = coldAt >= 0 ? Number(args[coldAt + 1]) || 5 : 0;
  const zips = readdirSync(dir).filter((f) => f.endsWith(".zip")).sort();
  if (!zips.length) {
    console.error(`✗ No function bundles in ${dir}: run \`netlify build --offline\` first`);
    process.exit(1);
  }
  const reports = zips.map((z) => inspectBundle(join(dir, z)));
  console.log(`▸ Function bundles in ${dir} (Lambda: 50 MB zipped, 250 MB unzipped)`);
  console.log(`  ${"function".padEnd(22)} ${"zipped".padStart(9)} ${"unzipped".padStart(9)} ${"files".padStart(6)}`);
  for (const r of reports) {
    console.log(`  ${r.name.padEnd(22)} ${mb(r.zipped).padStart(9)} ${mb(r.unzipped).padStart(9)} ${String(r.files).padStart(6)}${r.problems.length ? "  ✗" : ""}`);
    for (const p of r.problems) console.log(`      ✗ ${p}`);
  }
  const largest = reports.reduce((a, b) => (b.unzipped > a.unzipped ? b : a));
  const total = reports.reduce((s, r) => s + r.zipped, 0);
  console.log(`  largest: ${largest.name} (${mb(largest.zipped)} zipped, ${mb(largest.unzipped)} unzipped); all ${reports.length}: ${mb(total)} zipped`);

  let failed = reports.some((r) => r.problems.length > 0);
  if (coldRuns) {
    const databaseUrl = process.env.COLD_DATABASE_URL || undefined;
    const routes = manifestRoutes(dir);
    const runs = Array.from({ length: coldRuns }, () => coldStart(join(dir, "health.zip"), { databaseUrl, path: routes.get("health") }));
    const error = runs.find((r) => r.error)?.error;
    if (error) {
      console.log(`  ✗ health's cold start failed:\n${error.replace(/^/gm, "      ")}`);
      failed = true;
    } else {
      const first = runs.every((r) => r.firstMs !== undefined) ? `, first answer ${median(runs.map((r) => r.firstMs!)).toFixed(0)} ms` : " (no database URL: import only)";
      console.log(
        `▸ health's cold start, median of ${coldRuns}: unzip ${median(runs.map((r) => r.unzipMs)).toFixed(0)} ms, import ${median(runs.map((r) => r.importMs)).toFixed(0)} ms${first}`,
      );
    }
  }
  // The query console's parser, loaded from each bundle that carries it, as its first query does.
  for (const r of reports.filter((b) => b.parser)) {
    const runs = Array.from({ length: Math.max(coldRuns, 1) }, () => coldStart(join(dir, `${r.name}.zip`)));
    const error = runs.find((c) => c.error)?.error;
    if (error) {
      console.log(`  ✗ ${r.name} cannot load its parser from its bundle:\n${error.replace(/^/gm, "      ")}`);
      failed = true;
    } else {
      const ms = (pick: (c: (typeof runs)[number]) => number) => median(runs.map(pick)).toFixed(0);
      console.log(`▸ ${r.name}: import ${ms((c) => c.importMs)} ms, then its parser's first load ${ms((c) => c.parserMs ?? 0)} ms (median of ${runs.length}, from its bundle)`);
    }
  }
  if (failed) {
    console.log("✗ Function bundles: see ✗ above");
    process.exit(1);
  }
  console.log("✓ Function bundles: within Lambda's limits, nothing that production must not carry");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
