/**
 * `npm test`: every check the project has, one step after another, then the time each took.
 *
 *   lint     ESLint, with the architecture's import rules
 *   check    astro check (types of .ts, .tsx and .astro)
 *   unit     Vitest: unit tests, API tests on embedded PGlite, and the SQL-dialect API files again
 *            on PostgreSQL when TEST_DATABASE_URL is set (it says when that pass is skipped)
 *   e2e      the browser suite on the production build (Playwright, desktop + phone projects)
 *   dev      the browser suite on `npm run dev`, started from an empty Vite cache
 *
 * Every step runs even when an earlier one failed (one run tells everything that is broken); the
 * exit code is non-zero when any failed. `npm test -- lint unit` runs only the steps named.
 */
import { spawn } from "node:child_process";

interface Step {
  name: string;
  script: string;
}

const STEPS: Step[] = [
  { name: "lint", script: "lint" },
  { name: "check", script: "check" },
  { name: "unit", script: "test:unit" },
  { name: "e2e", script: "test:e2e" },
  { name: "dev", script: "test:dev" },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${STEPS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(1));
  });
}

const format = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
};

const results: { name: string; ms: number; code: number }[] = [];
const start = Date.now();
for (const step of steps) {
  console.log(`\n▸ npm test: ${step.name} (npm run ${step.script})`);
  const t0 = Date.now();
  const code = await run(step.script);
  results.push({ name: step.name, ms: Date.now() - t0, code });
}

console.log("\n▸ npm test: step times");
for (const r of results) console.log(`  ${r.name.padEnd(6)} ${format(r.ms).padStart(10)}  ${r.code === 0 ? "ok" : `FAILED (exit ${r.code})`}`);
console.log(`  ${"total".padEnd(6)} ${format(Date.now() - start).padStart(10)}`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) {
  console.log(`\n✗ ${failed.map((r) => r.name).join(", ")} failed`);
  process.exit(1);
}
