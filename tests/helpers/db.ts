import { afterAll, beforeAll } from "vitest";
import { createDb, setDb, type Db } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";

/**
 * Gives a test file its own migrated database and makes it the process database (`getDb()`):
 * embedded PGlite in memory by default, or a fresh database on the server at TEST_DATABASE_URL.
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
      db = await createDb(u.toString());
    } else {
      db = await createDb("pglite:memory");
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
