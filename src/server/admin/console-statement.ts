/**
 * What the query console lets run, decided on PostgreSQL's own parse tree (src/server/admin/sql-parser.ts):
 * exactly one statement, a read (SELECT, WITH … SELECT, VALUES, TABLE), with no data-modifying
 * WITH, no SELECT INTO, no row locks, and no function outside ALLOWED_FUNCTIONS. Work that the
 * planner does not weigh is bounded from the tree: the text repeat/lpad/rpad/replace make, on the
 * embedded database the rows of generate_series(), and the characters of text functions handle for
 * every row (CheckedStatement.perRowChars, which shrinks the planner's cost allowance there). The
 * database's own guards come after this (src/server/admin/query-console.ts); this check is why the
 * admin gets a clear answer before anything runs, and why nothing runs that PGlite could not stop.
 */
import { HttpError } from "../http/errors.ts";
import { functionName, isConstant, isDecimal, numberOf, replaceGrowth, textLength } from "./sql-constants.ts";
import { names, parseSql, SqlSyntaxError, walk, type TreeNode } from "./sql-parser.ts";

export const QUERY_TIMEOUT = "2s";
const TIMEOUT_TEXT = QUERY_TIMEOUT.replace("s", " s");

/** A query the console will not run, or one Postgres refused; the message is shown to the admin. */
export class QueryRefused extends HttpError {
  constructor(message: string, status = 400) {
    super(status, message);
  }
}

/**
 * The functions a statement may call, unqualified or as pg_catalog.name: what an office reading its
 * own leads, logs and products needs. Everything else is refused by name. COALESCE, NULLIF,
 * GREATEST, LEAST, CURRENT_DATE and the like are syntax, not calls, and always run; so do
 * operators. SQL-syntax calls arrive under their function's name: EXTRACT (extract), SUBSTRING …
 * FROM (substring), TRIM (btrim, ltrim, rtrim), POSITION (position), OVERLAY (overlay), AT TIME
 * ZONE (timezone), x OVERLAPS y (overlaps), LIKE … ESCAPE (like_escape), SIMILAR TO
 * (similar_to_escape), NORMALIZE (normalize, is_normalized), COLLATION FOR (pg_collation_for).
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates and window functions
  "count", "sum", "avg", "min", "max", "string_agg", "array_agg", "json_agg", "jsonb_agg", "json_object_agg",
  "jsonb_object_agg", "bool_and", "bool_or", "every", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
  "var_samp", "percentile_cont", "percentile_disc", "mode", "row_number", "rank", "dense_rank", "percent_rank",
  "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
  // text
  "length", "char_length", "character_length", "octet_length", "lower", "upper", "initcap", "substr", "substring",
  "left", "right", "btrim", "ltrim", "rtrim", "replace", "translate", "split_part", "concat", "concat_ws", "position",
  "strpos", "starts_with", "reverse", "lpad", "rpad", "repeat", "overlay", "ascii", "chr", "md5", "encode", "decode",
  "to_char", "to_number", "string_to_array", "array_to_string", "like_escape", "similar_to_escape", "normalize",
  "is_normalized", "pg_collation_for", "to_tsvector", "to_tsquery", "plainto_tsquery", "websearch_to_tsquery", "ts_rank",
  // dates and times
  "now", "clock_timestamp", "statement_timestamp", "transaction_timestamp", "date_trunc", "date_part", "date_bin",
  "extract", "age", "date", "timezone", "overlaps", "make_date", "make_time", "make_timestamp", "make_timestamptz",
  "make_interval", "justify_days", "justify_hours", "justify_interval", "isfinite", "to_date", "to_timestamp",
  // numbers
  "abs", "ceil", "ceiling", "floor", "round", "trunc", "sign", "mod", "div", "sqrt", "width_bucket", "random",
  "num_nulls", "num_nonnulls",
  // JSON and arrays
  "to_json", "to_jsonb", "row_to_json", "json_build_object", "jsonb_build_object", "json_build_array", "jsonb_build_array",
  "json_array_length", "jsonb_array_length", "json_each", "jsonb_each", "json_each_text", "jsonb_each_text",
  "json_array_elements", "jsonb_array_elements", "json_array_elements_text", "jsonb_array_elements_text",
  "json_object_keys", "jsonb_object_keys", "json_typeof", "jsonb_typeof", "json_extract_path", "jsonb_extract_path",
  "json_extract_path_text", "jsonb_extract_path_text", "json_strip_nulls", "jsonb_strip_nulls", "jsonb_pretty",
  "array_length", "array_upper", "array_lower", "cardinality", "unnest", "array_position", "array_remove",
  "array_append", "array_prepend", "array_cat",
  // sessions' addresses (inet), types, rows
  "host", "family", "masklen", "network", "pg_typeof", "generate_series",
]);

/**
 * Why a function is refused, for the ones known to do harm; the first match names it. In a field
 * position (`x.pg_sleep`, `(x).pg_sleep`) PostgreSQL calls a one-argument function whose name is
 * not a column of x, which no FuncCall node shows: there these names are refused too.
 */
