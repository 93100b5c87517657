/**
 * `npm run bench:console [-- SQL ...]`: how long the query console holds the embedded database
 * (PGlite in this process, migrated, empty) for each statement, and how it ended: rows, or the
 * console's refusal. PGlite cannot interrupt a running statement (no timer interrupts in WASM),
 * so every statement here must end, refused or answered, well within the console's 2 s. The
 * default list is the issue 33 fuzz's slow cases and everyday queries near the console's bounds;
 * arguments replace it. Exit code 1 when one took 2 s or more. With BENCH_DATABASE_URL=postgres://…
 * it runs on that server instead (where statement_timeout stops what runs too long).
 */
import { loadParser } from "../src/server/admin/sql-parser.ts";

process.env.LOG_SILENT = "1";
const { createDb } = await import("../src/server/db/index.ts");
const { migrate } = await import("../src/server/db/migrate.ts");
const { runConsoleQuery } = await import("../src/server/admin/query-console.ts");

const LIMIT_MS = 2000;
const DEFAULT_SQL = [
  // Issue 33's fuzz: each held PGlite on the lexer-based console (pg_sleep(5) stands in for the
  // fuzz's pg_sleep(600)). Through this script before the parser, idle / both cores busy:
  "select length(repeat('x',100000000))", // ran: 1.7 s / 2.6 s (7 s in the fuzz)
  "select count(*) from generate_series(1, 1000000.0)", // ran: 0.3 s / 0.4 s (1.9 s in the fuzz)
  "SELECT 1 --\r, pg_sleep(5)", // ran: 5.0 s, whatever it sleeps
  "SELECT (v).pg_sleep FROM (SELECT 5::float8 AS v) s", // refused by name
  // Text handled on every row, which the planner prices at nothing.
  "select count(lpad(g::text, 1000, '0')) from generate_series(1, 100000) g", // ran: 0.8 s (1.9 s busy)
  "select count(to_char(g, repeat('9', 100))) from generate_series(1, 1000000) g", // ran: 1.8 s
  // The most the console lets through, and everyday queries.
  "select length(repeat('x', 10000))",
  "select count(*) from generate_series(1, 1000000)",
  "select count(*) from generate_series(1, 100000.0)",
  "select count(*) from generate_series(1, 1000) a, generate_series(1, 1000) b",
  "select count(*) from generate_series(1, 1500000)",
  "select count(lpad(g::text, 10, '0')) from generate_series(1, 100000) g",
  "select string_agg(to_char(g, 'FM0000000000'), ',') from generate_series(1, 10000) g",
  "select count(*) from generate_series(now() - interval '365 days', now(), interval '1 hour')",
];

const url = process.env.BENCH_DATABASE_URL || "pglite:memory";
const db = await createDb(url);
await migrate(db);
const list = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_SQL;
let slow = 0;
// The parser's first load (import and WASM compile), which the console's first query pays for.
const t0 = performance.now();
await loadParser();
const parserMs = performance.now() - t0;
// Warm-up: the first statement pays for PGlite's first use.
await runConsoleQuery(db, "SELECT 1").catch(() => {});
console.log(`▸ Query console on ${url.startsWith("pglite:") ? "PGlite (embedded)" : url.replace(/\/\/[^@]*@/, "//")}; parser loaded in ${parserMs.toFixed(0)} ms`);
for (const sql of list) {
  const t = performance.now();
  const outcome = await runConsoleQuery(db, sql).then(
    (r) => `ran: ${JSON.stringify(r.rows[0] ?? null).slice(0, 60)}${r.rows.length > 1 ? ` (+${r.rows.length - 1} rows)` : ""}`,
    (e: Error) => `refused: ${e.message.slice(0, 160)}`,
  );
  const ms = performance.now() - t;
  if (ms >= LIMIT_MS) slow++;
  console.log(`  ${ms.toFixed(0).padStart(6)} ms ${ms >= LIMIT_MS ? "✗" : " "} ${JSON.stringify(sql)}\n             ${outcome}`);
}
await db.close();
if (slow) {
  console.log(`✗ ${slow} statement(s) held the database for ${LIMIT_MS / 1000} s or more`);
  process.exit(1);
}
console.log(`✓ every statement ended within ${LIMIT_MS / 1000} s`);
