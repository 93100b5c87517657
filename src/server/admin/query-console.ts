/**
 * The admin query console: one read-only statement, at most 2 s, at most 500 rows, read as the
 * least-privilege role `console_reader` (migration 008), which cannot see secrets.
 *
 * Guards, strongest first:
 *  1. the statement runs as console_reader: `SET LOCAL ROLE`, then inside console_run(), a
 *     SECURITY DEFINER function owned by that role, where Postgres refuses SET ROLE, RESET ROLE and
 *     set_config('role', …). Column grants decide what it reads; a refusal (42501) answers 403
 *     naming the table or column. Before each run the role is checked (exists, not superuser, no
 *     BYPASSRLS, member of no role, owns console_run, cannot read any known secret); if anything
 *     is wrong the console answers 503 saying what, and never runs with the app's own access;
 *  2. the statement runs in a READ ONLY transaction, so Postgres refuses any write however phrased;
 *  3. console_run() opens it as a cursor, which holds exactly one query, and the call itself is
 *     sent with bound parameters (extended protocol, one statement), so a text holding several
 *     statements is refused and nobody can COMMIT out of the read-only transaction;
 *  4. the transaction is always rolled back, so even what READ ONLY allows is not kept, and then
 *     session advisory locks and settings are cleared (Db.isolated) before the connection is reused;
 *  5. `statement_timeout`, set for the transaction, stops it after 2 s on PostgreSQL and Neon. The
 *     embedded database (PGlite, WASM) cannot interrupt a statement, so there the planner's estimate
 *     is checked first and a statement estimated above EMBEDDED_MAX_COST (less for the text its
 *     functions handle on every row, embeddedMaxCost) is refused without running;
 *  6. before any of that, PostgreSQL's own parser (libpg_query, src/server/admin/sql-parser.ts)
 *     reads the text as the server will, and console-statement.ts decides on its tree: exactly one
 *     statement, a read, no data-modifying WITH, SELECT INTO or row lock, and no function outside
 *     its allow-list (so nothing that runs SQL from text, sleeps, or outlives the transaction), with
 *     the sizes the planner does not weigh bounded (repeat/lpad/rpad/replace, and on PGlite the rows
 *     of generate_series). `standard_conforming_strings` is set on for the run, so the server reads
 *     quotes and backslashes as that parser did. A refusal names what was refused; a syntax error
 *     is the parser's own message and position.
 */
import type { Db, Queryable } from "../db/index.ts";
import { checkStatement, QUERY_TIMEOUT, QueryRefused } from "./console-statement.ts";

export { checkStatement, QUERY_TIMEOUT, QueryRefused };

export const QUERY_ROW_CAP = 500;
export const QUERY_MAX_LENGTH = 10_000;
const CELL_MAX = 2000;
/** The role the console reads as, and the function that runs its statement (migration 008). */
export const CONSOLE_ROLE = "console_reader";
const RUN_FUNCTION = "public.console_run(text,integer,double precision)";
/**
 * On the embedded database only: the planner's cost above which a statement is refused. Measured
 * through the console on PGlite: generate_series counts ran 9 cost units per ms on a busy machine
 * (50 idle), nested loops 60-280, so 20,000 refuses what could take more than about 2 s; a
 * recursive query's cost is a guess, so WITH RECURSIVE is refused there, and the work the planner
 * does not price (a series' decimal rows, text built by repeat()) is bounded from the parse tree
 * (console-statement.ts).
 * A true cut-off would need the statement in a worker holding a copy of the database, stopped at
 * 2 s: measured at 0.14-0.38 s to dump the 42 MB database plus 0.6-1.2 s to open it in a worker,
 * for every run, and the dev and e2e servers reach PGlite over a socket from another process, where
 * this code cannot reach the PGlite instance to copy it.
 */
