/**
 * The query console reads as console_reader (migration 008): secrets are refused by Postgres
 * itself, the role cannot be escaped, and a statement is stopped (PostgreSQL) or refused before it
 * runs (PGlite) when it would take more than 2 s. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL. Changes to the role itself (cluster-wide on a server) are made on PGlite only.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import queryFn from "../../functions/admin-query.ts";
import { fromPglite, openPglite, setDb, type Db } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { SECRET_COLUMNS, SECRET_TABLES } from "../../src/server/admin/query-console.ts";

const db = useTestDb();
const onPostgres = !!process.env.TEST_DATABASE_URL;
let admin: { token: string; id: string; sessionId: string };

const run = (query: string) => call(queryFn, "POST", "/api/admin/query", { token: admin.token, body: { query } });
/** The secret values seeded below: no answer of the console may ever contain one. */
const SECRET_VALUES = ["scrypt$secret-hash", "reset-token-sha256", "https://example.com/reset?token=abc", "zoho-access-token"];

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "boss@example.com" });
  const q = db();
  await q.query("UPDATE users SET password_hash = $1", [SECRET_VALUES[0]]);
  await q.query("INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [admin.id, SECRET_VALUES[1]]);
  await q.query("INSERT INTO outbox (to_address, subject, text_body, html_body, kind) VALUES ('boss@example.com', 'Reset your password', $1, $1, 'password-reset')", [SECRET_VALUES[2]]);
  await q.query("INSERT INTO crm_token (provider, access_token, expires_at) VALUES ('zoho', $1, now() + interval '1 hour')", [SECRET_VALUES[3]]);
  // first_name has a default since migration 007 (kept, never read).
  await q.query("INSERT INTO leads (kind, full_name, email, crm_state) VALUES ('quote', 'Ann Lee', 'ann@example.com', 'pending')");
});

function expectNoSecret(text: string) {
  for (const s of [...SECRET_VALUES, admin.sessionId]) expect(text).not.toContain(s);
}

describe("every secret is refused, by Postgres, with a 403 naming it", () => {
  it.each<[string, string]>([
    ...SECRET_COLUMNS.map(([t, c]): [string, string] => [`SELECT ${c} FROM ${t}`, `${t}.${c}`]),
    ...SECRET_TABLES.map((t): [string, string] => [`SELECT * FROM ${t}`, `table ${t} is not available`]),
    ["SELECT * FROM users", "users.password_hash"],
    ["TABLE password_resets", "password_resets.token_hash"],
    ["SELECT * FROM sessions", "sessions.id"],
    ["SELECT count(id) FROM sessions", "sessions.id"],
    ["SELECT email FROM users WHERE password_hash LIKE 'scrypt%'", "users.password_hash"],
    ["SELECT u.email FROM users u JOIN password_resets r ON r.token_hash = 'x'", "password_resets.token_hash"],
    ["SELECT (SELECT max(html_body) FROM outbox) AS b", "outbox.html_body"],
    ["SELECT u FROM users u", "users.password_hash"],
    ["SELECT to_jsonb(s) FROM crm_token s", "crm_token is not available"],
    ["SELECT rolpassword FROM pg_authid", "pg_authid is not available"],
  ])("%s", async (sql, named) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(403);
    expect(r.json.message).toContain(named);
    expectNoSecret(r.text);
  });

  // Functions that run SQL text are refused on the parse tree before Postgres sees them (issues 24
  // and 33); Postgres would refuse the secrets inside them too ("Postgres itself stops" below).
  it.each([
    ["SELECT query_to_xml('select password_hash from users', true, true, '')", "does not run query_to_xml(): it runs SQL given as text"],
    ["SELECT table_to_xml('crm_token', true, true, '')", "does not run table_to_xml()"],
  ])("%s", async (sql, named) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toContain(named);
    expectNoSecret(r.text);
  });

  it("says which columns hold secrets and to name the others", async () => {
    const r = await run("SELECT * FROM outbox");
    expect(r.json.message).toBe(
      "The query console cannot read outbox.text_body, outbox.html_body: they hold secrets. Name the columns you need instead of *.",
    );
    expect((await run("SELECT password_hash FROM users")).json.message).toBe("The query console cannot read users.password_hash: it holds a secret.");
    await db().query("ALTER TABLE users ADD COLUMN shoe_size int");
    try {
      expect((await run("TABLE users")).json.message).toBe(
        "The query console cannot read users.password_hash, users.shoe_size: users.password_hash holds a secret; users.shoe_size is not granted to the console's role (a migration must grant new columns).",
      );
    } finally {
      await db().query("ALTER TABLE users DROP COLUMN shoe_size");
    }
  });
});

