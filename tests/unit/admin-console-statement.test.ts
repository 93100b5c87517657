/**
 * The console's statement check on PostgreSQL's own parse tree (issue 33, item 3): what the
 * server would run is what is checked, whatever comments, quotes and escapes surround it.
 */
import { describe, expect, it } from "vitest";
import { checkStatement } from "../../src/server/admin/query-console.ts";

/** The console's refusal of a text, or null when it lets the text run. */
async function refusal(sql: string, embedded: boolean): Promise<string | null> {
  try {
    await checkStatement(sql, { embedded });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Both databases: the embedded one (PGlite) and a PostgreSQL server. */
const BOTH = [true, false] as const;

describe("the text is read as PostgreSQL reads it", () => {
  it.each([
    // A `--` comment ends at \r too: the lexer-based check stopped at \n only and saw no call.
    ["SELECT 1 --\r, pg_sleep(600)", /does not run pg_sleep\(\)/],
    ["SELECT 1 -- a note\r\n, pg_sleep(600)", /does not run pg_sleep\(\)/],
    // Block comments nest: the call after the outer */ is code.
    ["SELECT /* /* */ */ pg_sleep(1)", /does not run pg_sleep\(\)/],
    // Dollar quotes end at their own tag only.
    ["SELECT $tag$ $$ $tag$, pg_sleep(1)", /does not run pg_sleep\(\)/],
    ["SELECT $a$ $b$ $a$, set_config('role', 'postgres', true) --$b$", /does not run set_config\(\)/],
    // E'' takes backslash escapes; a standard string does not.
    ["SELECT E'\\\\', pg_sleep(1) --'", /does not run pg_sleep\(\)/],
    ["SELECT 'a\\', pg_sleep(1) --'", /does not run pg_sleep\(\)/],
    ["SELECT 'it''s', pg_sleep(1)", /does not run pg_sleep\(\)/],
    // Identifiers: quoted, schema-qualified, spelled with U& escapes, in any case.
    ['SELECT "pg_sleep"(1)', /does not run pg_sleep\(\)/],
    ['SELECT PG_CATALOG."pg_sleep"(1)', /does not run pg_sleep\(\)/],
    ['SELECT U&"\\0073et_config"(\'role\', \'postgres\', true)', /does not run set_config\(\)/],
    ["SELECT Query_To_Xml('select 1', true, false, '')", /does not run query_to_xml\(\): it runs SQL given as text/],
  ])("refuses %j", async (sql, message) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toMatch(message);
  });

  it.each([
    "SELECT /* /* pg_sleep(1) */ still a comment; pg_sleep(2) */ 1 AS one",
    "SELECT $$; pg_sleep(1); DELETE FROM users$$ AS t",
    "SELECT $tag$ $$ ; set_config('role', 'postgres', true) $$ $tag$ AS t",
    "SELECT E'it\\'s; pg_sleep(1)' AS t",
    "SELECT 'it''s; pg_sleep(1)' AS t",
    'SELECT 1 AS "pg_sleep(1); DROP TABLE users"',
    "SELECT 1 AS one -- pg_sleep(1)",
    "SELECT 1 AS one --\n",
  ])("lets %j run: the names are text", async (sql) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toBeNull();
  });

  it("returns the one statement's own text, without its ';' and what follows it", async () => {
    expect((await checkStatement("  SELECT 'שלום; עולם' AS s ;  -- done", { embedded: true })).text).toBe("SELECT 'שלום; עולם' AS s");
    expect((await checkStatement("/* why */ SELECT 1 AS one -- trailing", { embedded: true })).text).toBe("/* why */ SELECT 1 AS one -- trailing");
  });

  it.each([
    ["SELECT 1) AS x, (SELECT 2", 'syntax error at or near ")", at character 9 (line 1, column 9)'],
    ["SELECT ')' AS s)", 'syntax error at or near ")", at character 16 (line 1, column 16)'],
    ["SELECT 1\nFROM users WHERE (id = 1", "syntax error at end of input, at character 34 (line 2, column 25)"],
    ["SELECT 'open", "unterminated quoted string at or near \"'open\", at character 8 (line 1, column 8)"],
    ["SELECT /* open", 'unterminated /* comment at or near "/* open", at character 8 (line 1, column 8)'],
    ["SELECT $$open", 'unterminated dollar-quoted string at or near "$$open", at character 8 (line 1, column 8)'],
  ])("gives PostgreSQL's own syntax error for %j", async (sql, message) => {
    expect(await refusal(sql, true)).toBe(`The query is not valid SQL: ${message}.`);
  });
});

