/**
 * The admin query console: one read-only statement, at most 2 s, at most 500 rows.
 *
 * Guards, strongest first:
 *  1. the statement runs in a READ ONLY transaction, so Postgres refuses any write however phrased;
 *  2. it runs wrapped as a subquery with a bound parameter, which makes every driver (pg, Neon,
 *     PGlite) use the extended protocol, where a text holding several statements is refused, so
 *     nobody can COMMIT out of the read-only transaction;
 *  3. the transaction is always rolled back, so even what READ ONLY allows (lo_create) is not kept;
 *  4. `SET LOCAL statement_timeout` stops it after 2 s;
 *  5. a lexer gives clear messages early (several statements, a writing verb, session-changing
 *     functions whose effect would outlive the transaction on a pooled connection).
 */
import type { Db } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { lexSql } from "./sql-lexer.ts";

export const QUERY_ROW_CAP = 500;
export const QUERY_TIMEOUT = "2s";
export const QUERY_MAX_LENGTH = 10_000;
const CELL_MAX = 2000;

/** A query the console will not run, or one Postgres refused; the message is shown to the admin. */
export class QueryRefused extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

const READ_VERBS = new Set(["select", "with", "values", "table"]);
const WRITE_VERBS = new Set([
  "insert", "update", "delete", "merge", "upsert", "create", "drop", "alter", "truncate", "grant", "revoke",
  "copy", "comment", "vacuum", "analyze", "reindex", "cluster", "refresh", "lock", "call", "do", "import",
  "security", "reassign", "discard", "prepare", "execute", "deallocate", "listen", "notify", "unlisten",
  "begin", "start", "commit", "rollback", "abort", "end", "savepoint", "release", "set", "reset", "load",
]);
/** Functions whose effects outlive the transaction (session locks, settings, other backends, files). */
const SESSION_FUNCTIONS = new Set([
  "pg_advisory_lock", "pg_advisory_lock_shared", "pg_try_advisory_lock", "pg_try_advisory_lock_shared",
  "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "set_config",
  "lo_import", "lo_export", "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "dblink", "dblink_exec",
]);
const SLEEP_FUNCTIONS = new Set(["pg_sleep", "pg_sleep_for", "pg_sleep_until"]);

export interface QueryResult {
  columns: string[];
  rows: Record<string, unknown>[];
  /** True when the statement had more than QUERY_ROW_CAP rows and only the first ones are here. */
  truncated: boolean;
  ms: number;
}

/** Checks the text and returns the one statement to run, or throws QueryRefused with the reason. */
export function checkStatement(sql: string, opts: { embedded: boolean }): string {
  const lexed = lexSql(sql);
  if (lexed.unterminated) throw new QueryRefused("The query has an unclosed quote or comment.");
  if (lexed.statements.length === 0) throw new QueryRefused("Write a query to run.");
  if (lexed.statements.length > 1) throw new QueryRefused("Only one statement can run at a time: remove everything after the first ';'.");
  const verb = lexed.words[0] ?? "";
  if (WRITE_VERBS.has(verb)) throw new QueryRefused(`The query console is read-only: ${verb.toUpperCase()} statements are refused.`);
  if (!READ_VERBS.has(verb)) throw new QueryRefused("Only queries that read can run here: start with SELECT, WITH, VALUES or TABLE.");
  const banned = lexed.words.find((w) => SESSION_FUNCTIONS.has(w));
  if (banned) throw new QueryRefused(`${banned}() is refused here: its effect would outlive the read-only transaction.`);
  // The embedded database (PGlite, WASM) has no timer interrupts, so statement_timeout cannot stop a sleep there.
  const sleep = opts.embedded ? lexed.words.find((w) => SLEEP_FUNCTIONS.has(w)) : undefined;
  if (sleep) throw new QueryRefused(`${sleep}() is refused on the embedded development database, which cannot stop a statement after ${QUERY_TIMEOUT}.`);
  return lexed.statements[0];
}

/** Thrown inside the transaction to end it with ROLLBACK while carrying the rows out. */
class RollBack {
  readonly rows: Record<string, unknown>[];
  constructor(rows: Record<string, unknown>[]) {
    this.rows = rows;
  }
}

const embeddedCache = new WeakMap<Db, Promise<boolean>>();

/** PGlite in this process, or PGlite served over the wire protocol (the local dev and e2e servers). */
export function isEmbedded(db: Db): Promise<boolean> {
  let known = embeddedCache.get(db);
  if (!known) {
    known =
      db.driver === "pglite"
        ? Promise.resolve(true)
        : db.query<{ v: string }>("SELECT version() AS v").then((r) => /PGlite|emscripten/i.test(r.rows[0]?.v ?? ""));
    embeddedCache.set(db, known);
  }
  return known;
}

export async function runConsoleQuery(db: Db, sql: string): Promise<QueryResult> {
  const statement = checkStatement(sql, { embedded: await isEmbedded(db) });
  const started = performance.now();
  try {
    const rows = await db
      .tx(async (q) => {
        await q.query("SET TRANSACTION READ ONLY");
        await q.query(`SET LOCAL statement_timeout = '${QUERY_TIMEOUT}'`);
        // The newline before ')' keeps a trailing `-- comment` from swallowing the wrapper.
        const r = await q.query(`SELECT * FROM (\n${statement}\n) AS console_query LIMIT $1`, [QUERY_ROW_CAP + 1]);
        throw new RollBack(r.rows);
      })
      .catch((e) => {
        if (e instanceof RollBack) return e.rows;
        throw e;
      });
    const truncated = rows.length > QUERY_ROW_CAP;
    const kept = rows.slice(0, QUERY_ROW_CAP).map(toJsonRow);
    return { columns: kept[0] ? Object.keys(kept[0]) : [], rows: kept, truncated, ms: Math.round(performance.now() - started) };
  } catch (e) {
    throw explain(e);
  }
}

/** Postgres's own refusal turned into the console's message; anything that is not Postgres's is passed on. */
function explain(e: unknown): unknown {
  const code = (e as { code?: unknown })?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return e;
  if (code === "25006" || (code === "0A000" && /data-modifying/i.test(message)))
    return new QueryRefused(`The query console is read-only: ${message}.`);
  if (code === "57014") return new QueryRefused(`The query took longer than ${QUERY_TIMEOUT.replace("s", " s")} and was stopped.`);
  if (/multiple commands/i.test(message)) return new QueryRefused("Only one statement can run at a time.");
  if (code.startsWith("08") || code.startsWith("53") || code.startsWith("57P") || code.startsWith("XX")) return e;
  return new QueryRefused(`The query failed: ${message}`);
}

/** Rows as JSON the browser can show: dates as ISO text, bytes as short hex, long text cut. */
function toJsonRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = toJsonValue(v);
  return out;
}

function toJsonValue(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (v instanceof Uint8Array) {
    const hex = Buffer.from(v.subarray(0, 64)).toString("hex");
    return `\\x${hex}${v.length > 64 ? `… (${v.length} bytes)` : ""}`;
  }
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return v.length > CELL_MAX ? `${v.slice(0, CELL_MAX)}…` : v;
  if (v && typeof v === "object") {
    const s = JSON.stringify(v);
    return s.length > CELL_MAX ? `${s.slice(0, CELL_MAX)}…` : v;
  }
  return v;
}