export const EMBEDDED_MAX_COST = 20_000;
/**
 * Characters of constant text handled per row (CheckedStatement.perRowChars) that cost PGlite as
 * much as the row itself: the cost allowance there is EMBEDDED_MAX_COST / (1 + chars / 8).
 * Measured on PGlite: a generate_series row 0.19 us at 0.0125 cost units; to_char with a
 * 100-character format 18-26 ns per character per row (over 1,000,000 rows 1.8-2.6 s through the
 * console, priced as the bare series), lpad 8-19 ns. A statement at its allowance then runs in
 * about 0.3 s on an idle machine, however long the text its functions handle.
 */
export const EMBEDDED_CHARS_PER_ROW_COST = 8;

/** The planner's cost above which the embedded database refuses a statement (see above). */
export function embeddedMaxCost(perRowChars: number): number {
  return EMBEDDED_MAX_COST / (1 + perRowChars / EMBEDDED_CHARS_PER_ROW_COST);
}
/**
 * What console_reader must never read. Migration 008 withholds these; they are checked again
 * before every run, so a stray GRANT closes the console instead of showing a secret.
 */
export const SECRET_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ["users", "password_hash"],
  ["sessions", "id"],
  ["password_resets", "token_hash"],
  ["outbox", "text_body"],
  ["outbox", "html_body"],
  // Issue 13: a repeat of an idempotency key gets the stored answer, which may hold a photo token.
  ["lead_idempotency", "key"],
  ["lead_idempotency", "answer"],
  ["lead_photo_tokens", "token_hash"],
  ["lead_photo_claims", "claim_hash"],
  // Issue 35: a visitor's link names the visit's nonce; a staff member's feed token.
  ["visits", "manage_nonce"],
  ["visit_feeds", "token_hash"],
];
// Issue 35: a mail's attachments (an invite) are the outbox bodies' kin.
export const SECRET_TABLES: readonly string[] = ["crm_token", "outbox_attachments"];

export interface QueryResult {
  columns: string[];
  rows: Record<string, unknown>[];
  /** True when the statement had more than QUERY_ROW_CAP rows and only the first ones are here. */
  truncated: boolean;
  ms: number;
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
  const embedded = await isEmbedded(db);
  const { text: statement, perRowChars } = await checkStatement(sql, { embedded });
  const maxCost = embedded ? embeddedMaxCost(perRowChars) : null;
  const started = performance.now();
  try {
    // Rolled back whatever happens; session locks and settings are cleared before the connection is reused.
    const rows = await db.isolated(async (q) => {
      await q.query("SET TRANSACTION READ ONLY");
      const problem = await roleProblem(q);
      if (problem) throw new QueryRefused(`The query console is closed: ${problem}`, 503);
      // One round trip: the time limit, and quotes read as the console's parser read them.
      await q.query(`SELECT set_config('statement_timeout', '${QUERY_TIMEOUT}', true), set_config('standard_conforming_strings', 'on', true)`);
      await q.query(`SET LOCAL ROLE ${CONSOLE_ROLE}`);
      const r = await q.query<{ row: string }>("SELECT public.console_run($1, $2, $3::float8) AS row", [
        statement,
        QUERY_ROW_CAP + 1,
        maxCost,
      ]);
      return r.rows;
    });
    const truncated = rows.length > QUERY_ROW_CAP;
    const kept = rows.slice(0, QUERY_ROW_CAP).map((r) => toJsonRow(parseRow(String(r.row))));
    return { columns: kept[0] ? Object.keys(kept[0]) : [], rows: kept, truncated, ms: Math.round(performance.now() - started) };
  } catch (e) {
    throw await explain(db, e, statement, perRowChars);
  }
}

