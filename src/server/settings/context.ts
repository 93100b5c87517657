/**
 * What this deploy may do, decided in one place from Netlify's deploy context.
 *
 * Netlify builds and runs every branch: `production` (the live site), `deploy-preview` (a pull
 * request), `branch-deploy` (any other pushed branch) and `dev` (a local run). A preview must be
 * real (its own database, demo sign-in) and safe: it never writes into the production database,
 * never creates CRM records in the company's Zoho, never mails the office or a visitor, and is
 * never indexed by search engines. Every function, script and page asks this module.
 *
 * The context comes from, in this order: the function's `context.deploy.context` (or the
 * `Netlify.context` global of the running request), the build's `CONTEXT` variable, and else:
 * on Netlify (a deploy we cannot place) `branch-deploy`, the safe choice; off Netlify `dev`.
 *
 * Plain TypeScript that Node runs as is (the build scripts import it).
 */

export type DeployContext = "production" | "deploy-preview" | "branch-deploy" | "dev";

/** Which database a deploy uses; reported by GET /api/health (never the URL). */
export type DatabaseKind =
  /** PGlite on this machine (no URL set). */
  | "embedded"
  /** Netlify Database: NETLIFY_DB_URL, a database branch of its own on every preview. */
  | "netlify-database"
  /** PREVIEW_DATABASE_URL: the database set aside for previews and branch deploys. */
  | "preview-database"
  /** DATABASE_URL (production, or a local/CI server). */
  | "database-url";

export interface DatabaseChoice {
  kind: DatabaseKind;
  /** The URL to open (`pglite:<dir>` for the embedded one). Never shown to anyone. */
  url: string;
  /**
   * A preview that found only the production DATABASE_URL: it may read, but every write is
   * refused (503), so a test on a preview can never touch production data.
   */
  readOnly: boolean;
}

export interface MailPolicy {
  /** `send`: SMTP as configured. `outbox`: kept in the outbox table only. `allow-list`: only to PREVIEW_MAIL_ALLOW. */
  mode: "send" | "outbox" | "allow-list";
  /** Addresses (or `@domain` entries) a preview may mail; empty unless mode is allow-list. */
  allow: string[];
}

export interface DeploySettings {
  context: DeployContext;
  /** A preview or branch deploy (what reviewers look at), as opposed to production or a local run. */
  preview: boolean;
  database: DatabaseChoice;
  /** Zoho sync allowed here (it still needs the ZOHO_* settings). Off on previews unless ZOHO_ON_PREVIEW=true. */
  crm: { allowed: boolean; reason: "production" | "dev" | "preview-off" | "preview-on" };
  mail: MailPolicy;
  /** `X-Robots-Tag: noindex` on every page and function answer. */
  noindex: boolean;
  /** The small 'Preview' ribbon on every page. */
  ribbon: boolean;
  /** Demo products and demo accounts are seeded at build (never on production). */
  seedDemo: boolean;
}

const CONTEXTS: readonly string[] = ["production", "deploy-preview", "branch-deploy", "dev"];
/** Netlify's local contexts (`netlify dev`, `netlify serve`) are local runs. */
const LOCAL_CONTEXTS: readonly string[] = ["dev", "dev-server", "preview-server"];

/** The embedded database's folder when no URL is set. */
export const DEFAULT_PGLITE_DIR = ".data/pglite";
const DEFAULT_PGLITE_URL = `pglite:${DEFAULT_PGLITE_DIR}`;

type Env = NodeJS.ProcessEnv | Record<string, string | undefined>;

/** True inside a Netlify build or function (not a local run). */
export function onNetlify(env: Env = process.env): boolean {
  return env.NETLIFY === "true" || !!env.SITE_ID || !!env.AWS_LAMBDA_FUNCTION_NAME;
}

/** The deploy context of the running request, when Netlify's runtime knows it. */
export function platformContext(): string | undefined {
  const g = globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } };
  return g.Netlify?.context?.deploy?.context || undefined;
}

function known(value: string | undefined): DeployContext | undefined {
  if (!value) return undefined;
  if (LOCAL_CONTEXTS.includes(value)) return "dev";
  return CONTEXTS.includes(value) ? (value as DeployContext) : undefined;
}