describe("one statement, and a read", () => {
  it.each([
    ["SELECT 1; SELECT 2", /one statement can run at a time: this text holds 2 statements/],
    ["SELECT 'a'; DELETE FROM users", /one statement/],
    ["SELECT 1 -- comment ; still comment\n; DROP TABLE x", /one statement/],
    ["", /Write a query/],
    ["  -- only a comment", /Write a query/],
    ["INSERT INTO users (email) VALUES ('x')", /read-only: INSERT statements/],
    ["  -- sneaky\n  delete from users", /read-only: DELETE statements/],
    ["SET statement_timeout = 0", /read-only: SET statements/],
    ["RESET ROLE", /read-only: RESET statements/],
    ["SET SESSION AUTHORIZATION DEFAULT", /read-only: SET statements/],
    ["COMMIT", /read-only: COMMIT statements/],
    ["CREATE TABLE t AS SELECT 1", /read-only: CREATE statements/],
    ["SHOW search_path", /start with SELECT, WITH, VALUES or TABLE/],
    ["EXPLAIN ANALYZE SELECT 1", /start with SELECT, WITH, VALUES or TABLE/],
    // A WITH that writes is a SELECT statement whose CTE is not one.
    ["WITH gone AS (DELETE FROM users RETURNING id) SELECT * FROM gone", /read-only: a WITH query that runs DELETE/],
    ["WITH x AS (SELECT 1), y AS (INSERT INTO log (message) VALUES ('x') RETURNING id) SELECT 1", /a WITH query that runs INSERT/],
    ["WITH r AS (UPDATE users SET role = 'admin' RETURNING id) SELECT 1", /a WITH query that runs UPDATE/],
    ["SELECT * INTO copied FROM users", /SELECT INTO \(which creates a table\) is refused/],
    ["SELECT id FROM users FOR UPDATE", /row locks/],
    ["SELECT id FROM users FOR NO KEY UPDATE SKIP LOCKED", /row locks/],
    ["SELECT id FROM users u FOR SHARE OF u", /row locks/],
    ["SELECT id FROM users FOR KEY SHARE", /row locks/],
    ["SELECT * FROM (SELECT id FROM users FOR UPDATE) AS x", /row locks/],
    ["WITH x AS (SELECT id FROM users FOR UPDATE) SELECT * FROM x", /row locks/],
  ])("refuses %j", async (sql, message) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toMatch(message);
  });

  it.each([
    "SELECT email, role FROM users ORDER BY email",
    "VALUES (1, 'a'), (2, 'b')",
    "TABLE leads",
    "WITH u AS (SELECT email FROM users) SELECT count(*)::int AS n FROM u",
    "SELECT substring('abcdef' FROM 2 FOR 3) AS s",
    "SELECT overlay('abc' PLACING 'x' FROM 2 FOR 1), position('b' IN 'abc'), trim(BOTH ' ' FROM ' a ')",
    "SELECT 'for update' AS s",
    'SELECT 1 AS "for", 2 AS "update"',
    "SELECT extract(year FROM now()), now() AT TIME ZONE 'America/New_York', date_trunc('week', current_date)",
    "SELECT coalesce(nullif(name, ''), email), greatest(1, 2), least(1, 2) FROM users",
    "SELECT email FROM users WHERE email LIKE 'a!%' ESCAPE '!' OR email SIMILAR TO '%@example.com' OR email ~* 'x'",
    "SELECT status, count(*) FILTER (WHERE created_at > now() - interval '7 days'), string_agg(DISTINCT source, ', ' ORDER BY source) FROM leads GROUP BY status",
    "SELECT id, row_number() OVER (PARTITION BY status ORDER BY created_at DESC) FROM leads",
    "SELECT jsonb_build_object('n', count(*)), to_char(max(created_at), 'YYYY-MM-DD') FROM leads",
    "SELECT lpad('7', 4, '0'), repeat('-', 80), replace(email, '@', ' at ') FROM users",
    "SELECT l.message, pg_catalog.lower(l.source) FROM leads AS l",
  ])("lets %j run", async (sql) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toBeNull();
  });
});

