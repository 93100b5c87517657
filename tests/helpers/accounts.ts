import type { Queryable } from "../../src/server/db/index.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { createUser } from "../../src/server/users/users.ts";
import type { Role } from "../../src/server/auth/sessions.ts";

// Account tests hash many passwords: the test runner may lower the scrypt cost (see password.ts).
process.env.SCRYPT_LOG_N ||= "10";

let n = 0;
/** A fresh e-mail per call, so tests never collide on the unique index. */
export const freshEmail = (tag = "u") => `${tag}${++n}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Inserts a user with a password; returns its id and e-mail. */
export async function userWithPassword(q: Queryable, opts: { email?: string; password?: string; role?: Role; name?: string; verified?: boolean } = {}) {
  const email = opts.email ?? freshEmail();
  const password = opts.password ?? "correct horse battery";
  const u = await createUser(q, { email, passwordHash: await hashPassword(password), role: opts.role, name: opts.name, acceptedTerms: true, emailVerified: opts.verified });
  return { id: u.id, email, password };
}