const secretColumnsSql = SECRET_COLUMNS.map(([t, c]) => `(${literal(t)}, ${literal(c)})`).join(", ");
const secretTablesSql = SECRET_TABLES.map(literal).join(", ");
const ROLE_CHECK = `
SELECT r.rolsuper AS super, r.rolbypassrls AS bypassrls,
       pg_has_role(current_user, r.oid, 'MEMBER') AS can_set,
       (SELECT string_agg(g.rolname, ', ') FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid) AS member_of,
       p.oid IS NOT NULL AS has_function, coalesce(p.prosecdef AND p.proowner = r.oid, false) AS function_ok,
       (SELECT string_agg(s.t || '.' || s.c, ', ') FROM (VALUES ${secretColumnsSql}) AS s(t, c)
          JOIN pg_attribute a ON a.attrelid = to_regclass('public.' || quote_ident(s.t)) AND a.attname = s.c AND NOT a.attisdropped
         WHERE has_column_privilege(r.oid, a.attrelid, a.attnum, 'SELECT')) AS readable_secrets,
       (SELECT string_agg(t, ', ') FROM unnest(ARRAY[${secretTablesSql}]::text[]) AS t
         WHERE to_regclass('public.' || quote_ident(t)) IS NOT NULL
           AND has_any_column_privilege(r.oid, to_regclass('public.' || quote_ident(t)), 'SELECT')) AS readable_secret_tables
  FROM pg_roles r LEFT JOIN pg_proc p ON p.oid = to_regprocedure('${RUN_FUNCTION}')
 WHERE r.rolname = '${CONSOLE_ROLE}'`;

type RoleState = {
  super: boolean;
  bypassrls: boolean;
  can_set: boolean;
  member_of: string | null;
  has_function: boolean;
  function_ok: boolean;
  readable_secrets: string | null;
  readable_secret_tables: string | null;
};

/** Why the console must not run on this database, or null when console_reader is as migration 008 made it. */
export async function roleProblem(q: Queryable): Promise<string | null> {
  const grant = "see the README, \"The query console's database grant\"";
  const r = (await q.query<RoleState>(ROLE_CHECK)).rows[0];
  if (!r) {
    const me = (await q.query<{ u: string; can: boolean }>("SELECT current_user AS u, rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user")).rows[0];
    if (me?.can) return `the database role ${CONSOLE_ROLE} does not exist yet: run the migrations (008 creates it).`;
    return `the database role ${CONSOLE_ROLE} does not exist; the database user ${me?.u} may not create roles, so migration 008 could not create it (${grant}).`;
  }
  if (r.super || r.bypassrls) return `the role ${CONSOLE_ROLE} is too strong (${r.super ? "SUPERUSER" : "BYPASSRLS"}); it must be a plain NOLOGIN role (${grant}).`;
  if (r.member_of) return `the role ${CONSOLE_ROLE} is a member of ${r.member_of}, which could give it more than its column grants (${grant}).`;
  if (r.readable_secrets || r.readable_secret_tables)
    return `the role ${CONSOLE_ROLE} can read secrets (${[r.readable_secrets, r.readable_secret_tables].filter(Boolean).join(", ")}); revoke that grant.`;
  if (!r.can_set) return `the database user may not SET ROLE ${CONSOLE_ROLE} (${grant}).`;
  if (!r.has_function || !r.function_ok)
    return `the function ${RUN_FUNCTION} is ${r.has_function ? "not a SECURITY DEFINER function owned by " + CONSOLE_ROLE : "missing"} (${grant}).`;
  return null;
}

function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** console_run() answers each row as JSON text; integers beyond 2^53 are kept as their digits. */
function parseRow(text: string): Record<string, unknown> {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source) ? context.source : value,
  );
}

