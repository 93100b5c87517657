/**
 * `npm run doctor` (issue 32) against good settings and broken ones, as a separate process the way
 * the office runs it: a real database (embedded Postgres served over the wire), an SMTP relay with
 * STARTTLS and a log-in, Zoho's token endpoint (the fake), on loopback. It must name what is wrong
 * in plain words and never print a secret.
 */
import { createECDH } from "node:crypto";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { servePglite } from "../../scripts/lib/database.ts";
import { FAKE_CLIENT, startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { startFakeTlsSmtp, type FakeTlsSmtp } from "../helpers/fake-smtp-tls.ts";
import { startFakeTwilio, type FakeTwilio } from "../helpers/fake-twilio.ts";

const DB_PASSWORD = "db-pass-Zq81";
const SMTP_PASS = "smtp-pass-Rw53";
const SESSION_SECRET = "session-secret-0123456789-abcdefghijklmnop";
const HOOK = "https://api.netlify.com/build_hooks/5f3c0ffee1234";

const servers: { stop(): Promise<void> }[] = [];
async function database(migrated: boolean): Promise<string> {
  const pg = await PGlite.create();
  if (migrated) {
    await migrate(fromPglite(pg));
    await pg.query("INSERT INTO users (email, password_hash, role, name) VALUES ('owner@coastal-marine.example', 'x', 'admin', 'Owner')").catch(() => {});
  }
  const served = await servePglite(pg, 0, DB_PASSWORD);
  servers.push(served);
  return served.url;
}

let migratedUrl = "";
let emptyUrl = "";
let smtp: FakeTlsSmtp;
let zoho: FakeZoho;
let twilio: FakeTwilio;
let plain: Server;
let plainPort = 0;

beforeAll(async () => {
  [migratedUrl, emptyUrl] = [await database(true), await database(false)];
  smtp = await startFakeTlsSmtp("site@coastal-marine.example", SMTP_PASS);
  zoho = await startFakeZoho();
  twilio = await startFakeTwilio();
  twilio.smsUrl = "https://www.coastalmarinecapecoral.com/api/sms/inbound";
  // A relay with no TLS at all.
  plain = createServer((s) => {
    s.write("220 plain ESMTP\r\n");
    s.on("data", (d) => {
      const verb = d.toString().slice(0, 8).toUpperCase();
      s.write(verb.startsWith("EHLO") ? "250-plain\r\n250 AUTH PLAIN\r\n" : verb.startsWith("STARTTLS") ? "454 TLS not available\r\n" : verb.startsWith("QUIT") ? "221 bye\r\n" : "250 ok\r\n");
    });
    s.on("error", () => {});
  });
  await new Promise<void>((ok) => plain.listen(0, "127.0.0.1", ok));
  plainPort = (plain.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await zoho?.close();
  await twilio?.stop();
  await new Promise((ok) => plain?.close(ok));
  for (const served of servers) await served.stop();
});

// A pair made the way the launch steps say (web-push's generateVAPIDKeys).
const VAPID = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"), VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString("base64url"), VAPID_SUBJECT: "mailto:owner@coastal-marine.example" };
})();
const good = () => ({
  DATABASE_URL: migratedUrl,
  SESSION_SECRET,
  SITE_URL: "https://www.coastalmarinecapecoral.com",
  SMTP_HOST: "localhost",
  SMTP_PORT: String(smtp.port),
  SMTP_USER: "site@coastal-marine.example",
  SMTP_PASS,
  ZOHO_CLIENT_ID: FAKE_CLIENT.clientId,
  ZOHO_CLIENT_SECRET: FAKE_CLIENT.clientSecret,
  ZOHO_REFRESH_TOKEN: FAKE_CLIENT.refreshToken,
  ZOHO_ACCOUNTS_URL: zoho.url,
  BUILD_HOOK_URL: HOOK,
  ADMIN_EMAIL: "owner@coastal-marine.example",
  PUBLIC_GOOGLE_CLIENT_ID: "123456789012-abcdefghijklmnop.apps.googleusercontent.com",
  ...VAPID,
  ...twilio.env(),
});

/**
 * Runs the doctor as the office would, with only the given settings (no .env of ours). Not
 * spawnSync: the databases it checks are served from this process, which must keep answering.
 */
async function doctor(settings: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_EXTRA_CA_CERTS: smtp.caFile, ...settings };
  const child = spawn(process.execPath, ["scripts/doctor.ts", "--env-file", "/dev/null"], { env });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((ok) => child.on("exit", ok));
  const r = { status: code };
  for (const secret of [DB_PASSWORD, SMTP_PASS, SESSION_SECRET, FAKE_CLIENT.clientSecret, FAKE_CLIENT.refreshToken, "5f3c0ffee1234", twilio.authToken]) expect(out).not.toContain(secret);
  return { code: r.status, out, line: (what: string) => out.split("\n").find((l) => l.includes(` ${what}:`)) ?? `(no line for ${what})` };
}

