/**
 * What a piece of a parse tree (src/server/admin/sql-parser.ts) is worth before it runs: the
 * number a constant stands for, whether it is PostgreSQL's numeric type, and how long a constant
 * text can be. The query console sizes generate_series() and the functions that make text
 * (repeat, lpad, rpad, replace) with these. Anything that depends on a column, a subquery, a
 * parameter or a function not sized here is unknown (undefined): the console then treats it as
 * unbounded.
 */
import { names, type TreeNode } from "./sql-parser.ts";

/** A node as its kind and fields (`{ A_Const: {…} }` → ["A_Const", {…}]); ["", {}] for anything else. */
function unwrap(node: unknown): [kind: string, fields: TreeNode] {
  const [entry] = node && typeof node === "object" && !Array.isArray(node) ? Object.entries(node) : [];
  return entry && entry[1] && typeof entry[1] === "object" ? [entry[0], entry[1] as TreeNode] : ["", {}];
}

const INTEGER_TYPES = new Set(["int", "int2", "int4", "int8", "integer", "smallint", "bigint"]);
const DECIMAL_TYPES = new Set(["numeric", "decimal", "float4", "float8", "real", "double precision"]);
const TEXT_TYPES = new Set(["text", "varchar", "bpchar", "char", "character", "character varying", "name"]);

/** A type name as written, without `pg_catalog.`: `int4`, `numeric`, `interval`. */
function typeOf(fields: TreeNode): string {
  return names((fields.typeName as TreeNode | undefined)?.names).filter((n) => n !== "pg_catalog").join(" ");
}

/** The operator of an `A_Expr` of kind AEXPR_OP (`+`, `||`), or undefined for any other kind. */
function operatorOf(fields: TreeNode): string | undefined {
  return fields.kind === "AEXPR_OP" ? names(fields.name).at(-1) : undefined;
}

/** The function a `FuncCall` calls, without `pg_catalog.` (unquoted names arrive lowercased). */
export function functionName(fields: TreeNode): string {
  return names(fields.funcname).at(-1) ?? "";
}

/** A numeric literal's digits written out (`1e100000` is 100,001 characters as text). */
function numberText(literal: string): number {
  const [mantissa, exponent = "0"] = literal.toLowerCase().split("e");
  return mantissa.length + Math.max(0, Number(exponent));
}

/**
 * The number a constant stands for: a literal, a cast of one, unary minus, and + - * / ^ of
 * constants. Undefined for anything else (a column, now(), an interval).
 */
export function numberOf(node: unknown): number | undefined {
  const [kind, f] = unwrap(node);
  if (kind === "A_Const") {
    if (f.ival) return (f.ival as { ival?: number }).ival ?? 0; // libpg_query leaves a 0 out
    if (f.fval) return Number((f.fval as { fval?: string }).fval);
    const text = (f.sval as { sval?: string } | undefined)?.sval;
    return text !== undefined && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(text) ? Number(text) : undefined;
  }
  if (kind === "TypeCast") {
    const type = typeOf(f);
    return INTEGER_TYPES.has(type) || DECIMAL_TYPES.has(type) ? numberOf(f.arg) : undefined;
  }
  if (kind === "A_Expr") {
    const op = operatorOf(f);
    const right = numberOf(f.rexpr);
    if (right === undefined) return undefined;
    if (f.lexpr === undefined) return op === "-" ? -right : op === "+" ? right : undefined;
    const left = numberOf(f.lexpr);
    if (left === undefined) return undefined;
    const result = { "+": left + right, "-": left - right, "*": left * right, "/": left / right, "^": left ** right }[op ?? ""];
    return result !== undefined && Number.isFinite(result) ? result : undefined;
  }
  return undefined;
}

/**
 * True when a constant is PostgreSQL's numeric (a literal with a point or an exponent, one too
 * big for bigint, a cast to numeric): a series of those runs in numeric arithmetic.
 */
export function isDecimal(node: unknown): boolean {
  const [kind, f] = unwrap(node);
  if (kind === "A_Const" && f.fval) {
    const text = String((f.fval as { fval?: string }).fval);
    return /[.e]/i.test(text) || Math.abs(Number(text)) > 2 ** 63;
  }
  if (kind === "TypeCast") return DECIMAL_TYPES.has(typeOf(f)) || (!INTEGER_TYPES.has(typeOf(f)) && isDecimal(f.arg));
  if (kind === "A_Expr") return isDecimal(f.lexpr) || isDecimal(f.rexpr);
  return false;
}

