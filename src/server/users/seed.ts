/**
 * Local demo accounts: an admin and a user, with known passwords printed at start. Runs only from
 * the local start scripts (dev, serve) and refuses to run in production, so no deployed site ever
 * has a default password. DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD replace the admin's defaults.
 */
import type { Db } from "../db/index.ts";
import type { Seeder } from "../db/seeds/seeder.ts";
import type { Role } from "../auth/sessions.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { createUser, findUserByEmail } from "./users.ts";

export function demoAccounts(env: NodeJS.ProcessEnv = process.env): { email: string; password: string; role: Role; name: string }[] {
  return [
    { email: env.DEMO_ADMIN_EMAIL || "admin@example.com", password: env.DEMO_ADMIN_PASSWORD || "demo-admin-password", role: "admin", name: "Demo Admin" },
    { email: "user@example.com", password: "demo-user-password", role: "user", name: "Demo User" },
  ];
}

export const demoAccountsSeeder: Seeder = {
  name: "accounts",
  async run(db: Db) {
    if (process.env.NODE_ENV === "production" || process.env.CONTEXT === "production") return null;
    const lines: string[] = [];
    for (const a of demoAccounts()) {
      const exists = await findUserByEmail(db, a.email);
      if (!exists) {
        await createUser(db, { email: a.email, passwordHash: await hashPassword(a.password), name: a.name, role: a.role, acceptedTerms: true, emailVerified: true });
      }
      // Printed every start (not only on creation) so the developer always sees how to sign in.
      const current = !exists || (await verifyPassword(a.password, exists.password_hash));
      lines.push(`${a.role} ${a.email} / ${current ? a.password : "(password changed since seeding)"}`);
    }
    return `demo sign-in — ${lines.join("; ")}`;
  },
};
