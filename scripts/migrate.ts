/**
 * Applies migrations to DATABASE_URL / NETLIFY_DB_URL. Runs before the Netlify build, so a deploy
 * never serves code newer than its schema. Without a database URL (a build with no database
 * attached, or CI building pages only) there is nothing to migrate.
 */
import { createDb } from "../src/server/db/index.ts";
import { migrate } from "../src/server/db/migrate.ts";

const url = process.env.DATABASE_URL || process.env.NETLIFY_DB_URL;
if (!url) {
  console.log("▸ No DATABASE_URL: skipping migrations");
} else {
  const db = await createDb(url);
  const applied = await migrate(db);
  console.log(applied.length ? `▸ Migrations applied: ${applied.join(", ")}` : "▸ Database schema up to date");
  await db.close();
}
