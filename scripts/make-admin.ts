/**
 * Gives an existing account the admin role (or takes it away):
 *   npm run admin:grant -- owner@example.com            (or: node scripts/make-admin.ts owner@example.com)
 *   npm run admin:grant -- owner@example.com --revoke   back to a plain user
 * Uses DATABASE_URL / NETLIFY_DB_URL (from .env too), else the embedded database in .data/pglite
 * (stop `npm run dev` first: the embedded database allows one process at a time).
 * Roles are read on every request, so the change applies at once; --revoke also signs the account out.
 */
import { loadDotEnv } from "./lib/env.ts";
import { createDb, databaseUrlFromEnv } from "../src/server/db/index.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { findUserByEmail, setRoleByEmail } from "../src/server/users/users.ts";

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith("--"));
const revoke = args.includes("--revoke");
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error("Usage: node scripts/make-admin.ts <email> [--revoke]");
  process.exit(2);
}

loadDotEnv();
const db = await createDb(databaseUrlFromEnv());
try {
  await migrate(db);
  const user = await findUserByEmail(db, email);
  if (!user) {
    console.error(`No account uses ${email}. Sign up first (at /signup), then run this again.`);
    process.exitCode = 1;
  } else {
    await setRoleByEmail(db, email, revoke ? "user" : "admin");
    if (revoke) await db.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [user.id]);
    console.log(`▸ ${user.email} is now ${revoke ? "a user (signed out everywhere)" : "an admin"}.`);
  }
} finally {
  await db.close();
}
