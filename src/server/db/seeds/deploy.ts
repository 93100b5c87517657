/**
 * Demo data for a preview or branch deploy, written at build right after the migrations
 * (scripts/migrate.ts), so a reviewer finds the demo catalogue and can sign in to the editor and
 * the admin dashboard. Never on production, and never into a database the deploy may only read.
 *
 * The demo admin exists only when PREVIEW_ADMIN_PASSWORD is set (12+ characters, and not easy to
 * guess): a preview is a public address, so its password is no known default, and a build log is
 * no place for a secret (it is never printed; the reviewers are told it by whoever set it). The
 * demo user keeps the public demo password: it is an ordinary account, and anyone can sign up
 * anyway. Plain Node (the build script imports it).
 */
import type { Db } from "../index.ts";
import { passwordReason } from "../../auth/password-policy.ts";
import { PASSWORD_REASON_EN } from "../../../lib/contracts/password.ts";
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
  /** What the build log may say of the password (never the password itself, but the public demo one). */
  shown: string;
}

/** The preview's accounts, and why there is no admin when there is none. */
export function previewAccounts(env: NodeJS.ProcessEnv = process.env): { accounts: PreviewAccount[]; noAdmin?: string } {
  const user: PreviewAccount = { email: "user@example.com", password: "demo-user-password", role: "user", name: "Demo User", shown: "demo-user-password" };
  const fixed = env.PREVIEW_ADMIN_PASSWORD ?? "";
  if (!fixed) return { accounts: [user], noAdmin: "no preview admin: set PREVIEW_ADMIN_PASSWORD (12+ characters, Deploy Previews scope in Netlify) to have one" };
  if ([...fixed].length < PREVIEW_ADMIN_PASSWORD_MIN) return { accounts: [user], noAdmin: `no preview admin: PREVIEW_ADMIN_PASSWORD is shorter than ${PREVIEW_ADMIN_PASSWORD_MIN} characters` };
  const weak = passwordReason(fixed, ["admin@example.com"]);
  if (weak) return { accounts: [user], noAdmin: `no preview admin: PREVIEW_ADMIN_PASSWORD refused (${PASSWORD_REASON_EN[weak]})` };
  return { accounts: [{ email: "admin@example.com", password: fixed, role: "admin", name: "Preview Admin", shown: "the PREVIEW_ADMIN_PASSWORD" }, user] };
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
  const { accounts, noAdmin } = previewAccounts(env);
  for (const a of accounts) {
    const hash = await hashPassword(a.password);
    const existing = await findUserByEmail(db, a.email);
    if (existing) {
      await setPasswordHash(db, existing.id, hash);
      await setRoleByEmail(db, a.email, a.role);
    } else {
      await createUser(db, { email: a.email, passwordHash: hash, name: a.name, role: a.role, acceptedTerms: true, emailVerified: true });
    }
    signIn.push(`${a.role} ${a.email} / ${a.shown}`);
  }
  if (noAdmin) signIn.push(noAdmin);
  said.push(`preview sign-in: ${signIn.join("; ")}`);
  return said;
}
