/**
 * `npm run doctor [-- --env-file FILE] [-- --context production]`: checks a deployed environment's
 * settings and says, in plain words, what is missing or wrong. It reads the environment (and
 * `.env`, or the file given: `netlify env:list --context production --plain > .env.production`
 * writes one), then, for the deploy context they give:
 *
 *   database     reachable, and every migration of this code applied
 *   SMTP         the server answers, upgrades to TLS and accepts the log-in (nothing is sent)
 *   Zoho         the refresh token gets an access token (nothing is written to the CRM)
 *   Twilio       the account answers and is active, the sender is the account's, and its incoming
 *                texts reach /api/sms/inbound (nothing is sent)
 *   build hook   BUILD_HOOK_URL is set and is a Netlify build hook (it is not called: that would build)
 *   admin        ADMIN_EMAIL is set, and whether that account exists yet
 *   Google       the Google sign-in client id is set
 *   alerts       the VAPID key pair for staff alerts is set, well formed and a pair
 *   session      SESSION_SECRET is set and long enough; SITE_URL is an https:// address
 *
 * It never prints a secret: no password, token, key or hook id, only host names and what to do.
 * Exit code 1 when anything a deploy needs is missing or wrong.
 */
import { parseEnv } from "node:util";
import { createECDH } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createDb } from "../src/server/db/index.ts";
import { migrations } from "../src/server/db/migrations/index.ts";
import { smtpFromEnv, smtpTransport } from "../src/server/mail/index.ts";
import { zohoFromEnv } from "../src/server/crm/config.ts";
import { refreshAccessToken } from "../src/server/crm/token.ts";
import { deploySettings } from "../src/server/settings/context.ts";
import { configuredAdminEmails } from "../src/server/users/users.ts";
import { googleClientId } from "../src/server/auth/google.ts";
import { fetchAccount, fetchMessagingService, fetchOwnNumber, twilioFromEnv } from "../src/server/sms/twilio.ts";

