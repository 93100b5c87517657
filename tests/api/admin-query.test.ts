import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import queryFn from "../../functions/admin-query.ts";
import { createDb, setDb, type Db } from "../../src/server/db/index.ts";

const db = useTestDb();
const onPostgres = !!process.env.TEST_DATABASE_URL;
let admin: { token: string; email: string };

const run = (query: unknown) => call(queryFn, "POST", "/api/admin/query", { token: admin.token, body: { query } });
const userCount = async () => Number((await db().query<{ n: string }>("SELECT count(*) AS n FROM users")).rows[0].n);

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "boss@example.com" });
  await userWithSession(db(), { email: "someone@example.com" });
});

describe("POST /api/admin/query runs reads", () => {
  it("answers rows and columns for a SELECT", async () => {
    const r = await run("SELECT email, role FROM users ORDER BY email");
    expect(r.status).toBe(200);
    expect(r.json.data.columns).toEqual(["email", "role"]);
    expect(r.json.data.data).toEqual([
      { email: "boss@example.com", role: "admin" },
      { email: "someone@example.com", role: "user" },
    ]);
    expect(r.json.data.truncated).toBe(false);
  });

  it.each([
    ["WITH u AS (SELECT email FROM users) SELECT count(*)::int AS n FROM u;", [{ n: 2 }]],
    ["VALUES (1, 'a')", [{ column1: 1, column2: "a" }]],
    ["select 1 AS one -- trailing comment", [{ one: 1 }]],
    ["/* why */ SELECT 'a;b' AS s; -- done", [{ s: "a;b" }]],
  ])("runs %s", async (sql, rows) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.data).toEqual(rows);
  });

  it("stops at 500 rows and says so", async () => {
    const r = await run("SELECT g FROM generate_series(1, 600) g");
    expect(r.json.data.data).toHaveLength(500);
    expect(r.json.data.data.at(-1)).toEqual({ g: 500 });
    expect(r.json.data.truncated).toBe(true);
  });

  it("turns dates and bytes into text the browser can show", async () => {
    const r = await run(
      "SELECT timestamptz '2024-05-01 08:00-04' AS t, '\\x0102ff'::bytea AS b, 12345678901234::bigint AS n, 9007199254740993::bigint AS big, decode(repeat('ab', 100), 'hex') AS long",
    );
    expect(r.json.data.data[0]).toEqual({
      t: "2024-05-01T12:00:00+00:00",
      b: "\\x0102ff",
      n: 12345678901234,
      big: "9007199254740993",
      long: `\\x${"ab".repeat(64)}… (100 bytes)`,
    });
  });

  it("logs who ran what", async () => {
    await run("SELECT 42 AS answer");
    const logged = await db().query<{ message: string }>("SELECT message FROM log WHERE source = '/api/admin/query' ORDER BY id");
    expect(logged.rows.map((r) => r.message)).toContain("Query console: boss@example.com ran: SELECT 42 AS answer");
  });
});

