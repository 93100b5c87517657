/**
 * Just enough of PostgreSQL's lexical rules to split a text into statements and list its words,
 * skipping comments (nested block comments too), quoted strings (standard, E'' and dollar-quoted)
 * and quoted identifiers. The query console uses it for clear early messages; the real guards are
 * Postgres's: the READ ONLY transaction, the single-statement extended protocol and the
 * console_reader role (migration 008).
 */
export interface Lexed {
  /** Each statement's text without its `;`, trimmed; empty statements are dropped. */
  statements: string[];
  /** Unquoted words lowercased, and quoted identifiers as written, in order. */
  words: string[];
  /** True when a string, identifier or comment is still open at the end. */
  unterminated: boolean;
  /**
   * True when the text has a `U&"…"` identifier, whose escapes (`U&"\0073et_config"`) can spell a
   * name the word list would not show as such.
   */
  unicodeIdentifier: boolean;
  /**
   * Every `name(…)` in the text (a word or quoted identifier right before `(`, comments and spaces
   * between allowed), with the words inside its parentheses: what a function is called with.
   */
  calls: { name: string; args: string[] }[];
  /** True when a `)` has no `(` before it, or a `(` is never closed: the text would break out of a wrapper. */
  unbalanced: boolean;
}

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const DOLLAR_TAG = /\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/** The `$tag$` opening a dollar-quoted string at `i`, if any (not `$1`, not inside a word). */
function dollarTagAt(sql: string, i: number): string | null {
  if (/[A-Za-z0-9_]/.test(sql[i - 1] ?? "")) return null;
  DOLLAR_TAG.lastIndex = i;
  return DOLLAR_TAG.test(sql) ? sql.slice(i, DOLLAR_TAG.lastIndex) : null;
}

export function lexSql(sql: string): Lexed {
  const statements: string[] = [];
  const words: string[] = [];
  let start = 0;
  let hasContent = false;
  let unterminated = false;
  let unicodeIdentifier = false;
  const calls: Lexed["calls"] = [];
  const open: { name: string | null; from: number }[] = [];
  let unbalanced = false;
  /** The word just before, when nothing but spaces and comments came after it. */
  let lastWord: string | null = null;
  let i = 0;
  const endStatement = (at: number) => {
    const text = sql.slice(start, at).trim();
    if (hasContent && text) statements.push(text);
    start = at + 1;
    hasContent = false;
  };
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (c === "/" && next === "*") {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === "/" && sql[i + 1] === "*") (depth++, (i += 2));
        else if (sql[i] === "*" && sql[i + 1] === "/") (depth--, (i += 2));
        else i++;
      }
      if (depth > 0) unterminated = true;
    } else if (c === ";") {
      lastWord = null;
      endStatement(i);
      i++;
    } else if (c === "(") {
      hasContent = true;
      open.push({ name: lastWord, from: words.length });
      lastWord = null;
      i++;
    } else if (c === ")") {
      hasContent = true;
      const o = open.pop();
      if (!o) unbalanced = true;
      else if (o.name !== null) calls.push({ name: o.name, args: words.slice(o.from) });
      lastWord = null;
      i++;
    } else if (c === "'" || ((c === "E" || c === "e") && next === "'")) {
      hasContent = true;
      lastWord = null;
      const backslashes = c !== "'";
      i += backslashes ? 2 : 1;
      let closed = false;
      while (i < sql.length) {
        if (backslashes && sql[i] === "\\") i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") {
          i++;
          closed = true;
          break;
        } else i++;
      }
      if (!closed) unterminated = true;
    } else if (c === '"') {
      hasContent = true;
      let j = i + 1;
      let name = "";
      let closed = false;
      while (j < sql.length) {
        if (sql[j] === '"' && sql[j + 1] === '"') (name += '"', (j += 2));
        else if (sql[j] === '"') {
          j++;
          closed = true;
          break;
        } else name += sql[j++];
      }
      if (!closed) unterminated = true;
      words.push(name);
      lastWord = name;
      i = j;
    } else if (c === "$" && dollarTagAt(sql, i)) {
      hasContent = true;
      lastWord = null;
      const tag = dollarTagAt(sql, i)!;
      const close = sql.indexOf(tag, i + tag.length);
      if (close < 0) unterminated = true;
      i = close < 0 ? sql.length : close + tag.length;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      hasContent = true;
      WORD.lastIndex = i;
      WORD.test(sql);
      const word = sql.slice(i, WORD.lastIndex).toLowerCase();
      if (word === "u" && sql[WORD.lastIndex] === "&" && sql[WORD.lastIndex + 1] === '"') unicodeIdentifier = true;
      words.push(word);
      lastWord = word;
      i = WORD.lastIndex;
    } else {
      if (!/\s/.test(c)) {
        hasContent = true;
        lastWord = null;
      }
      i++;
    }
  }
  endStatement(sql.length);
  if (open.length > 0) unbalanced = true;
  return { statements, words, unterminated, unicodeIdentifier, calls, unbalanced };
}