export interface Finding {
  ok: boolean;
  what: string;
  says: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Removes every secret the settings hold from a text (a driver's error may quote its URL). */
function scrub(text: string, env: NodeJS.ProcessEnv): string {
  let out = text;
  const secrets = ["SMTP_PASS", "ZOHO_CLIENT_SECRET", "ZOHO_REFRESH_TOKEN", "SESSION_SECRET", "PREVIEW_ADMIN_PASSWORD", "BUILD_HOOK_URL", "VAPID_PRIVATE_KEY"].map((k) => env[k]);
  for (const url of [env.DATABASE_URL, env.NETLIFY_DB_URL, env.PREVIEW_DATABASE_URL]) {
    if (!url) continue;
    secrets.push(url);
    try {
      const u = new URL(url);
      if (u.password) secrets.push(decodeURIComponent(u.password), u.password);
    } catch {}
  }
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("[hidden]");
  return out;
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, no) => (timer = setTimeout(() => no(new Error(`${what} did not answer in ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const { database, context } = deploySettings(env);
  if (database.kind === "embedded")
    return [{ ok: false, what: "database", says: `no database URL: set DATABASE_URL (Neon or Postgres) or attach Netlify Database (NETLIFY_DB_URL) for ${context}` }];
  let host: string;
  try {
    host = new URL(database.url).hostname;
  } catch {
    return [{ ok: false, what: "database", says: "the database URL is not a URL (postgres://user:password@host/db)" }];
  }
  const db = await createDb(database.url);
  try {
    await withTimeout(db.query("SELECT 1"), 15_000, host);
    const table = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
    const done = table.rows[0]?.t ? new Set((await db.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((r) => r.id)) : new Set<string>();
    const pending = migrations.map((m) => m.id).filter((id) => !done.has(id));
    const out: Finding[] = [{ ok: true, what: "database", says: `${host} answers (${database.kind}${database.readOnly ? ", read-only" : ""})` }];
    out.push(
      pending.length
        ? { ok: false, what: "migrations", says: `${pending.length} of ${migrations.length} not applied (${pending.slice(0, 3).join(", ")}${pending.length > 3 ? ", …" : ""}): deploy again, or run \`node scripts/migrate.ts\` with these settings` }
        : { ok: true, what: "migrations", says: `all ${migrations.length} applied` },
    );
    const admins = configuredAdminEmails(env);
    if (admins.length && !pending.length) {
      const found = (await db.query<{ email: string; role: string }>("SELECT email, role FROM users WHERE lower(email) = ANY($1)", [admins])).rows;
      const missing = admins.filter((a) => !found.some((f) => f.email.toLowerCase() === a));
      out.push({
        ok: true,
        what: "admin account",
        says: missing.length
          ? `${missing.join(", ")} has no account yet: sign up (or sign in with Google) on the site; it becomes admin once its e-mail is proven`
          : found.map((f) => `${f.email} is ${f.role === "admin" ? "an admin" : "signed up, not yet admin (prove the e-mail: Google sign-in or a reset link)"}`).join("; "),
      });
    }
    return out;
  } catch (e) {
    return [{ ok: false, what: "database", says: `${host} cannot be reached: ${scrub(errorText(e), env)}` }];
  } finally {
    await db.close().catch(() => {});
  }
}

async function checkSmtp(env: NodeJS.ProcessEnv): Promise<Finding> {
  if (!env.SMTP_HOST) return { ok: false, what: "SMTP", says: "SMTP_HOST is not set: every e-mail (new leads to the office, confirmations, reset links) stays in the outbox" };
  const smtp = smtpFromEnv(env);
  if (!smtp) return { ok: true, what: "SMTP", says: `off on this ${deploySettings(env).context} (mail stays in the outbox unless PREVIEW_MAIL_ALLOW names who may get it)` };
  if (!smtp.secure && !smtp.requireTLS) return { ok: false, what: "SMTP", says: "SMTP_ALLOW_PLAINTEXT is on: only for a mail catcher on this machine, never a deploy" };
  if (!smtp.user) return { ok: false, what: "SMTP", says: `SMTP_USER and SMTP_PASS are not set: ${smtp.host} will not relay mail for the site` };
  const transport = await smtpTransport(smtp);
  try {
    await withTimeout(transport.verify(), 20_000, `${smtp.host}:${smtp.port}`);
    return { ok: true, what: "SMTP", says: `${smtp.host}:${smtp.port} answers over TLS (${smtp.secure ? "implicit TLS" : "STARTTLS"}) and accepts the log-in` };
  } catch (e) {
    const msg = scrub(errorText(e), env);
    const hint = /STARTTLS|TLS|SSL/i.test(msg)
      ? " (the server offers no TLS: use its TLS port, 587 with STARTTLS or 465)"
      : /auth|login|535|credentials/i.test(msg)
        ? " (check SMTP_USER and SMTP_PASS)"
        : "";
    return { ok: false, what: "SMTP", says: `${smtp.host}:${smtp.port}: ${msg}${hint}` };
  } finally {
    transport.close();
  }
}

async function checkZoho(env: NodeJS.ProcessEnv): Promise<Finding> {
  const set = ["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET", "ZOHO_REFRESH_TOKEN"].filter((k) => env[k]);
  if (set.length === 0) return { ok: false, what: "Zoho", says: "ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_REFRESH_TOKEN are not set: leads are kept but never reach Zoho CRM" };
  if (set.length < 3) return { ok: false, what: "Zoho", says: `only ${set.join(", ")} set: all three of ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_REFRESH_TOKEN are needed` };
  const cfg = zohoFromEnv(env);
  if (!cfg) return { ok: true, what: "Zoho", says: `off on this ${deploySettings(env).context} (ZOHO_ON_PREVIEW=true turns it on)` };
  try {
    await refreshAccessToken({ ...cfg, timeoutMs: Math.min(cfg.timeoutMs, 20_000) });
    return { ok: true, what: "Zoho", says: `the refresh token gets an access token from ${new URL(cfg.accountsUrl).hostname}` };
  } catch (e) {
    return { ok: false, what: "Zoho", says: `${scrub(errorText(e), env)}: check the client id, secret and refresh token, and that ZOHO_ACCOUNTS_URL is your region's (${new URL(cfg.accountsUrl).hostname})` };
  }
}

/**
 * Twilio (issue 34): the account resource answers with these credentials and is active (a real,
 * harmless call: nothing is sent), the sender (TWILIO_FROM or the Messaging Service) is the
 * account's, and texts to it reach this site's webhook, so a STOP is recorded.
 */
async function checkTwilio(env: NodeJS.ProcessEnv): Promise<Finding> {
  const what = "Twilio";
  const set = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"].filter((k) => env[k]?.trim());
  if (!set.length) return { ok: false, what, says: "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set: visitors who tick 'Text me about this request' get no text (texts wait in the outbox)" };
  if (set.length < 2) return { ok: false, what, says: `only ${set[0]} is set: both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are needed` };
  if (deploySettings(env).preview) return { ok: true, what, says: `set, and off on this ${deploySettings(env).context} (previews never text)` };
  const cfg = twilioFromEnv(env);
  if (!cfg) return { ok: false, what, says: "neither TWILIO_FROM nor TWILIO_MESSAGING_SERVICE_SID is set: texts have no sender" };
  if (!/^AC[0-9a-f]{32}$/.test(cfg.accountSid)) return { ok: false, what, says: "TWILIO_ACCOUNT_SID is not an account SID (AC followed by 32 hex digits: Twilio Console → Account info)" };
  const webhook = env.SITE_URL ? `${env.SITE_URL.replace(/\/+$/, "")}/api/sms/inbound` : null;
  const c = { ...cfg, timeoutMs: Math.min(cfg.timeoutMs, 20_000) };
  try {
    const account = await fetchAccount(c);
    if (account.status !== "active") return { ok: false, what, says: `the account is ${account.status}: Twilio sends nothing for it` };
    let where: string | null;
    let sender: string;
    if (cfg.messagingServiceSid) {
      const service = await fetchMessagingService(c, cfg.messagingServiceSid);
      if (!service) return { ok: false, what, says: "TWILIO_MESSAGING_SERVICE_SID is not a Messaging Service of this account" };
      sender = "the Messaging Service";
      if (service.useNumberWebhook)
        return { ok: true, what, says: `the account answers and is active; texts come from the Messaging Service, whose replies go to each number's own webhook: make it ${webhook ?? "/api/sms/inbound"}` };
      where = service.inboundUrl;
    } else {
      const number = await fetchOwnNumber(c, cfg.from!);
      if (!number) return { ok: false, what, says: `TWILIO_FROM (${cfg.from}) is not a number of this account` };
      sender = `${cfg.from}`;
      where = number.smsUrl;
    }
    if (webhook && where !== webhook)
      return { ok: false, what, says: `texts to ${sender} go to ${where ? new URL(where).host + new URL(where).pathname : "nowhere"}, not ${webhook}: set "A message comes in" to it (HTTP POST), or STOP replies are not recorded` };
    return { ok: true, what, says: `the account answers and is active; texts come from ${sender}${webhook ? ", and replies reach /api/sms/inbound" : ""}` };
  } catch (e) {
    return { ok: false, what, says: `${scrub(errorText(e), env)}: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN` };
  }
}

function checkBuildHook(env: NodeJS.ProcessEnv): Finding {
  const { context } = deploySettings(env);
  const raw = env.BUILD_HOOK_URL?.trim();
  if (!raw)
    return context === "production"
      ? { ok: false, what: "build hook", says: "BUILD_HOOK_URL is not set: a publish or a product change never rebuilds the pages (Netlify: Build & deploy → Build hooks)" }
      : { ok: true, what: "build hook", says: `not set, as it should not be on ${context}` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, what: "build hook", says: "BUILD_HOOK_URL is not a URL" };
  }
  if (url.protocol !== "https:") return { ok: false, what: "build hook", says: "BUILD_HOOK_URL must be an https:// address" };
  if (url.hostname !== "api.netlify.com" || !/^\/build_hooks\/[A-Za-z0-9]+$/.test(url.pathname))
    return { ok: false, what: "build hook", says: `BUILD_HOOK_URL points at ${url.hostname}, not a Netlify build hook (https://api.netlify.com/build_hooks/…)` };
  return { ok: true, what: "build hook", says: "set (a Netlify build hook; not called, since that starts a build)" };
}

function checkAdminEmail(env: NodeJS.ProcessEnv): Finding {
  const admins = configuredAdminEmails(env);
  if (!admins.length) return { ok: false, what: "ADMIN_EMAIL", says: "not set: name the company's admin e-mail (or grant one with `npm run admin:grant`)" };
  const bad = admins.filter((a) => !EMAIL.test(a));
  if (bad.length) return { ok: false, what: "ADMIN_EMAIL", says: `not an e-mail address: ${bad.join(", ")}` };
  return { ok: true, what: "ADMIN_EMAIL", says: admins.join(", ") };
}

function checkGoogle(env: NodeJS.ProcessEnv): Finding {
  const fn = env.GOOGLE_CLIENT_ID?.trim();
  const page = env.PUBLIC_GOOGLE_CLIENT_ID?.trim();
  // The id the functions check tokens against (they fall back to the pages' one).
  const id = googleClientId(env)?.trim();
  if (!id) return { ok: false, what: "Google sign-in", says: "PUBLIC_GOOGLE_CLIENT_ID is not set: the sign-in page has no Google button (Google Cloud → Credentials → OAuth client, type Web)" };
  if (!/^[0-9]+-[a-z0-9]+\.apps\.googleusercontent\.com$/.test(id)) return { ok: false, what: "Google sign-in", says: "the client id does not look like Google's (NNN-xxxx.apps.googleusercontent.com)" };
  if (fn && page && fn !== page) return { ok: false, what: "Google sign-in", says: "GOOGLE_CLIENT_ID and PUBLIC_GOOGLE_CLIENT_ID differ: the functions would refuse every Google sign-in from the pages" };
  if (!page) return { ok: false, what: "Google sign-in", says: "PUBLIC_GOOGLE_CLIENT_ID is not set: the pages (built with it) show no Google button" };
  return { ok: true, what: "Google sign-in", says: "client id set" };
}

/** Staff alerts (issue 34): the VAPID pair the browsers' push services know the site by. */
function checkVapid(env: NodeJS.ProcessEnv): Finding {
  const what = "staff alerts";
  const pub = env.VAPID_PUBLIC_KEY?.trim();
  const priv = env.VAPID_PRIVATE_KEY?.trim();
  if (!pub || !priv) return { ok: false, what, says: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: staff phones get no alerts of new leads (make a pair once: `npx web-push generate-vapid-keys`)" };
  const pubBytes = Buffer.from(pub, "base64url");
  const privBytes = Buffer.from(priv, "base64url");
  if (pubBytes.length !== 65 || pubBytes[0] !== 4) return { ok: false, what, says: "VAPID_PUBLIC_KEY is not a P-256 public key (65 bytes, base64url)" };
  if (privBytes.length !== 32) return { ok: false, what, says: "VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes, base64url)" };
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privBytes);
    if (!ecdh.getPublicKey().equals(pubBytes)) return { ok: false, what, says: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not a pair: make them together" };
  } catch {
    return { ok: false, what, says: "VAPID_PRIVATE_KEY is not a valid P-256 key" };
  }
  const subject = env.VAPID_SUBJECT?.trim();
  if (subject && !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject)) return { ok: false, what, says: "VAPID_SUBJECT must be mailto:someone@the-company or an https:// address" };
  return { ok: true, what, says: `key pair set${subject ? `, subject ${subject}` : ""}` };
}