describe("business tables still answer", () => {
  it.each([
    ["SELECT email, role, name, created_at, last_login_at FROM users", 1],
    ["SELECT user_id, created_at, expires_at, revoked_at, ip, user_agent FROM sessions", 1],
    ["SELECT count(*) FROM sessions", 1],
    ["SELECT id, user_id, expires_at, used_at FROM password_resets", 1],
    ["SELECT id, to_address, subject, kind, sent_at, attempts, last_error FROM outbox", 1],
    ["SELECT * FROM leads", 1],
    ["SELECT id, status, status_changed_at FROM leads", 1],
    ["SELECT * FROM lead_status_history", 0],
    ["SELECT * FROM products", 0],
    ["SELECT * FROM images", 0],
    ["SELECT * FROM log", null],
    ["SELECT * FROM web_vitals", 0],
    ["SELECT * FROM login_throttle", 0],
    ["SELECT * FROM rate_limit", 0],
    ["SELECT * FROM schema_migrations", null],
    ["SELECT u.email, count(s.user_id) AS sessions FROM users u JOIN sessions s ON s.user_id = u.id GROUP BY u.email", 1],
  ])("%s", async (sql, rows) => {
    const r = await run(sql);
    expect(r.status, r.text).toBe(200);
    // null: a count that changes as the suite runs (the log, the migrations), but never none.
    if (rows === null) expect(r.json.data.data.length).toBeGreaterThan(0);
    else expect(r.json.data.data).toHaveLength(rows);
    expectNoSecret(r.text);
  });

  it("reads as console_reader", async () => {
    const r = await run("SELECT current_user AS u");
    expect(r.json.data.data).toEqual([{ u: "console_reader" }]);
  });
});

describe("a table or column added later is refused until a migration grants it", () => {
  afterEach(async () => {
    await db().query("DROP TABLE IF EXISTS boat_slips");
    await db().query("ALTER TABLE products DROP COLUMN IF EXISTS supplier_key");
  });

  it("a new table", async () => {
    await db().query("CREATE TABLE boat_slips (id int PRIMARY KEY, name text NOT NULL, gate_code text NOT NULL)");
    await db().query("INSERT INTO boat_slips VALUES (1, 'North dock', '4711')");
    let r = await run("SELECT name FROM boat_slips");
    expect(r.status).toBe(403);
    expect(r.json.message).toBe("The table boat_slips is not available to the query console: no migration has granted it to the console's role.");
    // What a migration adding the table would do, keeping the secret column out:
    await db().query("GRANT SELECT (id, name) ON boat_slips TO console_reader");
    r = await run("SELECT id, name FROM boat_slips");
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.data).toEqual([{ id: 1, name: "North dock" }]);
    r = await run("SELECT * FROM boat_slips");
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(
      "The query console cannot read boat_slips.gate_code: it is not granted to the console's role (a migration must grant new columns). Name the columns you need instead of *.",
    );
    expect(r.text).not.toContain("4711");
  });

  it("a new column of a granted table", async () => {
    await db().query("ALTER TABLE products ADD COLUMN supplier_key text");
    const r = await run("SELECT * FROM products");
    expect(r.status).toBe(403);
    expect(r.json.message).toContain("products.supplier_key");
    expect((await run("SELECT id, name FROM products")).status).toBe(200);
  });
});

