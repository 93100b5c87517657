import type { Queryable } from "../../src/server/db/index.ts";
import { createSession, type Role } from "../../src/server/auth/sessions.ts";

let n = 0;

/** Inserts a user (no password) and opens a session for it; returns the bearer token. */
export async function userWithSession(q: Queryable, opts: { role?: Role; email?: string; name?: string } = {}) {
  const email = opts.email ?? `user${++n}-${Date.now()}@example.com`;
  const r = await q.query<{ id: string }>(
    "INSERT INTO users (email, name, role, accepted_terms_at) VALUES ($1, $2, $3, now()) RETURNING id",
    [email, opts.name ?? "", opts.role ?? "user"],
  );
  const { token, sessionId } = await createSession(q, r.rows[0].id);
  return { id: r.rows[0].id, email, token, sessionId };
}