function checkSession(env: NodeJS.ProcessEnv): Finding[] {
  const out: Finding[] = [];
  const secret = env.SESSION_SECRET ?? "";
  out.push(
    Buffer.byteLength(secret) >= 32
      ? { ok: true, what: "SESSION_SECRET", says: "set" }
      : { ok: false, what: "SESSION_SECRET", says: `${secret ? "too short" : "not set"}: at least 32 random bytes (\`openssl rand -base64 48\`); the functions refuse to run without it` },
  );
  let site: URL | null = null;
  try {
    site = env.SITE_URL ? new URL(env.SITE_URL) : null;
  } catch {}
  out.push(
    site?.protocol === "https:"
      ? { ok: true, what: "SITE_URL", says: site.origin }
      : { ok: false, what: "SITE_URL", says: "must be the site's https:// address (canonical links, sitemap, links in e-mails)" },
  );
  return out;
}

export async function runDoctor(env: NodeJS.ProcessEnv): Promise<{ context: string; findings: Finding[] }> {
  const { context } = deploySettings(env);
  const [database, smtp, zoho, twilio] = await Promise.all([checkDatabase(env), checkSmtp(env), checkZoho(env), checkTwilio(env)]);
  return { context, findings: [...checkSession(env), ...database, smtp, zoho, twilio, checkBuildHook(env), checkAdminEmail(env), checkGoogle(env), checkVapid(env)] };
}

async function main() {
  const args = process.argv.slice(2);
  const fileAt = args.indexOf("--env-file");
  const ctxAt = args.indexOf("--context");
  const file = fileAt >= 0 ? args[fileAt + 1] : ".env";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (file && existsSync(file)) {
    for (const [k, v] of Object.entries(parseEnv(readFileSync(file, "utf8")))) if (env[k] === undefined) env[k] = v;
  } else if (fileAt >= 0) {
    console.error(`✗ ${file} does not exist`);
    process.exit(2);
  }
  // The settings of a deploy: production unless named (`netlify env:list` does not say).
  env.CONTEXT = ctxAt >= 0 ? args[ctxAt + 1] : env.CONTEXT || "production";
  env.LOG_SILENT = "1";
  const { context, findings } = await runDoctor(env);
  console.log(`▸ Doctor: the ${context} settings${file && existsSync(file) ? ` (environment and ${file})` : ""}`);
  for (const f of findings) console.log(`  ${f.ok ? "✓" : "✗"} ${f.what}: ${f.says}`);
  const bad = findings.filter((f) => !f.ok);
  console.log(bad.length ? `✗ ${bad.length} to fix before launch` : "✓ Ready: every setting a deploy needs is there and answers");
  process.exit(bad.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