describe("functions: an allow-list, by name", () => {
  it.each([
    ["SELECT pg_sleep(1)", "pg_sleep(): it only waits"],
    ["SELECT pg_catalog.pg_sleep_for('1 minute')", "pg_sleep_for()"],
    ["SELECT * FROM pg_sleep(1)", "pg_sleep()"],
    ["SELECT PG_ADVISORY_LOCK(1)", "pg_advisory_lock(): its effect would outlive the read-only transaction"],
    ["SELECT set_config('search_path', 'x', false)", "set_config()"],
    ["SELECT ts_stat('select 1')", "ts_stat(): it runs SQL given as text"],
    ["SELECT x FROM pg_catalog.cursor_to_xmlschema('c', true, false, '') x", "cursor_to_xmlschema()"],
    ["SELECT dblink('host=x', 'select 1')", "dblink()"],
    ["SELECT lo_import('/etc/passwd')", "lo_import()"],
    ["SELECT pg_read_file('/etc/passwd')", "pg_read_file(): it reaches the server"],
    ["SELECT format('%s', 1)", "format(): it runs only the functions on its list"],
    ["SELECT public.console_run('SELECT 1', 1, NULL)", "public.console_run(): it runs only PostgreSQL's own functions"],
    // A call hidden in an argument, a subquery, a FILTER, an ORDER BY, a window, a CTE.
    ["SELECT count(*) FILTER (WHERE pg_sleep(1) IS NULL) FROM users", "pg_sleep()"],
    ["SELECT email FROM users ORDER BY pg_sleep(1)", "pg_sleep()"],
    ["WITH x AS (SELECT pg_advisory_lock(1)) SELECT 1", "pg_advisory_lock()"],
    ["SELECT (SELECT max(length(query_to_xml('select 1', true, false, '')::text)))", "query_to_xml()"],
    // x.f and (x).f call f(x) when x has no column f.
    ["SELECT (v).pg_sleep FROM (SELECT 1::float8 AS v) s", "pg_sleep()"],
    ["SELECT s.pg_advisory_lock FROM (SELECT 1::bigint AS v) s", "pg_advisory_lock()"],
    ["SELECT (s.v).ts_stat FROM (SELECT 'select 1'::text AS v) s", "ts_stat()"],
    ["SELECT (x).factorial FROM (SELECT 30000::bigint AS x) s", "factorial()"],
    // Casts that look a function up by name.
    ["SELECT 'pg_sleep'::regproc", "cast to regproc"],
    ["SELECT CAST('pg_sleep(float8)' AS pg_catalog.regprocedure)", "cast to regprocedure"],
  ])("refuses %j, naming %s", async (sql, named) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toContain(named);
  });
});

