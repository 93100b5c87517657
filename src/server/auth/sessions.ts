import type { Queryable } from "../db/index.ts";
import { signSessionToken, verifySessionToken } from "./tokens.ts";

export type Role = "user" | "admin";
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}
export interface Session {
  id: string;
  user: SessionUser;
  expiresAt: Date;
}

/** Absolute session lifetime, 12 h unless SESSION_HOURS says otherwise. */
export function sessionLifetimeMs(env: NodeJS.ProcessEnv = process.env): number {
  const hours = Number(env.SESSION_HOURS || 12);
  return (Number.isFinite(hours) && hours > 0 ? hours : 12) * 3_600_000;
}

/** The display name: the stored name, or the part of the e-mail before the @. */
export function displayName(u: { name: string; email: string }): string {
  return u.name?.trim() || u.email.split("@")[0];
}

export async function createSession(
  q: Queryable,
  userId: string,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + sessionLifetimeMs());
  const r = await q.query<{ id: string }>(
    "INSERT INTO sessions (user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4) RETURNING id",
    [userId, expiresAt, meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null],
  );
  const sessionId = r.rows[0].id;
  return { token: await signSessionToken(sessionId, expiresAt), sessionId, expiresAt };
}

/** The live session a bearer token names, or null if the token is bad, expired or revoked. */
export async function sessionFromToken(q: Queryable, token: string): Promise<Session | null> {
  const sessionId = await verifySessionToken(token);
  if (!sessionId || !/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const r = await q.query<{ id: string; expires_at: Date; user_id: string; email: string; name: string; role: Role }>(
    `SELECT s.id, s.expires_at, u.id AS user_id, u.email, u.name, u.role
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    expiresAt: new Date(row.expires_at),
    user: { id: row.user_id, email: row.email, name: displayName(row), role: row.role },
  };
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessionId]);
}

export async function revokeAllSessions(q: Queryable, userId: string): Promise<number> {
  return (await q.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [userId])).rowCount;
}
