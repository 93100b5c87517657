/**
 * PostgreSQL's own parser for the query console: libpg_query (the server's scanner and grammar,
 * PostgreSQL 17, the version PGlite 0.5 embeds) compiled to WebAssembly, from the libpg-query
 * package. It reads a text exactly as the server will (comments ended by `\r`, nested block
 * comments, dollar quotes, E'' escapes, U&"…" identifiers), so what the console checks is what
 * runs. Loaded on the first check, not on import: only the console needs it, and no function's
 * cold start pays for it (import and WASM compile: ~40 ms, scripts/bench-console.ts).
 */
import type { Node, ParseResult } from "libpg-query";

type Parser = typeof import("libpg-query");
let loading: Promise<Parser> | undefined;

/** The parser, compiled once per process; a failed load is tried again by the next check. */
export function loadParser(): Promise<Parser> {
  loading ??= import("libpg-query").then(async (parser) => {
    await parser.loadModule();
    return parser;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface ParsedStatement {
  /** The statement's tree: one key, its kind (`SelectStmt`, `InsertStmt`, …). */
  tree: Node;
  /** Its own text, without the `;` that ends it. */
  text: string;
}

/** PostgreSQL's own syntax error: its message and where, as the server would report it. */
export class SqlSyntaxError extends Error {
  /** 1-based character position in the text, as PostgreSQL's `position` field. */
  readonly position: number;
  readonly line: number;
  readonly column: number;
  constructor(message: string, position: number, line: number, column: number) {
    super(message);
    this.position = position;
    this.line = line;
    this.column = column;
  }
}

/** The statements of a text, each with its own text; none for a text of spaces and comments. */
export async function parseSql(sql: string): Promise<ParsedStatement[]> {
  if (!sql.trim()) return [];
  const parser = await loadParser();
  let result: ParseResult;
  try {
    result = (await parser.parse(sql)) as ParseResult;
  } catch (e) {
    const details = (e as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    if (!details) throw e;
    // libpg_query counts characters from 0; PostgreSQL's position (and editors) from 1.
    const at = Math.min(Math.max(details.cursorPosition ?? 0, 0), sql.length);
    const before = sql.slice(0, at).split(/\r\n|\r|\n/);
    throw new SqlSyntaxError((e as Error).message, at + 1, before.length, before[before.length - 1].length + 1);
  }
  // Statement locations are byte offsets into the UTF-8 text; a last statement's length 0 means "to the end".
  const bytes = Buffer.from(sql, "utf8");
  return (result.stmts ?? []).map((raw) => {
    const from = raw.stmt_location ?? 0;
    const to = raw.stmt_len ? from + raw.stmt_len : bytes.length;
    return { tree: raw.stmt as Node, text: bytes.subarray(from, to).toString("utf8").trim() };
  });
}

/** A node of the tree: its kind (`FuncCall`, `TypeCast`, …) and its fields. */
export type TreeNode = Record<string, unknown>;

/**
 * Fields that hold one node of a known kind without naming it (`{ typeName: { names } }` where a
 * list would hold `{ TypeName: { names } }`): visited under that kind.
 */
const BARE_FIELDS: Record<string, string> = { typeName: "TypeName", withClause: "WithClause", intoClause: "IntoClause" };

/**
 * Calls `visit` for every node of a tree, outermost first: each `{ Kind: {…} }` as (Kind, fields),
 * and the bare fields above. Returning false skips the node's children.
 */
export function walk(tree: unknown, visit: (kind: string, node: TreeNode) => boolean | void): void {
  if (Array.isArray(tree)) {
    for (const item of tree) walk(item, visit);
    return;
  }
  if (!tree || typeof tree !== "object") return;
  for (const [key, value] of Object.entries(tree)) {
    if (!value || typeof value !== "object") continue;
    const kind = Array.isArray(value) ? undefined : /^[A-Z]/.test(key) ? key : BARE_FIELDS[key];
    if (kind && visit(kind, value as TreeNode) === false) continue;
    walk(value, visit);
  }
}

/** The names of a qualified name list (`[{ String: { sval } }, …]`): a function's, a type's, an operator's. */
export function names(list: unknown): string[] {
  return Array.isArray(list) ? list.map((n) => String((n as { String?: { sval?: string } }).String?.sval ?? "")) : [];
}
