/**
 * One database module for the whole server. It picks the driver from the URL so the rest of the
 * code never knows which Postgres it talks to:
 *   - Neon (`*.neon.tech`, or NETLIFY_DB_URL set by Netlify Database) → @neondatabase/serverless
 *   - any other postgres:// URL → pg
 *   - `pglite:<dir>` or `pglite:memory`, or no URL at all → embedded PGlite (real Postgres in WASM)
 */
import type { PGlite } from "@electric-sql/pglite";
import { DEFAULT_PGLITE_DIR, deploySettings, type DatabaseChoice } from "../settings/context.ts";

export type Row = Record<string, unknown>;
export interface QueryResult<T extends Row = Row> {
  rows: T[];
  rowCount: number;
}
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}
export interface Db extends Queryable {
  readonly driver: "neon" | "pg" | "pglite";
  /** Runs `fn` inside BEGIN … COMMIT on one connection; rolls back if it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` inside BEGIN … ROLLBACK on one connection (rolled back even when it returns), then
   * clears what a rollback leaves on the session: session advisory locks (pg_advisory_unlock_all)
   * and settings (RESET ALL). For untrusted SQL (the query console). A connection that cannot be
   * cleared is closed instead of going back to the pool.
   */
  isolated<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export { DEFAULT_PGLITE_DIR };

/**
 * The URL the running process should use, as the deploy context decides (settings/context.ts):
 * DATABASE_URL, then NETLIFY_DB_URL, else embedded; on a preview PREVIEW_DATABASE_URL, then its
 * own NETLIFY_DB_URL branch, and only then (read-only) DATABASE_URL.
 */
export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return deploySettings(env).database.url;
}

export function driverFor(url: string): Db["driver"] {
  if (url.startsWith("pglite:")) return "pglite";
  if (process.env.NETLIFY_DB_URL && url === process.env.NETLIFY_DB_URL) return "neon";
  try {
    if (new URL(url).hostname.endsWith(".neon.tech")) return "neon";
  } catch {
    throw new Error("DATABASE_URL is not a valid URL");
  }
  return "pg";
}

export type PoolLike = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  connect(): Promise<{
    query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
    release(destroy?: boolean): void;
    on?(event: "error", listener: (e: Error) => void): unknown;
    off?(event: "error", listener: (e: Error) => void): unknown;
  }>;
  end(): Promise<void>;
  on?(event: "error", listener: (e: Error) => void): unknown;
};

/** What a rollback leaves on a session, cleared after untrusted SQL ran on it (Db.isolated). */
const CLEAR_SESSION = ["SELECT pg_advisory_unlock_all()", "RESET ALL"];

/**
 * A transaction's one client runs one query at a time: a query asked for while another is still
 * running waits for it. pg queues such a query itself with a deprecation warning (and pg 9 will
 * refuse it), and Neon's Pool is pg's; code that runs `Promise.all` over a transaction's queries
 * stays correct either way.
 */
export function oneAtATime(c: Pick<PoolLike, "query">): Pick<PoolLike, "query"> {
  let last: Promise<unknown> = Promise.resolve();
  return {
    query(sql, params) {
      const run = last.then(() => c.query(sql, params));
      last = run.catch(() => {});
      return run;
    },
  };
}

/** How long a pooled connection may sit idle before it is checked with `SELECT 1` on its next use. */
const IDLE_CHECK_MS = Number(process.env.DB_IDLE_CHECK_MS ?? 1000);

/** An error of the connection itself (dropped, terminated by the server), not of the statement. */
export function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true; // no SQLSTATE: the socket failed
  return code.startsWith("08") || code.startsWith("57P"); // connection exception, admin/crash shutdown
}

export function fromPool(driver: "neon" | "pg", pool: PoolLike): Db {
  type Client = Awaited<ReturnType<PoolLike["connect"]>>;
  const wrap = (c: Pick<PoolLike, "query">): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
  });
  const lastUsed = new WeakMap<Client, number>();

  /**
   * A connection from the pool, alive: one that sat idle for IDLE_CHECK_MS is checked first, and
   * a dead one (the server ended it while idle: Neon suspends an idle compute, a proxy restarts,
   * a frozen function thaws with old sockets) is closed and the next one taken, so a request never
   * meets it. A new connection needs no check.
   */
  async function checkout(): Promise<Client> {
    for (;;) {
      const client = await pool.connect();
      const last = lastUsed.get(client);
      if (last === undefined || Date.now() - last < IDLE_CHECK_MS) return client;
      try {
        await client.query("SELECT 1");
        return client;
      } catch {
        client.release(true);
      }
    }
  }

  /**
   * Runs `fn` on one checked-out connection. A connection dropped while checked out is an 'error'
   * event on it (unheard, it would end the process); one that broke (that event, or `fn` calling
   * `broken`) is closed, never pooled again.
   */
  async function withClient<T>(fn: (client: Client, broken: () => void) => Promise<T>): Promise<T> {
    const client = await checkout();
    let broken = false;
    const onError = () => (broken = true);
    client.on?.("error", onError);
    try {
      return await fn(client, () => (broken = true));
    } finally {
      client.off?.("error", onError);
      lastUsed.set(client, Date.now());
      client.release(broken);
    }
  }

  return {
    driver,
    query: (sql, params) =>
      withClient(async (c, broken) => {
        try {
          return await wrap(c).query(sql, params);
        } catch (e) {
          if (isConnectionError(e)) broken();
          throw e;
        }
      }),
    tx: (fn) =>
      withClient(async (client, broken) => {
        try {
          await client.query("BEGIN");
          const out = await fn(wrap(oneAtATime(client)));
          await client.query("COMMIT");
          return out;
        } catch (e) {
          // A dropped connection rolls the transaction back on the server; it is closed here.
          await client.query("ROLLBACK").catch(broken);
          throw e;
        }
      }),
    isolated: (fn) =>
      withClient(async (client, broken) => {
        try {
          await client.query("BEGIN");
          return await fn(wrap(oneAtATime(client)));
        } finally {
          try {
            await client.query("ROLLBACK");
            for (const sql of CLEAR_SESSION) await client.query(sql);
          } catch {
            broken(); // closed instead of pooled: its session may keep what the rollback left
          }
        }
      }),
    // end() does not wait for sockets to close; a server-side termination arriving meanwhile
    // (e.g. DROP DATABASE … FORCE in test teardown) must not become an unhandled error.
    close: () => {
      pool.on?.("error", () => {});
      return pool.end();
    },
  };
}