describe("POST /api/admin/query refuses", () => {
  it.each([
    ["INSERT INTO users (email) VALUES ('x@example.com')", /read-only: INSERT/],
    ["UPDATE users SET role = 'admin'", /read-only: UPDATE/],
    ["DELETE FROM users", /read-only: DELETE/],
    ["DROP TABLE users", /read-only: DROP/],
    ["CREATE TABLE t (x int)", /read-only: CREATE/],
    ["ALTER TABLE users ADD COLUMN x int", /read-only: ALTER/],
    ["TRUNCATE users", /read-only: TRUNCATE/],
    ["  -- sneaky\n  delete from users", /read-only: DELETE/],
    ["SELECT 1; SELECT 2", /one statement/],
    ["SELECT 1; DELETE FROM users", /one statement/],
    // A ')' that would close the console's wrapper: PostgreSQL's parser stops at it.
    ["SELECT 1) AS x; COMMIT; DELETE FROM users; SELECT * FROM (SELECT 1", /not valid SQL: syntax error at or near "\)", at character 9/],
    ["EXPLAIN SELECT 1", /start with SELECT, WITH, VALUES or TABLE/],
    ["SELECT pg_advisory_lock(1)", /does not run pg_advisory_lock\(\)/],
    ["SELECT set_config('search_path', 'nowhere', false)", /does not run set_config\(\)/],
    ["SELECT 'unclosed", /unterminated quoted string/],
    ["   ", /Write a query/],
  ])("%s", async (sql, message) => {
    const before = await userCount();
    const r = await run(sql);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, data: { data: [] } });
    expect(r.json.message).toMatch(message);
    expect(await userCount()).toBe(before);
  });

  // Refused on the parse tree before Postgres sees them; Postgres would refuse them too (the READ
  // ONLY transaction, and nextval needs a grant the console's role does not have).
  it.each([
    ["SELECT nextval('log_id_seq')", 400, /does not run nextval\(\)/],
    ["WITH gone AS (DELETE FROM users RETURNING id) SELECT * FROM gone", 400, /read-only/],
    ["SELECT id FROM users FOR UPDATE", 400, /read-only/],
    ["SELECT * FROM (SELECT id FROM users FOR NO KEY UPDATE) AS x", 400, /read-only/],
  ])("writes hidden in a read: %s", async (sql, status, message) => {
    const before = await userCount();
    const r = await run(sql);
    expect(r.status).toBe(status);
    expect(r.json.message).toMatch(message);
    expect(await userCount()).toBe(before);
  });

  it("keeps nothing a statement did: lo_create is refused, and the transaction is rolled back anyway", async () => {
    // PostgreSQL lets lo_create run in a READ ONLY transaction; the lo_ functions are refused by name now.
    const r = await run("SELECT lo_create(0) AS oid");
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/does not run lo_create\(\)/);
    const left = await db().query<{ n: string }>("SELECT count(*) AS n FROM pg_largeobject_metadata");
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it("cannot leave the read-only transaction even past the parser's check (the driver refuses several statements)", async () => {
    // What the console sends when the text closes its wrapper: a parameter forces the extended protocol.
    const sql = "SELECT * FROM (\nSELECT 1) AS x; COMMIT; DELETE FROM users; SELECT * FROM (SELECT 1\n) AS console_query LIMIT $1";
    await expect(db().query(sql, [501])).rejects.toThrow(/multiple commands/);
    expect(await userCount()).toBe(2);
  });

  it("reports Postgres's error for a bad query", async () => {
    const r = await run("SELECT * FROM no_such_table");
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/no_such_table/);
  });

  it("refuses SELECT pg_sleep(10) before it runs, on every database", async () => {
    const t = Date.now();
    const r = await run("SELECT pg_sleep(10)");
    expect(Date.now() - t).toBeLessThan(1000);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/does not run pg_sleep\(\)/);
  });

  it.skipIf(!onPostgres)("stops any long statement at 2 s, not only sleeps", async () => {
    const t = Date.now();
    const r = await run("SELECT count(*) FROM generate_series(1, 2000000000)");
    expect(Date.now() - t).toBeLessThan(5000);
    expect(r.json.message).toMatch(/longer than 2 s and was stopped/);
  });

  it.each([
    ["no query", {}, 400],
    ["a number", { query: 5 }, 400],
    ["an unknown field", { query: "SELECT 1", extra: true }, 400],
    ["over 10,000 characters", { query: `SELECT '${"x".repeat(10_001)}'` }, 400],
  ])("answers a body with %s with %i", async (_case, body, status) => {
    const r = await call(queryFn, "POST", "/api/admin/query", { token: admin.token, body });
    expect(r.status).toBe(status);
  });
});

