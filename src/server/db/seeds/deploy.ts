/**
 * Demo data for a preview or branch deploy, written at build right after the migrations
 * (scripts/migrate.ts), so a reviewer finds the demo catalogue and can sign in to the editor and
 * the admin dashboard. Never on production, and never into a database the deploy may only read.
 *
 * The demo admin's password is not a known default (a preview is a public address): it is
 * PREVIEW_ADMIN_PASSWORD when set (12+ characters), else a new random one on every build, printed
 * in the build log. The demo user keeps the local demo password: it is an ordinary account, and
 * anyone can sign up anyway. Plain Node (the build script imports it).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../index.ts";
import { deploySettings, type DeploySettings } from "../../settings/context.ts";
import { hashPassword } from "../../auth/password.ts";
import type { Role } from "../../auth/sessions.ts";
import { createUser, findUserByEmail, setPasswordHash, setRoleByEmail } from "../../users/users.ts";
import { productsSeeder } from "../../products/seed.ts";

export const PREVIEW_ADMIN_PASSWORD_MIN = 12;

export interface PreviewAccount {
  email: string;
  password: string;
  role: Role;
  name: string;
  /** How the password was chosen, for the build log. */
  origin: "random" | "PREVIEW_ADMIN_PASSWORD" | "demo";
}

export function previewAccounts(env: NodeJS.ProcessEnv = process.env): PreviewAccount[] {
  const fixed = env.PREVIEW_ADMIN_PASSWORD ?? "";
  const admin: PreviewAccount =
    [...fixed].length >= PREVIEW_ADMIN_PASSWORD_MIN
      ? { email: "admin@example.com", password: fixed, role: "admin", name: "Preview Admin", origin: "PREVIEW_ADMIN_PASSWORD" }
      : { email: "admin@example.com", password: randomBytes(15).toString("base64url"), role: "admin", name: "Preview Admin", origin: "random" };
  return [admin, { email: "user@example.com", password: "demo-user-password", role: "user", name: "Demo User", origin: "demo" }];
}

/**
 * Seeds the demo catalogue (only into an empty products table) and the preview accounts (created,
 * or their password and role set again). Returns what it did, one line each, for the build log;
 * nothing at all when the settings do not allow demo data here.
 */
export async function seedDeploy(db: Db, settings: DeploySettings = deploySettings(), env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  if (!settings.seedDemo || settings.context === "production" || settings.database.readOnly) return [];
  const said: string[] = [];
  const products = await productsSeeder.run(db);
  said.push(products ? `products: ${products}` : "products: catalogue already present, left as it is");
  const signIn: string[] = [];
  for (const a of previewAccounts(env)) {
    const hash = await hashPassword(a.password);
    const existing = await findUserByEmail(db, a.email);
    if (existing) {
      await setPasswordHash(db, existing.id, hash);
      await setRoleByEmail(db, a.email, a.role);
    } else {
      await createUser(db, { email: a.email, passwordHash: hash, name: a.name, role: a.role, acceptedTerms: true, emailVerified: true });
    }
    const note = a.origin === "random" ? " (new on every build; set PREVIEW_ADMIN_PASSWORD to keep one)" : a.origin === "PREVIEW_ADMIN_PASSWORD" ? " (PREVIEW_ADMIN_PASSWORD)" : "";
    signIn.push(`${a.role} ${a.email} / ${a.password}${note}`);
  }
  said.push(`preview sign-in: ${signIn.join("; ")}`);
  return said;
}