describe("npm run doctor", () => {
  it("passes good production settings, each check answered for real, and prints no secret", async () => {
    const posts = twilio.posts;
    const r = await doctor(good());
    expect(r.out).toContain("▸ Doctor: the production settings");
    for (const what of ["SESSION_SECRET", "SITE_URL", "database", "migrations", "SMTP", "Zoho", "Twilio", "build hook", "ADMIN_EMAIL", "Google sign-in", "staff alerts"]) expect(r.line(what), r.out).toMatch(/^\s+✓/);
    expect(r.line("Twilio")).toContain(`the account answers and is active; texts come from ${twilio.from}, and replies reach /api/sms/inbound`);
    expect(twilio.requests.some((q) => q.path === `/2010-04-01/Accounts/${twilio.accountSid}.json` && q.status === 200)).toBe(true);
    expect(twilio.posts).toBe(posts); // nothing sent
    expect(r.line("SMTP")).toContain("over TLS (STARTTLS) and accepts the log-in");
    expect(r.line("Zoho")).toContain("gets an access token");
    expect(r.line("admin account")).toContain("owner@coastal-marine.example is an admin");
    expect(smtp.logins).toContain("site@coastal-marine.example");
    expect(zoho.refreshes).toBeGreaterThan(0);
    expect(r.code, r.out).toBe(0);
  });

  it("names what is wrong in plain words: an unmigrated database, a relay without TLS, a refused Zoho token, no hook, no admin, no Google id, a short secret", async () => {
    const r = await doctor({
      ...good(),
      DATABASE_URL: emptyUrl,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(plainPort),
      ZOHO_CLIENT_SECRET: "wrong-secret-value",
      BUILD_HOOK_URL: "",
      ADMIN_EMAIL: "",
      PUBLIC_GOOGLE_CLIENT_ID: "",
      SESSION_SECRET: "short",
      VAPID_PRIVATE_KEY: "",
      TWILIO_AUTH_TOKEN: "wrong-twilio-token",
    });
    expect(r.code).toBe(1);
    expect(r.line("migrations")).toContain(`✗ migrations: ${migrations.length} of ${migrations.length} not applied (001-core`);
    expect(r.line("SMTP")).toMatch(/✗ SMTP: 127\.0\.0\.1:\d+: .*STARTTLS.*use its TLS port/);
    expect(r.line("Zoho")).toMatch(/✗ Zoho: Zoho token refresh refused \(HTTP 200, invalid_client\)/);
    expect(r.line("build hook")).toContain("✗ build hook: BUILD_HOOK_URL is not set");
    expect(r.line("ADMIN_EMAIL")).toContain("✗ ADMIN_EMAIL: not set");
    expect(r.line("Google sign-in")).toContain("✗ Google sign-in: PUBLIC_GOOGLE_CLIENT_ID is not set");
    expect(r.line("SESSION_SECRET")).toContain("✗ SESSION_SECRET: too short");
    expect(r.line("staff alerts")).toContain("✗ staff alerts: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set");
    expect(r.line("Twilio")).toContain("✗ Twilio: Twilio answered 401 (error 20003): the account SID and auth token do not match: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN");
    expect(r.out).toMatch(/✗ 9 to fix before launch/);
    expect(r.out).not.toContain("wrong-secret-value");
    expect(r.out).not.toContain("wrong-twilio-token");
  });

  it("says a database that cannot be reached, a missing one, missing SMTP and Zoho, and a hook that is not Netlify's, without printing the password", async () => {
    const closed = migratedUrl.replace(/:(\d+)\/postgres/, ":1/postgres");
    const r = await doctor({ ...good(), DATABASE_URL: closed, SMTP_HOST: "", ZOHO_CLIENT_ID: "", ZOHO_CLIENT_SECRET: "", ZOHO_REFRESH_TOKEN: "", BUILD_HOOK_URL: "https://example.com/hook/5f3c0ffee1234" });
    expect(r.code).toBe(1);
    expect(r.line("database")).toMatch(/✗ database: 127\.0\.0\.1 cannot be reached/);
    expect(r.line("SMTP")).toContain("SMTP_HOST is not set");
    expect(r.line("Zoho")).toContain("are not set: leads are kept but never reach Zoho CRM");
    expect(r.line("build hook")).toContain("not a Netlify build hook");
    const mismatched = await doctor({ ...good(), VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url") });
    expect(mismatched.line("staff alerts")).toContain("are not a pair");
    expect(mismatched.out).not.toContain(VAPID.VAPID_PRIVATE_KEY);
    const none = await doctor({ ...good(), DATABASE_URL: "" });
    expect(none.line("database")).toContain("✗ database: no database URL");
  });

  it("Twilio: not set, a number that is not the account's, replies that go elsewhere, a Messaging Service, and off on a preview", async () => {
    const none = await doctor({ ...good(), TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "" });
    expect(none.line("Twilio")).toContain("✗ Twilio: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not set: visitors who tick 'Text me about this request' get no text");
    const stranger = await doctor({ ...good(), TWILIO_FROM: "+12395550199" });
    expect(stranger.line("Twilio")).toContain("✗ Twilio: TWILIO_FROM (+12395550199) is not a number of this account");
    twilio.smsUrl = "https://old-site.example/sms";
    try {
      const elsewhere = await doctor(good());
      expect(elsewhere.line("Twilio")).toContain(
        `✗ Twilio: texts to ${twilio.from} go to old-site.example/sms, not https://www.coastalmarinecapecoral.com/api/sms/inbound: set "A message comes in" to it (HTTP POST), or STOP replies are not recorded`,
      );
    } finally {
      twilio.smsUrl = "https://www.coastalmarinecapecoral.com/api/sms/inbound";
    }
    const service = await doctor({ ...good(), ...twilio.env({ service: true }) });
    expect(service.line("Twilio")).toMatch(/✓ Twilio: the account answers and is active; texts come from the Messaging Service/);
    const preview = await doctor({ ...good(), CONTEXT: "deploy-preview" });
    expect(preview.line("Twilio")).toContain("✓ Twilio: set, and off on this deploy-preview (previews never text)");
  });
});