// Issue 24, items 5 and 9: functions that run SQL text the console never sees, a ')' that closes the
// console's wrapper, a cost guard blind to a subquery, and session state left on a pooled connection.
describe("POST /api/admin/query leaves nothing behind", () => {
  // This file's own database only: on a PostgreSQL server the other test files run beside it, each in
  // its database, and take advisory locks of their own (a lead's confirmation takes one per address).
  const advisoryLocks = async (q: Db = db()) =>
    Number(
      (await q.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")).rows[0]
        .n,
    );

  it.each([
    ["SELECT query_to_xml('select pg_advisory_lock(1)', true, false, '')", /does not run query_to_xml\(\)/],
    ["SELECT pg_catalog.query_to_xml('select pg_advisory_lock(1)', true, false, '')", /does not run query_to_xml\(\)/],
    [`SELECT PG_CATALOG."query_to_xml"('select 1', true, false, '')`, /does not run query_to_xml\(\)/],
    ["SELECT Query_To_Xml_And_XmlSchema('select 1', true, false, '')", /does not run query_to_xml_and_xmlschema\(\)/],
    ["SELECT table_to_xml('users', true, false, '')", /does not run table_to_xml\(\)/],
    ["SELECT cursor_to_xml('c', 1, true, false, '')", /does not run cursor_to_xml\(\)/],
    ["SELECT * FROM ts_stat('select to_tsvector(email) from users')", /does not run ts_stat\(\)/],
    ["SELECT dblink_connect('host=evil')", /does not run dblink_connect\(\)/],
    ["SELECT pg_advisory_xact_lock(1)", /does not run pg_advisory_xact_lock\(\)/],
    ["SELECT pg_try_advisory_lock(1)", /does not run pg_try_advisory_lock\(\)/],
    [`SELECT "pg_advisory_lock"(1)`, /does not run pg_advisory_lock\(\)/],
    ["SELECT lo_import('/etc/passwd')", /does not run lo_import\(\)/],
    ["SELECT pg_read_file('/etc/passwd')", /does not run pg_read_file\(\)/],
    ["SELECT pg_ls_dir('.')", /does not run pg_ls_dir\(\)/],
    ["SELECT pg_catalog.set_config('work_mem', '1MB', false)", /does not run set_config\(\)/],
    ["SELECT pg_terminate_backend(1)", /does not run pg_terminate_backend\(\)/],
    // (v).f is f(v) when v has no field f: a call with no call syntax.
    ["SELECT (v).pg_advisory_lock FROM (SELECT 4242::bigint AS v) s", /does not run pg_advisory_lock\(\)/],
  ])("refuses %s, and no advisory lock is left", async (sql, message) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toMatch(message);
    expect(await advisoryLocks()).toBe(0);
  });

  it.each([
    ["SELECT 1) AS x, (SELECT 2", 'syntax error at or near ")", at character 9'],
    ["SELECT email FROM users) AS u CROSS JOIN (SELECT 1", 'syntax error at or near ")", at character 24'],
    ["SELECT (1", "syntax error at end of input, at character 10"],
    ["SELECT ')' AS s)", 'syntax error at or near ")", at character 16'],
  ])("refuses a ')' that would close the console's wrapper: %s", async (sql, message) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toContain(`The query is not valid SQL: ${message}`);
  });

  it("still runs parentheses inside strings, identifiers and comments", async () => {
    const r = await run(`SELECT ')' AS "a)", '(' AS b /* ) */ -- (\n`);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.data).toEqual([{ "a)": ")", b: "(" }]);
  });

  it.skipIf(onPostgres)("embedded: the cost guard is not bypassed by a subquery, a column or random() in a series' bounds", async () => {
    for (const sql of [
      "SELECT count(*) FROM generate_series(1, (SELECT 2000000))",
      "SELECT count(*) FROM generate_series(1,(select 2000000)) g",
      "SELECT count(*) FROM users, generate_series(1, length(users.email) * 100000)",
      "SELECT count(*) FROM generate_series(1, (random() * 1e7)::int)",
    ]) {
      const t = Date.now();
      const r = await run(sql);
      expect(r.status, `${sql}: ${r.text}`).toBe(400);
      expect(r.json.message).toMatch(/generate_series\(\) takes constants only/);
      expect(Date.now() - t).toBeLessThan(1000);
    }
    // Constants still run, and are still weighed by the planner.
    expect((await run("SELECT count(*)::int AS n FROM generate_series(1, 1000)")).json.data.data).toEqual([{ n: 1000 }]);
    const days = await run("SELECT count(*)::int AS n FROM generate_series(now() - interval '6 days', now(), '1 day'::interval)");
    expect(days.json.data.data).toEqual([{ n: 7 }]);
    expect((await run("SELECT count(*) FROM generate_series(1, 2000000)")).json.message).toMatch(/cannot stop a statement/);
  });

  it("clears session advisory locks and settings on the connection it ran on", async () => {
    // One connection, so the console's run happens on the session that holds the lock and the setting.
    let one: Db = db();
    if (onPostgres) {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(await db().query<{ d: string }>("SELECT current_database() AS d")).rows[0].d}`;
      const max = process.env.DB_POOL_MAX;
      process.env.DB_POOL_MAX = "1";
      one = await createDb(url.toString());
      if (max === undefined) delete process.env.DB_POOL_MAX;
      else process.env.DB_POOL_MAX = max;
    }
    setDb(one);
    try {
      // A run that answers rows, and one that Postgres refuses.
      for (const sql of ["SELECT 1 AS one", "SELECT * FROM no_such_table"]) {
        // State as a leaked statement would leave it: a session advisory lock and a session setting.
        await one.query("SELECT pg_advisory_lock(4242)");
        await one.query("SET statement_timeout = '17s'");
        expect(await advisoryLocks(one)).toBe(1);
        await run(sql);
        expect(await advisoryLocks(one), sql).toBe(0);
        const setting = (await one.query<{ statement_timeout: string }>("SHOW statement_timeout")).rows[0].statement_timeout;
        expect(setting, sql).not.toBe("17s");
      }
    } finally {
      setDb(db());
      if (one !== db()) await one.close();
    }
  });
});

// Issue 33, item 3: the text is read by PostgreSQL's own parser, so a comment ended by '\r', a
// nested comment, a dollar quote or an E'' escape hides nothing, and the work the planner does not
// price is bounded before anything runs. The lexer-based check let the first three run: on PGlite
// `SELECT 1 --\r, pg_sleep(600)` held the server for 600 s.
describe("POST /api/admin/query reads the text as PostgreSQL does", () => {
  it.each([
    ["SELECT 1 --\r, pg_sleep(600)", /does not run pg_sleep\(\)/],
    ["SELECT /* /* */ */ pg_sleep(600)", /does not run pg_sleep\(\)/],
    ["SELECT $tag$ $$ $tag$, pg_sleep(600)", /does not run pg_sleep\(\)/],
    ["SELECT E'it\\'s', pg_sleep(600)", /does not run pg_sleep\(\)/],
    ["SELECT 1; SELECT pg_sleep(600)", /one statement/],
    // 0.7 s to build on PGlite, and the console built it twice (the cost check, then the run).
    ["SELECT length(repeat('x', 100000000))", /repeat\(\) would make 100,000,000 characters/],
    ["SELECT length(repeat('x', 1e8))", /repeat\(\) would make 100,000,000 characters/],
    ["WITH made AS (INSERT INTO log (level, source, message) VALUES ('INFO', 'x', 'y') RETURNING id) SELECT count(*) FROM made", /read-only: a WITH query that runs INSERT/],
    ["SELECT email INTO stolen FROM users", /read-only: SELECT INTO/],
    ["SELECT email FROM users FOR KEY SHARE", /read-only: row locks/],
  ])("refuses %j at once", async (sql, message) => {
    const t = Date.now();
    const r = await run(sql);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toMatch(message);
    expect(Date.now() - t).toBeLessThan(1000);
  });

  it("refuses a decimal series of 1,000,000 rows on the embedded database, and runs it on PostgreSQL", async () => {
    // The planner prices it like 1,000,000 integers; it ran 1.9 s on PGlite in issue 33's fuzz.
    const t = Date.now();
    const r = await run("SELECT count(*)::int AS n FROM generate_series(1, 1000000.0)");
    if (onPostgres) {
      expect(r.status, r.text).toBe(200);
      expect(r.json.data.data).toEqual([{ n: 1000000 }]);
    } else {
      expect(r.status, r.text).toBe(400);
      expect(r.json.message).toMatch(/makes 1,000,000 rows \(at most 100,000 in decimals there\)/);
      expect(Date.now() - t).toBeLessThan(1000);
    }
    const small = await run("SELECT count(*)::int AS n FROM generate_series(0, 10000, 0.5)");
    expect(small.json.data.data).toEqual([{ n: 20001 }]);
  });

  it("weighs the text functions handle on every row, which the planner prices at nothing (embedded database)", async () => {
    // lpad to 1,000 characters over 100,000 rows: 1.9 s on PGlite, priced like the bare series.
    const t = Date.now();
    const r = await run("SELECT count(lpad(g::text, 1000, '0'))::int AS n FROM generate_series(1, 100000) g");
    if (onPostgres) {
      // Not weighed there: the statement goes to PostgreSQL, under its own 2 s statement_timeout.
      // It takes 0.6–3.6 s on the CI machine's PostgreSQL as the host's load moves (a fresh-clone
      // run met the timeout), so either answer is PostgreSQL's own: the rows, or its stop.
      if (r.status === 200) expect(r.json.data.data, r.text).toEqual([{ n: 100000 }]);
      else {
        expect(r.status, r.text).toBe(400);
        expect(r.json.message).toMatch(/took longer than 2 s and was stopped/);
      }
    } else {
      expect(r.status, r.text).toBe(400);
      expect(r.json.message).toMatch(/estimated cost \d+ is over 159\).*less for the 1,001 characters of text its functions handle on every row/);
      expect(Date.now() - t).toBeLessThan(1000);
    }
    // A short pad over the same rows runs on both.
    expect((await run("SELECT count(lpad(g::text, 10, '0'))::int AS n FROM generate_series(1, 100000) g")).json.data.data).toEqual([{ n: 100000 }]);
  });

  it("runs what dollar quotes, E'' strings and nested comments hold as text", async () => {
    const r = await run(
      "SELECT $$a; pg_sleep(600); b$$ AS s, $tag$ $$ ; set_config('role', 'postgres', true) $tag$ AS t, E'it\\'s; pg_sleep(600)' AS e /* /* pg_sleep(600) */ ; */ -- pg_sleep(600)\r",
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.data).toEqual([{ s: "a; pg_sleep(600); b", t: " $$ ; set_config('role', 'postgres', true) ", e: "it's; pg_sleep(600)" }]);
  });
});