/** Postgres's own refusal turned into the console's message; anything that is not Postgres's is passed on. */
async function explain(db: Db, e: unknown, statement: string, perRowChars: number): Promise<unknown> {
  const code = (e as { code?: unknown })?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return e;
  if (code === "25006" || (code === "0A000" && /data-modifying/i.test(message)))
    return new QueryRefused(`The query console is read-only: ${message}.`);
  if (code === "57014") return new QueryRefused(`The query took longer than ${QUERY_TIMEOUT.replace("s", " s")} and was stopped.`);
  if (code === "CQ001") {
    const weighed = perRowChars
      ? ` Its allowance is ${EMBEDDED_MAX_COST.toLocaleString("en-US")} less for the ${perRowChars.toLocaleString("en-US")} characters of text its functions handle on every row.`
      : "";
    return new QueryRefused(
      `The embedded development database cannot stop a statement after ${QUERY_TIMEOUT.replace("s", " s")}, and the planner expects this one to take longer (${message}). Narrow it, or run it on PostgreSQL.${weighed}`,
    );
  }
  if (code === "42501") return new QueryRefused(await refusalMessage(db, message, statement), 403);
  if (/multiple commands|multi-query/i.test(message)) return new QueryRefused("Only one statement can run at a time.");
  if (code.startsWith("08") || code.startsWith("53") || code.startsWith("57P") || code.startsWith("XX")) return e;
  return new QueryRefused(`The query failed: ${message}`);
}

/** The 403's text: which table or columns the role may not read, and why. */
async function refusalMessage(db: Db, message: string, statement: string): Promise<string> {
  if (/cannot set parameter "(role|session_authorization)"/i.test(message))
    return `The query console reads as ${CONSOLE_ROLE} and cannot change role: ${message}.`;
  const [, kind, relation] = /permission denied for (table|view|materialized view|foreign table|sequence) (.+)$/i.exec(message) ?? [];
  if (!relation) return `The query console's role may not do this: ${message}.`;
  const r = await db
    .query<{ attname: string; granted: boolean }>(
      `SELECT a.attname, has_column_privilege('${CONSOLE_ROLE}', a.attrelid, a.attnum, 'SELECT') AS granted
         FROM pg_attribute a WHERE a.attrelid = to_regclass(quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [relation],
    )
    .catch(() => ({ rows: [] as { attname: string; granted: boolean }[] }));
  const withheld = r.rows.filter((c) => !c.granted).map((c) => c.attname);
  const secret = (c: string) => SECRET_COLUMNS.some(([t, col]) => t === relation && col === c);
  if (r.rows.length === 0 || withheld.length === r.rows.length) {
    const why = SECRET_TABLES.includes(relation) ? "it holds secrets" : "no migration has granted it to the console's role";
    return `The ${kind} ${relation} is not available to the query console: ${why}.`;
  }
  const secrets = withheld.filter(secret).map((c) => `${relation}.${c}`);
  const ungranted = withheld.filter((c) => !secret(c)).map((c) => `${relation}.${c}`);
  const why = (names: string[], secretOnes: boolean) => {
    const many = names.length > 1;
    if (secretOnes) return many ? "hold secrets" : "holds a secret";
    return `${many ? "are" : "is"} not granted to the console's role (a migration must grant new columns)`;
  };
  // One reason: "…: it holds a secret"; both: each list with its reason.
  const reasons =
    secrets.length && ungranted.length
      ? `${secrets.join(", ")} ${why(secrets, true)}; ${ungranted.join(", ")} ${why(ungranted, false)}`
      : `${withheld.length > 1 ? "they" : "it"} ${why(withheld, secrets.length > 0)}`;
  const hint = /\*/.test(statement) ? " Name the columns you need instead of *." : "";
  return `The query console cannot read ${withheld.map((c) => `${relation}.${c}`).join(", ")}: ${reasons}.${hint}`;
}

/**
 * Rows as JSON the browser can show. console_run() already turned every value into JSON (dates as
 * ISO text in UTC, bytes as hex); long bytes are shortened to their first 64, long text is cut.
 */
function toJsonRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = toJsonValue(v);
  return out;
}

function toJsonValue(v: unknown): unknown {
  if (typeof v === "string") {
    if (v.length > 130 && /^\\x[0-9a-f]+$/.test(v)) return `${v.slice(0, 130)}… (${(v.length - 2) / 2} bytes)`;
    return v.length > CELL_MAX ? `${v.slice(0, CELL_MAX)}…` : v;
  }
  if (v && typeof v === "object") {
    const s = JSON.stringify(v);
    return s.length > CELL_MAX ? `${s.slice(0, CELL_MAX)}…` : v;
  }
  return v;
}