/** Functions whose text is at most as long as their first argument's. */
const SHORTENING = new Set(["lower", "upper", "initcap", "btrim", "ltrim", "rtrim", "substr", "substring", "left", "right", "reverse", "translate", "split_part"]);

/**
 * At most how many characters a constant text has: literals, casts to text, `||`, and the
 * text functions the console sizes. Undefined when it depends on anything else.
 */
export function textLength(node: unknown): number | undefined {
  const [kind, f] = unwrap(node);
  if (kind === "A_Const") {
    if (f.isnull) return 0;
    if (f.sval) return String((f.sval as { sval?: string }).sval ?? "").length;
    if (f.fval) return numberText(String((f.fval as { fval?: string }).fval));
    if (f.ival) return String((f.ival as { ival?: number }).ival ?? 0).length;
    if (f.boolval) return 5;
    if (f.bsval) return String((f.bsval as { bsval?: string }).bsval ?? "").length;
    return 1; // a literal 0 (libpg_query leaves it out)
  }
  // A cast to text keeps its length; a text cast to numeric may not ('1e100000'::numeric).
  if (kind === "TypeCast") return TEXT_TYPES.has(typeOf(f)) ? textLength(f.arg) : undefined;
  if (kind === "A_Expr") {
    if (operatorOf(f) !== "||") return undefined;
    return sum([textLength(f.lexpr), textLength(f.rexpr)]);
  }
  if (kind === "CoalesceExpr") {
    const lengths = (f.args as unknown[] | undefined)?.map(textLength) ?? [];
    return lengths.some((n) => n === undefined) ? undefined : Math.max(0, ...(lengths as number[]));
  }
  if (kind !== "FuncCall") return undefined;
  const name = functionName(f);
  const args = (f.args as unknown[] | undefined) ?? [];
  if (name === "repeat") return product(textLength(args[0]), numberOf(args[1]));
  if (name === "lpad" || name === "rpad") {
    const n = numberOf(args[1]);
    return n === undefined ? undefined : Math.max(0, n);
  }
  if (name === "replace") return product(textLength(args[0]), replaceGrowth(args[1], args[2]));
  if (name === "concat") return sum(args.map(textLength));
  if (name === "concat_ws") return sum([...args.slice(1).map(textLength), product(textLength(args[0]), Math.max(0, args.length - 2))]);
  if (name === "md5") return 32;
  if (SHORTENING.has(name)) return textLength(args[0]);
  return undefined;
}

/** How many times longer replace(s, from, to) can make s: each character of s may be a `from`. */
export function replaceGrowth(from: unknown, to: unknown): number | undefined {
  const toLength = textLength(to);
  if (toLength === undefined) return undefined;
  const fromLength = textLength(from);
  return Math.max(1, Math.ceil(toLength / Math.max(1, fromLength ?? 1)));
}

function sum(values: (number | undefined)[]): number | undefined {
  return values.some((n) => n === undefined) ? undefined : (values as number[]).reduce((a, b) => a + b, 0);
}

function product(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a * Math.max(0, b);
}

/** The clock and the date constructors: constant for one statement, and folded by the planner. */
const CLOCK_FUNCTIONS = new Set([
  "now", "clock_timestamp", "statement_timestamp", "transaction_timestamp", "date_trunc", "date_bin", "date", "timezone",
  "make_date", "make_time", "make_interval", "make_timestamp", "make_timestamptz", "to_date", "to_timestamp",
]);

/**
 * True when an expression is built from constants and the clock only (literals, casts,
 * intervals, operators, CURRENT_DATE, now(), date_trunc(…)): the planner estimates a series from
 * those, where a subquery, a column or random() in its bounds would leave it guessing.
 */
export function isConstant(node: unknown): boolean {
  const [kind, f] = unwrap(node);
  switch (kind) {
    case "A_Const":
    case "SQLValueFunction":
      return true;
    case "TypeCast":
    case "NamedArgExpr":
      return isConstant(f.arg);
    case "A_Expr":
      return operatorOf(f) !== undefined && (f.lexpr === undefined || isConstant(f.lexpr)) && isConstant(f.rexpr);
    case "FuncCall":
      return CLOCK_FUNCTIONS.has(functionName(f)) && ((f.args as unknown[] | undefined) ?? []).every(isConstant);
    default:
      return false;
  }
}
