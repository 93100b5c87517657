/**
 * Text that can be stored and shown: no control characters other than tab and line breaks.
 * NUL cannot be stored in Postgres text or jsonb at all (a 500 where it reached the database), and
 * the others have no place in a form field, a query parameter or a log line. Shared by the schemas
 * of src/lib (forms and server agree) and the server's body and query reader, which refuses them
 * in any string of any request (src/server/http/validate.ts), naming the field.
 */
import { z } from "zod";

// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const CONTROL_CHARS_MESSAGE = "must not contain control characters";
/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is no character at all: Postgres refuses it in
 * jsonb (a 500 where one reached it) and no keyboard types it.
 */
export const NOT_UNICODE_MESSAGE = "must be valid Unicode text";

/** True when `s` holds a control character other than tab, line feed and carriage return. */
export function hasControlChars(s: string): boolean {
  return CONTROL_CHARS.test(s);
}

/** `s` with each control character (tab and line breaks kept) written as `\u00XX`, for logs. */
export function escapeControlChars(s: string): string {
  return s.replace(CONTROL_CHARS_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A string schema refusing control characters (tab, \n and \r allowed): `text().trim().max(120)`.
 * `notAString` is the message when the value is missing or not a string.
 */
export function text(notAString?: string) {
  return (notAString ? z.string(notAString) : z.string())
    .refine((s) => !hasControlChars(s), CONTROL_CHARS_MESSAGE)
    .refine((s) => s.isWellFormed(), NOT_UNICODE_MESSAGE);
}

/** Why a string cannot be taken as text (a control character, or not valid Unicode), or undefined. */
export function textProblem(s: string): string | undefined {
  if (hasControlChars(s)) return CONTROL_CHARS_MESSAGE;
  if (!s.isWellFormed()) return NOT_UNICODE_MESSAGE;
  return undefined;
}

/**
 * The first string (or object key) in `value` that cannot be taken as text (textProblem): its path
 * as the field names it (`name`, `items.2.note`; `[]` is the value itself) and why; undefined
 * when there is none.
 */
export function badTextPath(value: unknown): { path: (string | number)[]; problem: string } | undefined {
  // Iterative, each node pointing at its parent: a deeply nested body must neither overflow the
  // stack nor copy its path at every level.
  type Node = { v: unknown; key?: string | number; up?: Node };
  const pathOf = (n: Node | undefined, last?: string | number) => {
    const out: (string | number)[] = last === undefined ? [] : [last];
    for (; n?.key !== undefined; n = n.up) out.unshift(n.key);
    return out;
  };
  const todo: Node[] = [{ v: value }];
  while (todo.length) {
    const n = todo.pop()!;
    const v = n.v;
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return { path: pathOf(n), problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push({ v: v[i], key: i, up: n });
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (const [k] of entries) {
        const problem = textProblem(k);
        if (problem) return { path: pathOf(n, k), problem };
      }
      for (let i = entries.length - 1; i >= 0; i--) todo.push({ v: entries[i][1], key: entries[i][0], up: n });
    }
  }
  return undefined;
}