describe.skipIf(onPostgres)("a database that applied later migrations before 008 (production upgrading)", () => {
  it("gets the same grants as a fresh one", async () => {
    const own: Db = fromPglite(await openPglite("memory"));
    try {
      await own.query("CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
      await own.query("INSERT INTO schema_migrations (id) VALUES ('008-console-role')");
      await migrate(own); // everything but 008, with no console_reader to grant to
      await own.query("DELETE FROM schema_migrations WHERE id = '008-console-role'");
      expect(await migrate(own)).toEqual(["008-console-role"]);
      setDb(own);
      const token = (await userWithSession(own, { role: "admin" })).token;
      const ask = (query: string) => call(queryFn, "POST", "/api/admin/query", { token, body: { query } });
      for (const sql of ["SELECT * FROM leads", "SELECT * FROM lead_status_history", "SELECT email FROM users"]) expect((await ask(sql)).status, sql).toBe(200);
      expect((await ask("SELECT password_hash FROM users")).status).toBe(403);
    } finally {
      setDb(db());
      await own.close();
    }
  });
});

describe("the role cannot be escaped", () => {
  it.each([
    ["SET ROLE postgres", /read-only: SET/],
    ["RESET ROLE", /read-only: RESET/],
    ["SET LOCAL ROLE NONE", /read-only: SET/],
    ["SET SESSION AUTHORIZATION DEFAULT", /read-only: SET/],
    ["SELECT set_config('role', 'postgres', true)", /does not run set_config\(\)/],
    ['SELECT "set_config"(\'role\', \'postgres\', true)', /does not run set_config\(\)/],
    ["SELECT pg_catalog.set_config('session_authorization', 'postgres', true)", /does not run set_config\(\)/],
    // The parser decodes the U& escapes: the name checked is the name Postgres would call.
    ['SELECT U&"\\0073et_config"(\'role\', \'postgres\', true)', /does not run set_config\(\)/],
    ["SELECT 1; RESET ROLE; SELECT password_hash FROM users", /one statement/],
  ])("the console refuses %s", async (sql, message) => {
    const r = await run(sql);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(message);
  });

  /** What the console sends, without its parser's check in front. */
  async function asConsole(statement: string) {
    return db().tx(async (q) => {
      await q.query("SET TRANSACTION READ ONLY");
      await q.query("SET LOCAL ROLE console_reader");
      return (await q.query<{ row: string }>("SELECT public.console_run($1, 501, NULL) AS row", [statement])).rows;
    });
  }

  it.each([
    ["SELECT set_config('role', 'postgres', true), query_to_xml('select password_hash from users', true, true, '')", /cannot set parameter "role" within security-definer function/],
    ["SELECT set_config('role', session_user, false)", /cannot set parameter "role" within security-definer function/],
    ["SELECT set_config('session_authorization', session_user, true)", /cannot set parameter "session_authorization" within security-definer function/],
    ["SELECT query_to_xml('select password_hash from users', true, true, '')", /permission denied for table users/],
    [
      "SELECT 1 AS a) AS console_query; RESET ROLE; SELECT row_to_json(console_query)::text FROM (SELECT password_hash FROM users",
      /RESET query does not return tuples|multi-query/,
    ],
    ["SELECT 1 AS a) AS console_query; SELECT row_to_json(console_query)::text FROM (SELECT email FROM users", /cannot open multi-query plan as cursor/],
  ])("Postgres itself stops %s", async (statement, error) => {
    await expect(asConsole(statement)).rejects.toThrow(error);
  });

  it("which SET LOCAL ROLE alone would not: the session's own user can climb back", async () => {
    const leaked = await db().tx(async (q) => {
      await q.query("SET TRANSACTION READ ONLY");
      await q.query("SET LOCAL ROLE console_reader");
      const r = await q.query<{ x: string }>("SELECT set_config('role', session_user, true), query_to_xml('select password_hash from users', true, true, '')::text AS x");
      return r.rows[0].x;
    });
    expect(leaked).toContain(SECRET_VALUES[0]);
  });
});

describe("the 2 s limit", () => {
  it.each([
    ["SELECT count(*) FROM generate_series(1, 100000000)"],
    ["SELECT count(*) FROM generate_series(1, 20000) a, generate_series(1, 20000) b"],
    ["SELECT count(*) FROM log a, log b, log c, log d, generate_series(1, 1000000) g"],
    ["WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"],
  ])("%s is stopped (PostgreSQL) or refused before it runs (PGlite)", async (sql) => {
    const t = performance.now();
    const r = await run(sql);
    const ms = performance.now() - t;
    expect(r.status, r.text).toBe(400);
    if (onPostgres) {
      expect(r.json.message).toMatch(/longer than 2 s and was stopped/);
      expect(ms).toBeLessThan(4000);
    } else {
      expect(r.json.message).toMatch(/embedded development database cannot stop a statement after 2 s|WITH RECURSIVE is refused/);
      expect(ms).toBeLessThan(2000);
    }
  });

  it("a statement well under the limit still runs on both", async () => {
    const r = await run("SELECT count(*)::int AS n FROM generate_series(1, 100000)");
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.data).toEqual([{ n: 100000 }]);
  });
});

