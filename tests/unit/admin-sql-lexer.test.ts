import { describe, expect, it } from "vitest";
import { lexSql } from "../../src/server/admin/sql-lexer.ts";
import { checkStatement } from "../../src/server/admin/query-console.ts";

describe("lexSql statement splitting", () => {
  it.each([
    ["SELECT 1", 1],
    ["SELECT 1;", 1],
    ["SELECT 1; -- the end", 1],
    ["SELECT 1; /* the end */ ;;", 1],
    ["SELECT ';' AS s", 1],
    ["SELECT E'it\\'s; fine' AS s", 1],
    ["SELECT 'it''s; fine' AS s", 1],
    ['SELECT 1 AS "odd;name"', 1],
    ["SELECT $$a; b$$ AS s", 1],
    ["SELECT $tag$a; $$ b$tag$ AS s", 1],
    ["SELECT /* a /* nested; */ comment; */ 1", 1],
    ["SELECT $1::int", 1],
    ["SELECT 1; SELECT 2", 2],
    ["SELECT 'a'; DELETE FROM users", 2],
    ["SELECT 1 -- comment ; still comment\n; DROP TABLE x", 2],
    ["", 0],
    ["  -- only a comment", 0],
  ])("%j has %i statement(s)", (sql, n) => {
    expect(lexSql(sql).statements).toHaveLength(n);
  });

  it("lists words outside strings and comments, quoted identifiers as written", () => {
    expect(lexSql(`SELECT "Set_Config"('x') /* pg_sleep */, 'pg_sleep' FROM t -- drop`).words).toEqual(["select", "Set_Config", "from", "t"]);
  });

  it.each([
    ['SELECT U&"\\0073et_config"(\'role\', \'x\', true)', true],
    ['SELECT u&"d\\0061t\\+000061"', true],
    ["SELECT U&'d\\0061t\\+000061' AS s", false],
    ['SELECT "U&"', false],
    ["SELECT u & 1", false],
    ['SELECT "set_config"(\'role\', \'x\', true)', false],
  ])("flags U& identifiers in %j: %s", (sql, flagged) => {
    expect(lexSql(sql).unicodeIdentifier).toBe(flagged);
  });

  it.each(["SELECT 'open", 'SELECT "open', "SELECT /* open", "SELECT $$open"])("flags %j as unterminated", (sql) => {
    expect(lexSql(sql).unterminated).toBe(true);
  });
});

describe("checkStatement", () => {
  it.each([
    ["SELECT pg_sleep(1)", true, /refused on the embedded/],
    ["SELECT pg_catalog.pg_sleep_for('1 minute')", true, /refused on the embedded/],
    ["SELECT PG_ADVISORY_LOCK(1)", false, /pg_advisory_lock\(\) is refused/],
    ["SHOW search_path", false, /start with SELECT/],
    ["SET statement_timeout = 0", false, /read-only: SET/],
    ["COMMIT", false, /read-only: COMMIT/],
    ['SELECT U&"\\0073et_config"(\'role\', \'postgres\', true)', false, /U&"…" identifiers are refused/],
    ['SELECT "set_config"(\'role\', \'postgres\', true)', false, /set_config\(\) is refused/],
    ["SELECT id FROM users FOR UPDATE", false, /row locks/],
    ["SELECT id FROM users FOR NO KEY UPDATE SKIP LOCKED", false, /row locks/],
    ["SELECT id FROM users u FOR SHARE OF u", false, /row locks/],
    ["SELECT id FROM users FOR KEY SHARE", false, /row locks/],
    ["WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r", true, /WITH RECURSIVE is refused on the embedded/],
  ])("refuses %j (embedded %s)", (sql, embedded, message) => {
    expect(() => checkStatement(sql, { embedded })).toThrow(message);
  });

  it("lets Postgres's own timeout stop a sleep on a real server", () => {
    expect(checkStatement("SELECT pg_sleep(10);", { embedded: false })).toBe("SELECT pg_sleep(10)");
    expect(checkStatement("WITH RECURSIVE r(n) AS (SELECT 1) SELECT n FROM r", { embedded: false })).toMatch(/^WITH RECURSIVE/);
  });

  it.each([
    "SELECT substring('abcdef' FROM 2 FOR 3) AS s",
    "SELECT 'for update' AS s",
    'SELECT 1 AS "for", 2 AS "update"',
    "SELECT overlay('abc' PLACING 'x' FROM 2 FOR 1)",
    "SELECT u.email FROM users u WHERE u.role = 'admin'",
  ])("lets %j through", (sql) => {
    expect(checkStatement(sql, { embedded: true })).toBe(sql);
  });
});

describe("lexSql calls and parentheses (issue 24)", () => {
  it("lists each name(…) with the words inside it, across schemas, quotes and comments", () => {
    const { calls, unbalanced } = lexSql(`SELECT pg_catalog."Query_To_Xml" /* c */ ('x', (SELECT n FROM t)), count(*)`);
    expect(unbalanced).toBe(false);
    expect(calls).toEqual([
      { name: "Query_To_Xml", args: ["select", "n", "from", "t"] },
      { name: "count", args: [] },
    ]);
  });

  it.each([
    ["SELECT 1) AS x, (SELECT 2", true],
    ["SELECT (1", true],
    ["SELECT ')' AS \")\" -- )", false],
    ["SELECT $$)$$, E'\\')'", false],
  ])("%j unbalanced: %s", (sql, unbalanced) => {
    expect(lexSql(sql).unbalanced).toBe(unbalanced);
  });

  it.each([
    ["SELECT count(*) FROM generate_series(1, (SELECT 2000000))", true, /generate_series\(\) takes constants only/],
    ["SELECT count(*) FROM users, generate_series(1, users.id)", true, /takes constants only/],
    ["SELECT ts_stat('select 1')", false, /ts_stat\(\) is refused/],
    ["SELECT x FROM pg_catalog.cursor_to_xmlschema('c', true, false, '') x", false, /cursor_to_xmlschema\(\) is refused/],
  ])("refuses %j (embedded %s)", (sql, embedded, message) => {
    expect(() => checkStatement(sql, { embedded })).toThrow(message);
  });

  it("lets a series with constant bounds through, and any series on a real server", () => {
    const days = "SELECT d FROM generate_series(date_trunc('day', now()) - interval '6 days', now(), interval '1 day') d";
    expect(checkStatement(days, { embedded: true })).toBe(days);
    const sub = "SELECT count(*) FROM generate_series(1, (SELECT 2000000))";
    expect(checkStatement(sub, { embedded: false })).toBe(sub);
  });
});
