import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => (statSync(join(root, dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

/** British forms an American homeowner would notice (the site is US English). */
const BRITISH = /\b(neighbour\w*|centre[ds]?|centred|aluminium|colour\w*|galvanis\w*|favourite\w*|licence[ds]?|gr[e]y(ish)?|metres?|honour\w*|behaviour\w*|organis\w*|realis\w*|recognis\w*|prioritis\w*|apologis\w*|customis\w*|catalogue[ds]?|harbour\w*|travell\w*|storeys?)\b/i;
const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === "object" ? Object.values(v).flatMap(strings) : []);

describe("public words are US English", () => {
  const json = [...files("content").filter((f) => f.endsWith(".json")), ...files("content/products").filter((f) => f.endsWith(".json"))];
  it.each([...new Set(json)])("%s", (file) => {
    const bad = strings(JSON.parse(readFileSync(join(root, file), "utf8"))).filter((s) => BRITISH.test(s));
    expect(bad).toEqual([]);
  });

  // Page and island sources: text, alt text and comments alike. `catalogue` stays allowed in code (a folder name).
  const sources = ["src/pages", "src/components", "src/layouts", "src/islands/quote", "src/islands/estimate", "src/islands/gallery", "src/islands/catalogue", "src/islands/shared"]
    .flatMap(files)
    .filter((f) => /\.(astro|tsx?)$/.test(f));
  it.each(sources)("%s", (file) => {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    const bad = lines.map((l, i) => [i + 1, l.replace(/catalogue/gi, "")] as const).filter(([, l]) => BRITISH.test(l));
    expect(bad.map(([n, l]) => `${n}: ${l.trim()}`)).toEqual([]);
  });
});

describe("every picture has its source and license in content/CREDITS.md", () => {
  const credits = readFileSync(join(root, "content/CREDITS.md"), "utf8");
  const pictures = [
    ...files("content/images").map((f) => relative(join(root, "content"), join(root, f))),
    ...files("public").filter((f) => /\.(jpe?g|png|svg|ico|webp|avif|mp4|webm)$/.test(f)).map((f) => "../" + f),
  ];
  it.each(pictures)("%s", (file) => {
    const dir = file.slice(0, file.lastIndexOf("/") + 1);
    const name = file.slice(dir.length);
    const ext = name.slice(name.lastIndexOf("."));
    // Named in full, by a wildcard of its folder, or as a sibling listed after the first file of its row.
    const named = credits.includes(`\`${file}\``) || credits.includes(`\`${dir}*${ext}\``) || new RegExp("`" + dir.replace(/[./]/g, "\\$&") + "[^`]+`[^|\\n]*`" + name.replace(/\./g, "\\.") + "`").test(credits);
    expect(named, `${file} is not in CREDITS.md`).toBe(true);
  });

  it("says the pictures are renderings and the sample projects are the company's to replace", () => {
    expect(credits).toMatch(/renderings, not photographs/);
    expect(credits).toMatch(/sample projects/);
  });
});
