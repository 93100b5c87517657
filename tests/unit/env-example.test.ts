// .env.example documents every setting the code reads, so a new one cannot ship unexplained.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx|mjs|astro)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

it("names every environment variable that src/, functions/, scripts/ and the Astro config read", () => {
  const files = [...sources("src"), ...sources("functions"), ...sources("scripts"), "astro.config.mjs"];
  const read = new Set(files.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1])));
  const documented = readFileSync(".env.example", "utf8");
  expect(read.size).toBeGreaterThan(10);
  expect([...read].filter((name) => !new RegExp(`\\b${name}\\b`).test(documented)).sort()).toEqual([]);
});