export function fromPglite(pg: PGlite): Db {
  const wrap = (c: Pick<PGlite, "query">): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const r = await c.query<T>(sql, params);
      // Like pg: a SELECT counts its rows; a write counts the rows it touched.
      return { rows: r.rows, rowCount: r.rows.length || r.affectedRows || 0 };
    },
  });
  return {
    driver: "pglite",
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    // One session for everyone: the rollback undoes the statement's own settings; then locks and RESET ALL.
    async isolated(fn) {
      try {
        return await pg.transaction(async (t) => {
          try {
            return await fn(wrap(t));
          } finally {
            await t.rollback();
          }
        });
      } finally {
        for (const sql of CLEAR_SESSION) await pg.query(sql);
      }
    },
    close: () => pg.close(),
  };
}

/** Opens an embedded PGlite database (`memory` or a folder path). */
export async function openPglite(where: string): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (where === "memory") return PGlite.create();
  const { mkdirSync } = await import("node:fs");
  mkdirSync(where, { recursive: true });
  return PGlite.create(where);
}

/**
 * Opens the database at `url` with the driver its URL calls for (driverFor), or the one named
 * (`driver: "neon"` runs Neon's driver against any PostgreSQL server, as the tests do through a
 * local WebSocket proxy).
 */
export async function createDb(url: string = databaseUrlFromEnv(), opts: { driver?: Db["driver"] } = {}): Promise<Db> {
  const driver = opts.driver ?? driverFor(url);
  if (driver === "pglite") return fromPglite(await openPglite(url.slice("pglite:".length) || "memory"));
  // A serverless function serves one request at a time: a small pool is enough.
  const max = Number(process.env.DB_POOL_MAX || 5);
  let pool: PoolLike;
  if (driver === "neon") {
    const { Pool } = await import("@neondatabase/serverless");
    pool = new Pool({ connectionString: url, max }) as unknown as PoolLike;
  } else {
    const pg = await import("pg");
    const Pool = pg.default?.Pool ?? pg.Pool;
    pool = new Pool({ connectionString: url, max }) as unknown as PoolLike;
  }
  // An idle connection the server or the network closes (Neon suspends an idle compute, its
  // proxy restarts) is an 'error' event on the pool; unheard, it would end the process. The pool
  // has already dropped that connection, and the next query opens a new one.
  pool.on?.("error", (e) => console.warn(`Database: an idle connection was closed (${e.message}); the next query opens a new one`));
  return fromPool(driver, pool);
}

/**
 * Every statement runs in a READ ONLY transaction, so Postgres itself refuses any write (SQLSTATE
 * 25006; the HTTP wrapper answers 503). For a preview that only knows the production database.
 */
export function readOnly(db: Db): Db {
  const guarded = <T>(fn: (q: Queryable) => Promise<T>) =>
    db.tx(async (q) => {
      await q.query("SET TRANSACTION READ ONLY");
      return fn(q);
    });
  return {
    driver: db.driver,
    query: (sql, params) => guarded((q) => q.query(sql, params)),
    tx: guarded,
    isolated: (fn) =>
      db.isolated(async (q) => {
        await q.query("SET TRANSACTION READ ONLY");
        return fn(q);
      }),
    close: () => db.close(),
  };
}

/** Opens the database a deploy chose (read-only when the choice says so). */
export async function openChosen(choice: DatabaseChoice): Promise<Db> {
  const db = await createDb(choice.url);
  return choice.readOnly ? readOnly(db) : db;
}

let current: Promise<Db> | undefined;

/** The process-wide database, opened on first use from the environment and the deploy context. */
export function getDb(): Promise<Db> {
  current ??= openChosen(deploySettings().database);
  return current;
}

/** Tests and dev scripts point the process at a database they opened themselves. */
export function setDb(db: Db | undefined): void {
  current = db ? Promise.resolve(db) : undefined;
}
