/**
 * What only the production driver does (issue 32, decision 16): `@neondatabase/serverless` speaks
 * Postgres over a WebSocket, through Neon's proxy. Here it goes through a local proxy of our own
 * (tests/helpers/ws-proxy.ts) to the PostgreSQL server at TEST_DATABASE_URL, and the proxy cuts
 * connections the way a network or Neon's proxy can: mid-transaction, and while the pool idles.
 * Runs in the Neon pass only (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { startWsProxy, useNeonThrough, type WsProxy } from "../helpers/ws-proxy.ts";

const server = process.env.TEST_DATABASE_URL!;
const name = `neon_${Date.now().toString(36)}`;
let proxy: WsProxy;
let admin: Db;
let db: Db;
const warnings: string[] = [];
const warn = console.warn;

beforeAll(async () => {
  // A proxy of this file's own, so cutting its connections touches no other file's.
  proxy = await startWsProxy();
  await useNeonThrough(proxy.port);
  admin = await createDb(server);
  await admin.query(`CREATE DATABASE ${name}`);
  db = await createDb(Object.assign(new URL(server), { pathname: `/${name}` }).toString(), { driver: "neon" });
  await migrate(db);
  await db.query("CREATE TABLE neon_probe (id serial PRIMARY KEY, note text NOT NULL)");
  setDb(db);
  console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
}, 60_000);

afterAll(async () => {
  console.warn = warn;
  setDb(undefined);
  await db?.close().catch(() => {});
  await proxy?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.close();
});

const health = async () => {
  const { default: fn } = await import("../../functions/health.ts");
  const res = await fn(new Request("http://localhost/api/health"), undefined);
  return { status: res.status, json: await res.json() };
};
const notes = async () => (await db.query<{ note: string }>("SELECT note FROM neon_probe ORDER BY id")).rows.map((r) => r.note);

describe("Neon's driver through a WebSocket proxy", () => {
  it("is the driver in use, and its connections go through the proxy", async () => {
    expect(db.driver).toBe("neon");
    const opened = proxy.opened;
    expect((await health()).json.data).toMatchObject({ db: "neon" });
    expect((await db.query<{ n: number }>("SELECT 41 + 1 AS n")).rows[0].n).toBe(42);
    expect(proxy.opened).toBeGreaterThanOrEqual(opened);
    expect(proxy.opened).toBeGreaterThan(0);
  });

  it("a connection dropped mid-transaction rolls back what the transaction wrote, and the next request works", async () => {
    await db.query("DELETE FROM neon_probe");
    const err = await db
      .tx(async (q) => {
        await q.query("INSERT INTO neon_probe (note) VALUES ('half-done')");
        proxy.dropAll();
        await q.query("INSERT INTO neon_probe (note) VALUES ('never')");
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // The server saw the connection go and rolled the transaction back.
    await expect.poll(notes, { timeout: 5000 }).toEqual([]);
    expect((await health()).status).toBe(200);
    await db.tx(async (q) => {
      await q.query("INSERT INTO neon_probe (note) VALUES ('after')");
    });
    expect(await notes()).toEqual(["after"]);
  });

  it("a pool whose idle connections were closed (by the server, then by the network) wakes on the next request", async () => {
    // Several connections in the pool, all idle.
    await Promise.all([1, 2, 3].map(() => db.tx((q) => q.query("SELECT pg_sleep(0.05)"))));
    // Neon suspends an idle compute: the server ends the pool's connections.
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
    // The next request comes after the pool idled (past DB_IDLE_CHECK_MS, 1 s): whichever dead
    // connection it is handed, and whether or not its 'error' event has arrived yet, it answers.
    await new Promise((r) => setTimeout(r, 1200));
    expect((await health()).status).toBe(200);
    expect(await notes()).toEqual(["after"]);
    // The proxy restarts: every connection cut while idle.
    await Promise.all([1, 2, 3].map(() => db.tx((q) => q.query("SELECT pg_sleep(0.05)"))));
    proxy.dropAll();
    await new Promise((r) => setTimeout(r, 1200));
    expect((await health()).status).toBe(200);
    // No idle connection's end was left unheard (it would have ended the process).
    expect(warnings.some((w) => w.includes("an idle connection was closed"))).toBe(true);
    await db.tx(async (q) => {
      await q.query("INSERT INTO neon_probe (note) VALUES ('awake')");
    });
    expect(await notes()).toEqual(["after", "awake"]);
  });

  it("the driver's own errors reach the caller as errors, and the request that meets one answers 500 without detail", async () => {
    const e = await db.query("SELECT * FROM no_such_table").then(
      () => null,
      (x: unknown) => x as { code?: string },
    );
    expect(e?.code).toBe("42P01");
    const bad = await createDb(Object.assign(new URL(server), { pathname: "/no_such_database_here" }).toString(), { driver: "neon" });
    setDb(bad);
    try {
      const r = await health();
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.json)).not.toContain("no_such_database_here");
    } finally {
      setDb(db);
      await bad.close().catch(() => {});
    }
  });
});