describe("sizes the planner does not weigh", () => {
  it.each([
    // 0.7 s to build on PGlite, twice through the console (cost check, then run): 7 s in issue 33's fuzz.
    ["SELECT length(repeat('x', 100000000))", "repeat() would make 100,000,000 characters"],
    ["SELECT length(repeat('x', 1e8))", "repeat() would make 100,000,000 characters"],
    ["SELECT repeat('ab', 5001)", "10,002 characters"],
    ["SELECT repeat(repeat('x', 100) || 'y', 100)", "10,100 characters"],
    ["SELECT lpad('x', 100000)", "lpad() would make 100,000 characters"],
    ["SELECT length(replace(repeat('x', 10000), 'x', repeat('y', 10000)))", "replace() would make 100,000,000 characters"],
    ["SELECT repeat('x', (SELECT 5))", "repeat() takes a constant count"],
    ["SELECT rpad('x', length(email)) FROM users", "rpad() takes a constant length"],
    ["SELECT repeat(email, 3) FROM users", "repeat() takes a constant text"],
    ["SELECT replace(email, 'a', repeat('b', 1000)) FROM users", "more than 100 times longer"],
  ])("refuses %j everywhere (%s)", async (sql, message) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toContain(message);
  });

  it.each([
    // issue 33's fuzz: 1.9 s on a busy machine, priced by the planner like 1,000,000 integers.
    ["SELECT count(*) FROM generate_series(1, 1000000.0)", "makes 1,000,000 rows (at most 100,000 in decimals there)"],
    ["SELECT count(*) FROM generate_series(1, 1e6)", "makes 1,000,000 rows (at most 100,000 in decimals"],
    ["SELECT count(*) FROM generate_series(0.5, 200000, 1)", "makes 200,000 rows"],
    ["SELECT count(*) FROM generate_series(1::numeric, 500000)", "makes 500,000 rows"],
    ["SELECT count(*) FROM generate_series(1, 2000000)", "makes 2,000,000 rows (at most 1,000,000 there)"],
    ["SELECT count(*) FROM generate_series(-1000000, 1000000, 1)", "makes 2,000,001 rows"],
    ["SELECT count(*) FROM generate_series(1, (SELECT 2000000))", "generate_series() takes constants only"],
    ["SELECT count(*) FROM users, generate_series(1, users.id)", "takes constants only"],
    ["SELECT count(*) FROM generate_series(1, (random() * 1e7)::int)", "takes constants only"],
    ["WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r", "WITH RECURSIVE is refused on the embedded"],
  ])("refuses %j on the embedded database only (%s)", async (sql, message) => {
    expect(await refusal(sql, true)).toContain(message);
    expect(await refusal(sql, false)).toBeNull();
  });

  it.each([
    "SELECT repeat('ab', 5000)",
    "SELECT decode(repeat('ab', 100), 'hex')",
    "SELECT count(*) FROM generate_series(1, 1000000)",
    "SELECT count(*) FROM generate_series(1, 100000.0)",
    "SELECT g FROM generate_series(0, 1, 0.1) g",
    "SELECT count(*) FROM generate_series(1, 1000) a, generate_series(1, 1000) b",
    "SELECT d FROM generate_series(date_trunc('day', now()) - interval '6 days', now(), interval '1 day') d",
    "SELECT d FROM generate_series(current_date - 30, current_date, '1 day') d",
    "SELECT lpad('7', 4, '0') || g FROM generate_series(1, 10) g",
    "SELECT replace(phone, '-', '') FROM leads",
    "SELECT lpad(g::text, 1000, '0') FROM generate_series(1, 10) g",
  ])("lets %j run on both", async (sql) => {
    for (const embedded of BOTH) expect(await refusal(sql, embedded)).toBeNull();
  });

  // The planner prices a function call per row at next to nothing, whatever text it handles: the
  // embedded database's cost allowance shrinks by these characters (query-console.ts, embeddedMaxCost).
  it.each([
    ["SELECT count(*) FROM leads", 0],
    ["SELECT lpad('7', 4, '0'), repeat('-', 80), to_char(12, '0000')", 0], // folded once by the planner
    ["SELECT to_char(created_at, 'YYYY-MM-DD') FROM leads", 10],
    ["SELECT lpad(g::text, 1000, '0') FROM generate_series(1, 10) g", 1001],
    ["SELECT to_char(g, repeat('9', 100)) FROM generate_series(1, 10) g", 100],
    ["SELECT string_agg(email, ', ') FROM users", 2],
    ["SELECT to_char(created_at, 'YYYY'), replace(phone, '-', '') FROM leads", 5],
  ])("counts the characters %j handles on every row: %i", async (sql, chars) => {
    expect((await checkStatement(sql, { embedded: true })).perRowChars).toBe(chars);
  });
});
