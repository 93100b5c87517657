/**
 * The functions as Netlify itself reads them: zip-it-and-ship-it's `listFunctions` with in-source
 * config parsing, the same call Netlify's build makes. Netlify reads `export const config` only when
 * it is a plain object literal (`export const config: Config = { path: … }`); `{ … } satisfies
 * Config` or a config built at run time is read as empty, and the function silently loses its
 * route. Our own routers (`npm run dev`, `npm run preview`) read the source differently, so the
 * tests hold them to this.
 */
import { readdirSync } from "node:fs";
import { basename, resolve } from "node:path";
import { listFunctions } from "@netlify/zip-it-and-ship-it";

export interface DeclaredFunction {
  /** The function's name (its file name without the extension). */
  name: string;
  file: string;
  /** The URL paths Netlify routes to it (`config.path`), as declared. */
  paths: string[];
  /** Its cron schedule, for a scheduled function. */
  schedule?: string;
}

export async function netlifyFunctions(dir = "functions"): Promise<DeclaredFunction[]> {
  const listed = await listFunctions([resolve(dir)], { parseISC: true });
  return listed
    .map((f) => ({
      name: f.name,
      file: f.mainFile,
      paths: (f.routes ?? []).map((r) => r.pattern),
      ...(f.schedule ? { schedule: f.schedule } : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every source file in `dir` that Netlify would deploy as a function (TypeScript or JavaScript). */
export function functionFiles(dir = "functions"): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(m?[jt]s)$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => resolve(dir, f))
    .sort();
}

/**
 * What is wrong with the functions' declarations, in plain words; empty when every file is a
 * function Netlify lists with a route or a schedule.
 */
export async function declarationProblems(dir = "functions"): Promise<string[]> {
  const listed = await netlifyFunctions(dir);
  const byFile = new Map(listed.map((f) => [f.file, f]));
  const problems: string[] = [];
  for (const file of functionFiles(dir)) {
    const f = byFile.get(file);
    const name = basename(file);
    if (!f) problems.push(`${name}: Netlify does not list it as a function`);
    else if (!f.paths.length && !f.schedule)
      problems.push(
        `${name}: Netlify reads no path and no schedule from its config (write \`export const config: Config = { path: "…" }\`; \`satisfies Config\` is read as empty)`,
      );
  }
  return problems;
}