/**
 * The deploy context: the platform's word (function context), then CONTEXT (builds), then
 * `branch-deploy` on Netlify when neither is known (treated like a preview: safe), else `dev`.
 */
export function resolveContext(env: Env = process.env, platform: string | undefined = platformContext()): DeployContext {
  const fromPlatform = known(platform);
  if (fromPlatform) return fromPlatform;
  const fromEnv = known(env.CONTEXT);
  if (fromEnv) return fromEnv;
  return onNetlify(env) ? "branch-deploy" : "dev";
}

/**
 * Production rules apply (required secrets, no test switches): the production context, or
 * NODE_ENV=production, or any deploy on Netlify (a preview is public too).
 */
export function strictDeploy(env: Env = process.env): boolean {
  return env.NODE_ENV === "production" || env.CONTEXT === "production" || !!env.SITE_ID;
}

export function isPreview(context: DeployContext): boolean {
  return context === "deploy-preview" || context === "branch-deploy";
}

function chooseDatabase(context: DeployContext, env: Env): DatabaseChoice {
  if (isPreview(context)) {
    if (env.PREVIEW_DATABASE_URL) return { kind: "preview-database", url: env.PREVIEW_DATABASE_URL, readOnly: false };
    if (env.NETLIFY_DB_URL) return { kind: "netlify-database", url: env.NETLIFY_DB_URL, readOnly: false };
    // Only the production database is known: reading is harmless, writing is not.
    if (env.DATABASE_URL) return { kind: "database-url", url: env.DATABASE_URL, readOnly: true };
    return { kind: "embedded", url: DEFAULT_PGLITE_URL, readOnly: false };
  }
  if (env.DATABASE_URL) return { kind: "database-url", url: env.DATABASE_URL, readOnly: false };
  if (env.NETLIFY_DB_URL) return { kind: "netlify-database", url: env.NETLIFY_DB_URL, readOnly: false };
  return { kind: "embedded", url: DEFAULT_PGLITE_URL, readOnly: false };
}

/** PREVIEW_MAIL_ALLOW: comma- or space-separated addresses, or `@domain` for a whole domain. */
export function parseMailAllow(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.includes("@"));
}

/** Whether `address` may be mailed under `policy`. */
export function mailAllowed(policy: MailPolicy, address: string): boolean {
  if (policy.mode === "send") return true;
  if (policy.mode === "outbox") return false;
  const a = address.trim().toLowerCase();
  return policy.allow.some((entry) => (entry.startsWith("@") ? a.endsWith(entry) : a === entry));
}

export function deploySettings(env: Env = process.env, platform: string | undefined = platformContext()): DeploySettings {
  const context = resolveContext(env, platform);
  const preview = isPreview(context);
  const allow = parseMailAllow(env.PREVIEW_MAIL_ALLOW);
  const crmOnPreview = env.ZOHO_ON_PREVIEW === "true";
  return {
    context,
    preview,
    database: chooseDatabase(context, env),
    crm: preview
      ? { allowed: crmOnPreview, reason: crmOnPreview ? "preview-on" : "preview-off" }
      : { allowed: true, reason: context === "production" ? "production" : "dev" },
    mail: preview ? { mode: allow.length ? "allow-list" : "outbox", allow } : { mode: "send", allow: [] },
    noindex: preview,
    ribbon: preview,
    seedDemo: preview,
  };
}

/** The CRM state the admin sees: on a preview whose CRM is switched off, an unsynced lead says so. */
export function shownCrmState<S extends string>(state: S, settings: DeploySettings = deploySettings()): S | "preview" {
  return state === "disabled" && settings.crm.reason === "preview-off" ? "preview" : state;
}

/** Postgres' "cannot execute … in a read-only transaction" (a preview refusing to write). */
export function isReadOnlyRefusal(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: unknown }).code === "25006";
}

export const READ_ONLY_MESSAGE =
  "This preview has no database of its own, so it saves nothing and production data stays untouched. " +
  "Give previews a database (Netlify Database, or PREVIEW_DATABASE_URL) to try this here.";

/** The site's address for links in e-mails: SITE_URL, else Netlify's URL, else the request's origin. */
export function siteBase(requestOrigin: string, env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_URL || env.URL || requestOrigin).replace(/\/+$/, "");
}
