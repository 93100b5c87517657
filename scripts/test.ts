/**
 * `npm test`: every check the project has, one step after another, then the time each took.
 *
 *   lint     ESLint, with the architecture's import rules
 *   check    astro check (types of .ts, .tsx and .astro)
 *   unit     Vitest: unit tests, API tests on embedded PGlite, and the SQL-dialect API files again
 *            on PostgreSQL when TEST_DATABASE_URL is set, through pg and through Neon's driver (it
 *            says when that pass is skipped)
 *   netlify  Netlify's own build (deploy preview and production) and a smoke suite on
 *            `netlify serve` of it: routes, bundles, headers, a lead, a photo, the office
 *   e2e      the browser suite on the production build (Playwright, desktop + phone projects)
 *   dev      the browser suite on `npm run dev`, started from an empty Vite cache
 *
 * The browser and its fonts are made sure of (installed with apt on a new machine, minutes of
 * download) in the background from the start, while lint, check, unit and netlify run; the
 * browser steps wait for it. Lint and check run side by side (each keeps to one core).
 *
 * Every step runs even when an earlier one failed (one run tells everything that is broken); the
 * exit code is non-zero when any failed. `npm test -- lint unit` runs only the steps named.
 */
import { spawn } from "node:child_process";
import { failureDigest } from "./lib/failure-digest.ts";

interface Step {
  name: string;
  script: string;
  /** Runs beside the step before it (both started together). */
  besidePrevious?: boolean;
  browser?: boolean;
}

const STEPS: Step[] = [
  { name: "lint", script: "lint" },
  { name: "check", script: "check", besidePrevious: true },
  { name: "unit", script: "test:unit" },
  { name: "netlify", script: "test:netlify" },
  { name: "e2e", script: "test:e2e", browser: true },
  { name: "dev", script: "test:dev", browser: true },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${STEPS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

/**
 * Runs an npm script; `quiet` keeps its output and prints it when it ends (for a step run beside
 * another). Either way the output is also kept, so the failures can be repeated at the end.
 */
const run = (script: string, quiet = false) => runCommand("npm", ["run", "--silent", script], quiet);

function runCommand(cmd: string, args: string[], quiet: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
      if (!quiet) process.stdout.write(d);
    });
    child.stderr.on("data", (d) => {
      output += d;
      if (!quiet) process.stderr.write(d);
    });
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on("error", () => resolve({ code: 1, output }));
  });
}

const format = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
};

const results: { name: string; ms: number; code: number; output: string }[] = [];
const start = Date.now();

// The browser and fonts, from the start, in the background (their output shown when they are done).
const browser = steps.some((s) => s.browser)
  ? (() => {
      const t0 = Date.now();
      return runCommand(process.execPath, ["scripts/ensure-browser.ts"], true).then((r) => ({ ...r, ms: Date.now() - t0 }));
    })()
  : undefined;
let browserShown = false;
const showBrowser = async () => {
  if (!browser || browserShown) return;
  browserShown = true;
  const b = await browser;
  console.log(`\n▸ npm test: browser and fonts (in the background from the start, ready after ${format(b.ms)})`);
  process.stdout.write(b.output);
  if (b.code !== 0) results.push({ name: "browser", ms: b.ms, code: b.code, output: b.output });
};

for (let i = 0; i < steps.length; i++) {
  const step = steps[i];
  const beside = steps[i + 1]?.besidePrevious ? steps[i + 1] : undefined;
  if (step.browser) await showBrowser();
  if (beside) {
    // Two steps at once: each one's output is printed whole when it ends, first the first.
    console.log(`\n▸ npm test: ${step.name} and ${beside.name}, side by side (npm run ${step.script}; npm run ${beside.script})`);
    const t0 = Date.now();
    const both = [step, beside].map((st) => run(st.script, true).then((r) => ({ ...r, ms: Date.now() - t0 })));
    for (const [k, st] of [step, beside].entries()) {
      const r = await both[k];
      console.log(`\n▸ npm test: ${st.name} (npm run ${st.script})`);
      process.stdout.write(r.output);
      results.push({ name: st.name, ms: r.ms, code: r.code, output: r.output });
    }
    i++;
    continue;
  }
  console.log(`\n▸ npm test: ${step.name} (npm run ${step.script})`);
  const t0 = Date.now();
  const { code, output } = await run(step.script);
  results.push({ name: step.name, ms: Date.now() - t0, code, output });
}
await showBrowser();

console.log("\n▸ npm test: step times");
for (const r of results) console.log(`  ${r.name.padEnd(8)} ${format(r.ms).padStart(10)}  ${r.code === 0 ? "ok" : `FAILED (exit ${r.code})`}`);
console.log(`  ${"total".padEnd(8)} ${format(Date.now() - start).padStart(10)}`);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) {
  for (const r of failed) {
    const digest = failureDigest(r.output);
    console.log(`\n▸ npm test: what failed in ${r.name}${digest.length ? "" : " (no test named; its output is above)"}`);
    for (const line of digest) console.log(line);
  }
  console.log(`\n✗ ${failed.map((r) => r.name).join(", ")} failed`);
  process.exit(1);
}
