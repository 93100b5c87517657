/**
 * `npm run graph`: the import graph of src/ and functions/ (type-only imports included, unlike
 * ESLint's no-cycle): its import cycles, the arrows between the leads and CRM modules, imports the
 * architecture forbids, and the files a quote request passes through (the form island, its
 * function and the CRM retry job, with everything they import). Prints numbers; exits 1 on a cycle.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export interface ImportGraph {
  files: string[];
  edges: Map<string, Set<string>>;
}

const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const IMPORT = /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (SOURCE.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
  }
}

/** Every relative import between the source files under `roots` (paths relative to the cwd). */
export function importGraph(roots = ["src", "functions"]): ImportGraph {
  const files: string[] = [];
  for (const r of roots) if (existsSync(r)) walk(r, files);
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    if (!spec.startsWith(".")) return null;
    const base = normalize(join(dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) => known.has(c)) ?? null;
  };
  const edges = new Map<string, Set<string>>();
  for (const f of files) {
    const to = new Set<string>();
    for (const m of readFileSync(f, "utf8").matchAll(IMPORT)) {
      const target = resolve(f, m[1] || m[2] || m[3]);
      if (target) to.add(target);
    }
    edges.set(f, to);
  }
  return { files, edges };
}

/** The groups of files that import each other, directly or around a loop (Tarjan's algorithm). */
export function cycles(g: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || g.edges.get(v)?.has(v)) found.push(group.sort());
    }
  };
  for (const f of g.files) if (!index.has(f)) visit(f);
  return found;
}

/** Imports from files under `from` to files under `to`, as "a -> b". */
export function arrows(g: ImportGraph, from: string, to: string): string[] {
  const out: string[] = [];
  for (const [f, targets] of g.edges) if (f.startsWith(from)) for (const t of targets) if (t.startsWith(to)) out.push(`${f} -> ${t}`);
  return out.sort();
}

/** Every file reachable from `starts` through imports (the starts included). */
export function reach(g: ImportGraph, starts: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length) {
    const v = todo.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const w of g.edges.get(v) ?? []) todo.push(w);
  }
  return [...seen].sort();
}

/** Island imports that cross from one feature folder into another (islands/shared excepted). */
export function crossFeatureImports(g: ImportGraph): string[] {
  const feature = (f: string) => /^src\/islands\/([^/]+)\//.exec(f)?.[1];
  const out: string[] = [];
  for (const [f, targets] of g.edges) {
    const own = feature(f);
    if (!own) continue;
    for (const t of targets) {
      const other = feature(t);
      if (other && other !== own && other !== "shared") out.push(`${f} -> ${t}`);
    }
  }
  return out.sort();
}

/** Where a quote request goes: the form island, its endpoint and the CRM retry job. */
export const QUOTE_TRIP_STARTS = ["src/islands/quote/QuoteForm.tsx", "functions/public-contact.ts", "functions/job-crm-sync.ts"];

if (import.meta.main) {
  const g = importGraph();
  const loops = cycles(g);
  const list = (title: string, rows: string[]) => {
    console.log(`${title}: ${rows.length}`);
    for (const r of rows) console.log(`    ${r}`);
  };
  console.log(`files: ${g.files.length}`);
  list("import cycles (type-only imports included)", loops.map((c) => c.join(" <-> ")));
  list("leads -> crm arrows", arrows(g, "src/server/leads/", "src/server/crm/"));
  list("crm -> leads arrows", arrows(g, "src/server/crm/", "src/server/leads/"));
  list("islands -> src/server imports", arrows(g, "src/islands/", "src/server/"));
  list("src/lib -> src/server imports", arrows(g, "src/lib/", "src/server/"));
  list("cross-feature island imports", crossFeatureImports(g));
  list(`files a quote request passes through (from ${QUOTE_TRIP_STARTS.join(", ")})`, reach(g, QUOTE_TRIP_STARTS));
  if (loops.length) process.exitCode = 1;
}