const HARMFUL: readonly (readonly [RegExp, string])[] = [
  [/^((query|cursor|table|schema|database)_to_xml.*|ts_stat|ts_rewrite|dblink.*|xpath_table|pg_background.*)$/, "it runs SQL given as text, which the console cannot check"],
  [/^pg_sleep/, "it only waits, holding a database connection"],
  [/^(pg_(try_)?advisory.*|set_config|setseed|pg_notify|lo_.*|nextval|setval|currval|txid_.*|pg_current_xact_id.*)$/, "its effect would outlive the read-only transaction or reach other sessions"],
  [/^(pg_.*|current_setting|brin_.*|gin_clean.*|binary_upgrade.*)$/, "it reaches the server, its files, its settings or other sessions"],
  // 0.85 s for factorial(30000) on PGlite, and callable as x.factorial.
  [/^factorial$/, "the console cannot bound the work it does"],
];

/** Casts that look a function or an operator up by name. */
const REFUSED_TYPES = new Set(["regproc", "regprocedure", "regoper", "regoperator"]);

/**
 * Text the console lets a constant make (repeat, lpad, rpad, replace): it shows at most 2,000
 * characters of a cell, so 10,000 is room to spare. Measured on PGlite: repeat('x', 100000000)
 * took 0.7 s to build and 1.6-1.7 s through the console (the planner folds it once for the cost
 * check and once to run), 2.6 s with both cores busy, 7 s in issue 33's fuzz; 10,000 characters
 * take well under 1 ms.
 */
export const MAX_TEXT = 10_000;
/** How much longer replace() may make a column's text (replace(phone, '-', '') is 1). */
const MAX_REPLACE_GROWTH = 100;
/**
 * Rows a generate_series() with constant bounds may make on the embedded database, where nothing
 * stops it once it runs. Measured through PGlite (idle; a busy machine is 5-8 times slower):
 * 1,000,000 integers in 0.19 s, 1,000,000 decimals in 0.25 s (1.9 s in issue 33's fuzz on a busy
 * machine). The planner's cost check applies as well.
 */
export const EMBEDDED_SERIES_ROWS = 1_000_000;
export const EMBEDDED_DECIMAL_SERIES_ROWS = 100_000;

const READS = new Set(["SelectStmt"]);
/** Statements that neither write nor read rows: refused as not a query, not as a write. */
const NOT_QUERIES = new Set(["ExplainStmt", "VariableShowStmt"]);
const VERBS: Record<string, string> = {
  IndexStmt: "CREATE", ViewStmt: "CREATE", RuleStmt: "CREATE", DefineStmt: "CREATE", CompositeTypeStmt: "CREATE",
  CreatedbStmt: "CREATE", DropdbStmt: "DROP", RenameStmt: "ALTER", CheckPointStmt: "CHECKPOINT",
  SecLabelStmt: "SECURITY LABEL", ConstraintsSetStmt: "SET", ClosePortalStmt: "CLOSE", DeclareCursorStmt: "DECLARE",
};

/** The command a statement that is not a read starts with: DELETE, SET, COMMIT … */
function verbOf(kind: string, node: TreeNode): string {
  if (kind === "VariableSetStmt") return String(node.kind).startsWith("VAR_RESET") ? "RESET" : "SET";
  if (kind === "TransactionStmt") return String(node.kind).replace(/^TRANS_STMT_/, "").replace(/_/g, " ");
  if (kind === "GrantStmt" || kind === "GrantRoleStmt") return node.is_grant ? "GRANT" : "REVOKE";
  if (kind === "VacuumStmt") return node.is_vacuumcmd ? "VACUUM" : "ANALYZE";
  return VERBS[kind] ?? kind.replace(/Stmt$/, "").split(/(?=[A-Z])/)[0].toUpperCase();
}

