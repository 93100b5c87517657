import type { Db } from "./index.ts";
import { migrations } from "./migrations/index.ts";

/**
 * Applies every migration not yet recorded in `schema_migrations`, in id order, each in its own
 * transaction. Safe to run on every start: applied ones are skipped. An advisory lock keeps two
 * deploys from migrating at once on a shared Postgres.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const lock = db.driver === "pglite" ? null : 734_221;
  if (lock) await db.query("SELECT pg_advisory_lock($1)", [lock]);
  try {
    const done = new Set((await db.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((r) => r.id));
    const applied: string[] = [];
    for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(m.id)) continue;
      await db.tx(async (q) => {
        for (const statement of splitStatements(m.sql)) await q.query(statement);
        await q.query("INSERT INTO schema_migrations (id) VALUES ($1)", [m.id]);
      });
      applied.push(m.id);
    }
    return applied;
  } finally {
    if (lock) await db.query("SELECT pg_advisory_unlock($1)", [lock]);
  }
}

/** Migrations are plain SQL separated by `;` at line ends (no dollar-quoted bodies with `;\n`). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
