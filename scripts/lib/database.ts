/**
 * Brings up the database for a local run: with DATABASE_URL set it uses that server; otherwise it
 * opens embedded PGlite (a folder, or memory) and serves it over the Postgres wire protocol so
 * that every function of the dev server shares one instance. Then it migrates and seeds.
 */
import type { PGlite } from "@electric-sql/pglite";
import { createDb, fromPglite, openPglite, DEFAULT_PGLITE_DIR } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { seed } from "../../src/server/db/seeds/index.ts";
import { keepProtocolBatchesTogether } from "./pglite-socket-batches.ts";

export interface LocalDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * A benchmark's database: fresh embedded PGlite in memory, served over the wire protocol, or a
 * fresh database named `<prefix>_<time>` on the PostgreSQL server at `server` (dropped by `stop`).
 */
export async function benchDatabase(prefix: string, server?: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!server) return startDatabase({ memory: true, quiet: true });
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = await createDb(server);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const fresh = await createDb(url.toString());
  await migrate(fresh);
  await fresh.close();
  return {
    url: url.toString(),
    async stop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function startDatabase(opts: { memory?: boolean; port?: number; quiet?: boolean } = {}): Promise<LocalDatabase> {
  const say = (s: string) => !opts.quiet && console.log(s);
  const external = process.env.DATABASE_URL || process.env.NETLIFY_DB_URL;
  if (external) {
    const db = await createDb(external);
    await prepare(db, say);
    await db.close();
    return { url: external, embedded: false, stop: async () => {} };
  }
  const where = opts.memory ? "memory" : DEFAULT_PGLITE_DIR;
  const pg = await openPglite(where);
  await prepare(fromPglite(pg), say);
  const served = await servePglite(pg, opts.port ?? Number(process.env.EMBEDDED_DB_PORT || 0));
  say(`▸ Embedded Postgres (PGlite, ${opts.memory ? "in memory" : DEFAULT_PGLITE_DIR}) at ${served.url}`);
  return { ...served, embedded: true };
}

/**
 * Serves an open PGlite over the Postgres wire protocol on loopback (`port`, or a free one), so
 * other processes (functions, builds, scripts) reach it by URL. `stop` also closes the database.
 */
export async function servePglite(pg: PGlite, port = 0, password = "postgres"): Promise<{ url: string; stop(): Promise<void> }> {
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port: port || (await freePort()), maxConnections: 100 });
  keepProtocolBatchesTogether(server);
  await server.start();
  return {
    url: `postgres://postgres:${password}@${server.getServerConn()}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pg.close();
    },
  };
}

async function prepare(db: Awaited<ReturnType<typeof createDb>>, say: (s: string) => void) {
  const applied = await migrate(db);
  say(applied.length ? `▸ Migrations applied: ${applied.join(", ")}` : "▸ Database schema up to date");
  for (const line of await seed(db)) say(`▸ Seed ${line}`);
}

/** A TCP port free on loopback now. */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}