describe.skipIf(onPostgres)("the console refuses to run (503) rather than read with more than the role's grants", () => {
  it.each([
    ["the role may bypass row security", "ALTER ROLE console_reader BYPASSRLS", "ALTER ROLE console_reader NOBYPASSRLS", /too strong \(BYPASSRLS\)/],
    ["the role is a superuser", "ALTER ROLE console_reader SUPERUSER", "ALTER ROLE console_reader NOSUPERUSER", /too strong \(SUPERUSER\)/],
    ["the role is a member of pg_read_all_data", "GRANT pg_read_all_data TO console_reader", "REVOKE pg_read_all_data FROM console_reader", /member of pg_read_all_data/],
    ["a secret column was granted", "GRANT SELECT (password_hash) ON users TO console_reader", "REVOKE SELECT (password_hash) ON users FROM console_reader", /can read secrets \(users\.password_hash\)/],
    ["the token cache was granted", "GRANT SELECT ON crm_token TO console_reader", "REVOKE SELECT ON crm_token FROM console_reader", /can read secrets \(crm_token\)/],
    ["PUBLIC was granted a secret", "GRANT SELECT ON password_resets TO PUBLIC", "REVOKE SELECT ON password_resets FROM PUBLIC", /can read secrets \(password_resets\.token_hash\)/],
    [
      "console_run is not SECURITY DEFINER",
      "ALTER FUNCTION console_run(text, integer, double precision) SECURITY INVOKER",
      "ALTER FUNCTION console_run(text, integer, double precision) SECURITY DEFINER",
      /not a SECURITY DEFINER function owned by console_reader/,
    ],
  ])("when %s", async (_case, breakIt, repair, message) => {
    await db().query(breakIt);
    try {
      const r = await run("SELECT email FROM users");
      expect(r.status).toBe(503);
      expect(r.json.message).toMatch(/^The query console is closed: /);
      expect(r.json.message).toMatch(message);
    } finally {
      await db().query(repair);
    }
    expect((await run("SELECT email FROM users")).status).toBe(200);
  });

  // One fresh database for both cases: a site user without CREATEROLE migrates it.
  it.each([
    [
      "the database user may not create roles",
      "",
      "the database role console_reader does not exist; the database user app may not create roles, so migration 008 could not create it (see the README, \"The query console's database grant\").",
    ],
    [
      "a DBA created the role but did not grant it to the site's user",
      "CREATE ROLE console_reader NOLOGIN",
      "the database user may not SET ROLE console_reader (see the README, \"The query console's database grant\").",
    ],
  ])("when %s, the migration still succeeds and the console says why", async (_case, before, message) => {
    const own: Db = fromPglite(await openPglite("memory"));
    try {
      if (before) await own.query(before);
      await own.query("CREATE ROLE app LOGIN NOCREATEROLE");
      await own.query("GRANT CREATE ON SCHEMA public TO app");
      await own.query("SET ROLE app");
      expect(await migrate(own)).toContain("008-console-role");
      setDb(own);
      const r = await call(queryFn, "POST", "/api/admin/query", {
        token: (await userWithSession(own, { role: "admin" })).token,
        body: { query: "SELECT email FROM users" },
      });
      expect(r.status).toBe(503);
      expect(r.json.message).toBe(`The query console is closed: ${message}`);
      const fn = await own.query<{ prosecdef: boolean; owner: string }>(
        "SELECT prosecdef, pg_get_userbyid(proowner) AS owner FROM pg_proc WHERE proname = 'console_run'",
      );
      expect(fn.rows).toEqual([{ prosecdef: false, owner: "app" }]);
    } finally {
      setDb(db());
      await own.close();
    }
  });
});
