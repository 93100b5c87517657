/**
 * Account rows: lookup by e-mail (case-insensitive), creation, password and role changes.
 * Also runs under plain Node (seed, make-admin script): no TS-only syntax, no http imports.
 */
import type { Queryable } from "../db/index.ts";
import type { Role } from "../auth/sessions.ts";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  google_sub: string | null;
  email_verified_at: Date | null;
};

const COLUMNS = "id, email, name, role, password_hash, google_sub, email_verified_at";

/** E-mails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $1`, [normalizeEmail(email)]);
  return r.rows[0] ?? null;
}

export async function findUserByGoogleSub(q: Queryable, sub: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]);
  return r.rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash?: string | null;
  name?: string;
  role?: Role;
  acceptedTerms: boolean;
  wantsUpdates?: boolean;
  googleSub?: string | null;
  /** The e-mail is proven (Google said email_verified). */
  emailVerified?: boolean;
}

export const EMAIL_TAKEN = "An account with this e-mail already exists";

/** Raised by `createUser` for a taken e-mail or Google subject (the API answers 409). */
export class EmailTakenError extends Error {
  constructor() {
    super(EMAIL_TAKEN);
  }
}

/** Inserts an account; throws EmailTakenError when the e-mail (or Google subject) is taken. */
export async function createUser(q: Queryable, u: NewUser): Promise<UserRow> {
  try {
    const r = await q.query<UserRow>(
      `INSERT INTO users (email, password_hash, name, role, accepted_terms_at, wants_updates, google_sub, email_verified_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END, $6, $7, CASE WHEN $8::boolean THEN now() END)
       RETURNING ${COLUMNS}`,
      [normalizeEmail(u.email), u.passwordHash ?? null, u.name ?? "", u.role ?? "user", u.acceptedTerms, u.wantsUpdates ?? false, u.googleSub ?? null, u.emailVerified ?? false],
    );
    return r.rows[0];
  } catch (e) {
    if ((e as { code?: string }).code === "23505") throw new EmailTakenError();
    throw e;
  }
}

export async function setPasswordHash(q: Queryable, userId: string, hash: string): Promise<void> {
  await q.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [userId, hash]);
}

/** Links a Google subject to an account whose e-mail Google verified (which also proves the mailbox). */
export async function linkGoogle(q: Queryable, userId: string, sub: string): Promise<void> {
  await q.query(
    "UPDATE users SET google_sub = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1 AND google_sub IS NULL",
    [userId, sub],
  );
}

export async function markEmailVerified(q: Queryable, userId: string): Promise<void> {
  await q.query("UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1", [userId]);
}

export async function recordLogin(q: Queryable, userId: string): Promise<void> {
  await q.query("UPDATE users SET last_login_at = now() WHERE id = $1", [userId]);
}

/** Sets the role of the account with this e-mail; false when there is no such account. */
export async function setRoleByEmail(q: Queryable, email: string, role: Role): Promise<boolean> {
  const r = await q.query("UPDATE users SET role = $2, updated_at = now() WHERE lower(email) = $1", [normalizeEmail(email), role]);
  return r.rowCount > 0;
}

/** The e-mails ADMIN_EMAIL names (comma-separated), normalised. */
export function configuredAdminEmails(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ADMIN_EMAIL ?? "").split(",").map(normalizeEmail).filter(Boolean);
}

/**
 * Gives the ADMIN_EMAIL account the admin role when it signs up or logs in, once it has proven it
 * owns the mailbox (Google sign-in or a used reset link): otherwise whoever registered that address
 * first, before the company did, would become admin. Returns the role the account ends with.
 */
export async function applyConfiguredAdmin(q: Queryable, user: Pick<UserRow, "id" | "email" | "role" | "email_verified_at">): Promise<Role> {
  if (user.role === "admin" || !configuredAdminEmails().includes(normalizeEmail(user.email))) return user.role;
  if (!user.email_verified_at) return user.role;
  await q.query("UPDATE users SET role = 'admin', updated_at = now() WHERE id = $1", [user.id]);
  return "admin";
}
