import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, fromPglite, setDb, type Db } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { useNeonThrough } from "./ws-proxy.ts";

/**
 * Gives a test file its own migrated database and makes it the process database (`getDb()`):
 * embedded PGlite in memory by default (a copy of one migrated by the global setup), or a fresh
 * database on the server at TEST_DATABASE_URL, opened with pg, or with Neon's driver through a
 * local WebSocket proxy when TEST_DB_DRIVER=neon (the Neon pass).
 * Returns a getter, since the database opens in `beforeAll`.
 */
export function useTestDb(): () => Db {
  let db: Db | undefined;
  let dropName: string | undefined;
  let admin: Db | undefined;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      dropName = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      admin = await createDb(url);
      await admin.query(`CREATE DATABASE ${dropName}`);
      const u = new URL(url);
      u.pathname = `/${dropName}`;
      // The Neon pass: the same files through Neon's driver, over the local WebSocket proxy.
      if (process.env.TEST_DB_DRIVER === "neon") {
        await useNeonThrough(inject("wsProxyPort"));
        db = await createDb(u.toString(), { driver: "neon" });
      } else {
        db = await createDb(u.toString());
      }
    } else {
      // A copy of the database the global setup migrated (tests/helpers/pglite-template.ts).
      const { PGlite } = await import("@electric-sql/pglite");
      db = fromPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) }));
    }
    await migrate(db);
    setDb(db);
  }, 60_000);
  afterAll(async () => {
    setDb(undefined);
    await db?.close();
    if (admin && dropName) {
      await admin.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
      await admin.close();
    }
  });
  return () => {
    if (!db) throw new Error("test database not open yet (use it inside a test or hook)");
    return db;
  };
}
