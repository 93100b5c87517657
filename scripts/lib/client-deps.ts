/**
 * The packages the browser code imports, for Vite's `optimizeDeps.include` in `npm run dev`.
 *
 * Vite pre-bundles the dependencies it finds when it starts; one it only meets later (the first
 * visit to /products imports zustand, hours after start) makes it bundle again under new hashes.
 * Pages already open then ask for the old files and get "504 (Outdated Optimize Dep)", and React
 * can end up loaded twice (`_jsxDEV is not a function`). Listing every package up front means the
 * first bundle is the only one.
 *
 * The browser code is every file under src/islands and the `<script>` blocks of .astro files,
 * plus whatever those import by relative path (src/lib, …), followed to the end. Server code
 * (src/server, functions/) is never reached from there, so no server package is listed.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";

const CODE = /\.(tsx?|jsx?|mts|mjs)$/;
const ASSET = /\.(css|scss|sass|less|svg|png|jpe?g|gif|webp|avif|woff2?|json|txt|md)(\?.*)?$/;
/** What the React renderer loads in the browser on every island page (the integration lists them too). */
const ALWAYS = ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime"];

/** Specifiers imported for their values (not `import type`), static or dynamic. */
export function importedSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const out: string[] = [];
  for (const m of code.matchAll(/\b(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+|[^'";]*?from\s*)?["']([^"']+)["']/g)) {
    if (!m[2]) out.push(m[3]);
  }
  for (const m of code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

/** The client-side `<script>` blocks of an .astro file (not JSON-LD, not `is:inline`). */
export function astroClientScripts(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    if (/\bis:inline\b|type\s*=\s*["'](?!module)[^"']*["']|\bsrc\s*=/.test(attrs)) continue;
    out.push(m[2]);
  }
  return out;
}

/** The package name of a bare specifier ("@scope/pkg/sub" → "@scope/pkg"). */
export function packageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

export function isBare(spec: string): boolean {
  if (/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(spec) || spec.startsWith("\0")) return false;
  if (ASSET.test(spec)) return false;
  const name = packageName(spec);
  return !builtinModules.includes(name) && name !== "astro" && !name.startsWith("astro:");
}

function walk(dir: string, match: (f: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, match, out);
    else if (match(full)) out.push(full);
  }
  return out;
}

function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ""));
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [base, ...["", ".ts", ".tsx", ".js", ".jsx", ".mts", ".mjs"].map((e) => stem + e), ...["index.ts", "index.tsx", "index.js"].map((i) => join(base, i))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && (CODE.test(c) || extname(c) === ".astro"));
}

/**
 * Bare imports reachable from the browser code under `root`, sorted; packages that do not resolve
 * from the project are left out (Vite would refuse the whole list for one unknown entry).
 */
export function clientDependencies(root = process.cwd(), opts: { islands?: string; src?: string } = {}): string[] {
  const islands = resolve(root, opts.islands ?? "src/islands");
  const src = resolve(root, opts.src ?? "src");
  const found = new Set<string>(ALWAYS);
  const seen = new Set<string>();
  const queue: { file: string; code: string }[] = [];

  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    if (file.endsWith(".astro")) for (const code of astroClientScripts(text)) queue.push({ file, code });
    else queue.push({ file, code: text });
  };
  for (const f of walk(islands, (f) => CODE.test(f) && !f.endsWith(".d.ts") && !/\.(test|spec)\./.test(f))) visit(f);
  for (const f of walk(src, (f) => f.endsWith(".astro"))) visit(f);

  while (queue.length) {
    const { file, code } = queue.shift()!;
    for (const spec of importedSpecifiers(code)) {
      if (spec.startsWith(".")) {
        const target = resolveRelative(file, spec);
        if (target && !target.endsWith(".astro")) visit(target);
      } else if (isBare(spec)) found.add(spec);
    }
  }

  const req = createRequire(join(root, "package.json"));
  const resolves = (spec: string) => {
    try {
      req.resolve(spec);
      return true;
    } catch {
      // ESM-only exports ("import" condition without "require"): the package folder is enough.
      return existsSync(join(root, "node_modules", packageName(spec), "package.json")) && exportsSubpath(root, spec);
    }
  };
  return [...found].filter(resolves).sort();
}

function exportsSubpath(root: string, spec: string): boolean {
  const name = packageName(spec);
  const sub = "." + spec.slice(name.length);
  const pkg = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { exports?: unknown };
  if (!pkg.exports || typeof pkg.exports !== "object") return sub === "." || existsSync(join(root, "node_modules", spec));
  return sub in (pkg.exports as Record<string, unknown>) || (sub === "." && !Object.keys(pkg.exports as object).some((k) => k.startsWith(".")));
}