export interface CheckedStatement {
  /** The one statement to run: its own text, without the `;` that ended it. */
  text: string;
  /**
   * Characters of constant text that functions handle once per row (a format, a pad length, a
   * separator): work the planner prices at nothing, which the embedded database's cost check weighs.
   */
  perRowChars: number;
}

/** Checks a text for the console: the statement to run, or QueryRefused saying what was refused. */
export async function checkStatement(sql: string, opts: { embedded: boolean }): Promise<CheckedStatement> {
  let statements;
  try {
    statements = await parseSql(sql);
  } catch (e) {
    if (!(e instanceof SqlSyntaxError)) throw e;
    throw new QueryRefused(`The query is not valid SQL: ${e.message}, at character ${e.position} (line ${e.line}, column ${e.column}).`);
  }
  if (statements.length === 0) throw new QueryRefused("Write a query to run.");
  if (statements.length > 1) throw new QueryRefused(`Only one statement can run at a time: this text holds ${statements.length} statements.`);
  const [{ tree, text }] = statements;
  const [kind, node] = Object.entries(tree)[0] as [string, TreeNode];
  if (!READS.has(kind)) {
    if (NOT_QUERIES.has(kind)) throw new QueryRefused("Only queries that read can run here: start with SELECT, WITH, VALUES or TABLE.");
    throw new QueryRefused(`The query console is read-only: ${verbOf(kind, node)} statements are refused.`);
  }
  let refusal: string | undefined;
  let perRowChars = 0;
  walk(tree, (kind, node) => {
    refusal ??= refusalOf(kind, node, opts.embedded);
    if (kind === "FuncCall") perRowChars += perRowWork(node);
    return refusal === undefined;
  });
  if (refusal) throw new QueryRefused(refusal);
  return { text, perRowChars };
}

function refusalOf(kind: string, node: TreeNode, embedded: boolean): string | undefined {
  switch (kind) {
    case "SelectStmt":
      if (node.intoClause) return "The query console is read-only: SELECT INTO (which creates a table) is refused.";
      if (node.lockingClause) return "The query console is read-only: row locks (FOR UPDATE, FOR SHARE) are refused.";
      return undefined;
    case "CommonTableExpr": {
      const inner = Object.keys((node.ctequery as object | undefined) ?? {})[0] ?? "";
      if (inner && !READS.has(inner)) return `The query console is read-only: a WITH query that runs ${verbOf(inner, {})} is refused.`;
      return undefined;
    }
    case "WithClause":
      // The planner guesses a few rows for a recursive query; PGlite could not stop a long one.
      if (embedded && node.recursive) return `WITH RECURSIVE is refused on the embedded development database, which cannot stop a statement after ${TIMEOUT_TEXT}.`;
      return undefined;
    case "FuncCall":
      return functionRefusal(node, embedded);
    case "TypeName": {
      // Names are as PostgreSQL reads them: unquoted ones lowercased by the parser, quoted ones exact.
      const type = names(node.names).at(-1) ?? "";
      if (REFUSED_TYPES.has(type)) return `The console does not cast to ${type}: it looks a function or an operator up by name.`;
      return undefined;
    }
    case "ColumnRef":
    case "A_Indirection": {
      // x.f and (x).f call f(x) when x has no column f: a call without a FuncCall node. In a
      // ColumnRef only the last name can be one (a.b.c is schema.table.column or table.column.field).
      const refs = (node.fields as unknown[] | undefined) ?? [];
      const fields = names(kind === "ColumnRef" ? (refs.length > 1 ? refs.slice(-1) : []) : node.indirection).filter(Boolean);
      const call = fields.find(harmOf);
      if (call) return `The console does not run ${call}(): ${harmOf(call)} (PostgreSQL reads .${call} as a call of ${call}()).`;
      return undefined;
    }
    default:
      return undefined;
  }
}

function harmOf(name: string): string | undefined {
  return HARMFUL.find(([pattern]) => pattern.test(name))?.[1];
}

function functionRefusal(call: TreeNode, embedded: boolean): string | undefined {
  const qualified = names(call.funcname);
  const name = functionName(call);
  if (qualified.length > 1 && qualified[0] !== "pg_catalog")
    return `The console does not run ${qualified.join(".")}(): it runs only PostgreSQL's own functions (pg_catalog) from its list.`;
  if (!ALLOWED_FUNCTIONS.has(name)) {
    const why = harmOf(name) ?? "it runs only the functions on its list (aggregates, text, dates, numbers, JSON and arrays: count, lower, date_trunc, to_char, jsonb_build_object, …)";
    return `The console does not run ${name}(): ${why}.`;
  }
  const args = (call.args as unknown[] | undefined) ?? [];
  if (name === "repeat" || name === "lpad" || name === "rpad") return textRefusal(name, call);
  if (name === "replace") {
    const made = textLength({ FuncCall: call });
    if (made !== undefined) return made > MAX_TEXT ? tooLong(name, made) : undefined;
    const growth = replaceGrowth(args[1], args[2]);
    if (growth === undefined || growth > MAX_REPLACE_GROWTH)
      return `replace() could make a column's text more than ${MAX_REPLACE_GROWTH} times longer here: the console replaces with a constant text at most ${MAX_REPLACE_GROWTH} times as long as what it replaces.`;
    return undefined;
  }
  if (name === "generate_series" && embedded) return seriesRefusal(args);
  return undefined;
}

function tooLong(name: string, made: number): string {
  return `${name}() would make ${Math.round(made).toLocaleString("en-US")} characters here; the console allows ${MAX_TEXT.toLocaleString("en-US")} (it shows the first 2,000 of a cell).`;
}

/**
 * repeat(text, count), lpad/rpad(text, length[, fill]): a constant size within MAX_TEXT, and
 * repeat a constant text. Built from constants only, the call is folded once by the planner before
 * the statement runs; lpad and rpad of a column run once per row, and their length counts in
 * perRowChars (measured on PGlite: lpad(g::text, 1000) over 100,000 rows took 0.8 s idle and 1.9 s
 * on a busy machine, priced by the planner as the bare series).
 */
function textRefusal(name: string, call: TreeNode): string | undefined {
  const args = (call.args as unknown[] | undefined) ?? [];
  if (numberOf(args[1]) === undefined) return `${name}() takes a constant ${name === "repeat" ? "count" : "length"} here (a number, not a column or a subquery).`;
  // repeat: the text's length times the count; lpad, rpad: the length.
  const made = textLength({ FuncCall: call });
  if (made === undefined) return `repeat() takes a constant text here: repeated once per row, a column's text could be any length.`;
  if (made > MAX_TEXT) return tooLong(name, made);
  return undefined;
}

/**
 * The characters of constant text a call handles for every row: none when all its arguments are
 * constants (the planner folds it once), else the length it pads to (lpad, rpad), or the length of
 * its constant text arguments (a to_char format, a separator, a replacement).
 */
function perRowWork(call: TreeNode): number {
  const args = (call.args as unknown[] | undefined) ?? [];
  const constant = (a: unknown) => textLength(a) !== undefined || numberOf(a) !== undefined;
  if (args.every(constant)) return 0;
  const name = functionName(call);
  if (name === "lpad" || name === "rpad") return Math.max(0, numberOf(args[1]) ?? 0) + (textLength(args[2]) ?? 0);
  return args.reduce<number>((chars, a) => chars + (textLength(a) ?? 0), 0);
}

/**
 * generate_series() on the embedded database: constant bounds only (with a subquery, a column or
 * random() the planner guesses 1,000 rows), and with numbers, at most EMBEDDED_SERIES_ROWS rows
 * (EMBEDDED_DECIMAL_SERIES_ROWS in numeric). Series of dates are left to the planner, which
 * prices them by their bounds.
 */
function seriesRefusal(args: unknown[]): string | undefined {
  if (!args.every(isConstant))
    return `On the embedded development database generate_series() takes constants only (numbers, dates, intervals, now()): with a subquery, a column or a function in its bounds the planner cannot tell how long it runs, and this database cannot stop a statement after ${TIMEOUT_TEXT}.`;
  const [start, stop] = args.map(numberOf);
  const step = args.length > 2 ? numberOf(args[2]) : 1;
  if (start === undefined || stop === undefined || step === undefined || step === 0) return undefined;
  const rows = Math.max(0, Math.floor((stop - start) / step) + 1);
  const decimal = args.some(isDecimal);
  const most = decimal ? EMBEDDED_DECIMAL_SERIES_ROWS : EMBEDDED_SERIES_ROWS;
  if (rows <= most) return undefined;
  return `The embedded development database cannot stop a statement after ${TIMEOUT_TEXT}, and this generate_series() makes ${rows.toLocaleString("en-US")} rows (at most ${most.toLocaleString("en-US")}${decimal ? " in decimals" : ""} there). Narrow it, or run it on PostgreSQL.`;
}
