import { describe, expect, it } from "vitest";
import {
  deploySettings,
  mailAllowed,
  parseMailAllow,
  resolveContext,
  shownCrmState,
  strictDeploy,
  type DeployContext,
} from "../../src/server/settings/context.ts";
import { zohoFromEnv } from "../../src/server/crm/config.ts";
import { smtpFromEnv } from "../../src/server/mail/index.ts";
import { databaseUrlFromEnv } from "../../src/server/db/index.ts";

const PROD_URL = "postgres://prod@db.example.com/site";
const PREVIEW_URL = "postgres://preview@db.example.com/site";
const NETLIFY_URL = "postgres://branch@ep-x.neon.tech/site";
const ZOHO = { ZOHO_CLIENT_ID: "id", ZOHO_CLIENT_SECRET: "secret", ZOHO_REFRESH_TOKEN: "refresh" };
const SMTP = { SMTP_HOST: "smtp.example.com" };

describe("resolveContext", () => {
  it.each<[string, Record<string, string>, string | undefined, DeployContext]>([
    ["nothing set, off Netlify: a local run", {}, undefined, "dev"],
    ["CONTEXT from the build", { CONTEXT: "production" }, undefined, "production"],
    ["CONTEXT deploy-preview", { CONTEXT: "deploy-preview" }, undefined, "deploy-preview"],
    ["CONTEXT branch-deploy", { CONTEXT: "branch-deploy" }, undefined, "branch-deploy"],
    ["netlify dev's dev-server context is local", { CONTEXT: "dev-server" }, undefined, "dev"],
    ["the function's deploy context beats the environment", { CONTEXT: "production" }, "deploy-preview", "deploy-preview"],
    ["the function's deploy context alone", { SITE_ID: "site" }, "production", "production"],
    ["on Netlify (SITE_ID) with no context known: treated as a branch deploy", { SITE_ID: "site" }, undefined, "branch-deploy"],
    ["in a Netlify build (NETLIFY=true) with an unknown context", { NETLIFY: "true", CONTEXT: "staging" }, undefined, "branch-deploy"],
    ["in a Lambda with no context known", { AWS_LAMBDA_FUNCTION_NAME: "fn" }, undefined, "branch-deploy"],
    ["an unknown context off Netlify is a local run", { CONTEXT: "whatever" }, undefined, "dev"],
  ])("%s", (_name, env, platform, expected) => {
    expect(resolveContext(env, platform)).toBe(expected);
  });

  it("reads the running request's Netlify.context when no context is passed", () => {
    const g = globalThis as { Netlify?: unknown };
    g.Netlify = { context: { deploy: { context: "deploy-preview" } } };
    try {
      expect(resolveContext({ CONTEXT: "production" })).toBe("deploy-preview");
      expect(deploySettings({ CONTEXT: "production", ...ZOHO }).crm.allowed).toBe(false);
    } finally {
      delete g.Netlify;
    }
    expect(resolveContext({ CONTEXT: "production" })).toBe("production");
  });
});

describe("deploySettings: every context × settings", () => {
  type Row = {
    context: DeployContext;
    env: Record<string, string>;
    db: { kind: string; url: string; readOnly: boolean };
    crm: boolean;
    mail: "send" | "outbox" | "allow-list";
    preview: boolean;
  };
  const EMBEDDED = { kind: "embedded", url: "pglite:.data/pglite", readOnly: false };
  const rows: Row[] = [
    // production: the production database; CRM, mail and indexing as configured
    { context: "production", env: {}, db: EMBEDDED, crm: true, mail: "send", preview: false },
    { context: "production", env: { DATABASE_URL: PROD_URL }, db: { kind: "database-url", url: PROD_URL, readOnly: false }, crm: true, mail: "send", preview: false },
    { context: "production", env: { NETLIFY_DB_URL: NETLIFY_URL }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: true, mail: "send", preview: false },
    { context: "production", env: { DATABASE_URL: PROD_URL, NETLIFY_DB_URL: NETLIFY_URL }, db: { kind: "database-url", url: PROD_URL, readOnly: false }, crm: true, mail: "send", preview: false },
    { context: "production", env: { PREVIEW_DATABASE_URL: PREVIEW_URL, DATABASE_URL: PROD_URL, ZOHO_ON_PREVIEW: "false", PREVIEW_MAIL_ALLOW: "me@example.com" }, db: { kind: "database-url", url: PROD_URL, readOnly: false }, crm: true, mail: "send", preview: false },
    // dev: whatever is configured locally
    { context: "dev", env: {}, db: EMBEDDED, crm: true, mail: "send", preview: false },
    { context: "dev", env: { DATABASE_URL: PROD_URL, PREVIEW_DATABASE_URL: PREVIEW_URL }, db: { kind: "database-url", url: PROD_URL, readOnly: false }, crm: true, mail: "send", preview: false },
  ];
  for (const context of ["deploy-preview", "branch-deploy"] as const) {
    rows.push(
      // its own database first: PREVIEW_DATABASE_URL, then the Netlify Database branch
      { context, env: { PREVIEW_DATABASE_URL: PREVIEW_URL, NETLIFY_DB_URL: NETLIFY_URL, DATABASE_URL: PROD_URL }, db: { kind: "preview-database", url: PREVIEW_URL, readOnly: false }, crm: false, mail: "outbox", preview: true },
      { context, env: { NETLIFY_DB_URL: NETLIFY_URL, DATABASE_URL: PROD_URL }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: false, mail: "outbox", preview: true },
      // only production's database: read-only
      { context, env: { DATABASE_URL: PROD_URL }, db: { kind: "database-url", url: PROD_URL, readOnly: true }, crm: false, mail: "outbox", preview: true },
      { context, env: {}, db: EMBEDDED, crm: false, mail: "outbox", preview: true },
      // switches
      { context, env: { NETLIFY_DB_URL: NETLIFY_URL, ZOHO_ON_PREVIEW: "true" }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: true, mail: "outbox", preview: true },
      { context, env: { NETLIFY_DB_URL: NETLIFY_URL, ZOHO_ON_PREVIEW: "yes" }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: false, mail: "outbox", preview: true },
      { context, env: { NETLIFY_DB_URL: NETLIFY_URL, PREVIEW_MAIL_ALLOW: "qa@example.com, @agency.example" }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: false, mail: "allow-list", preview: true },
      { context, env: { NETLIFY_DB_URL: NETLIFY_URL, PREVIEW_MAIL_ALLOW: " , " }, db: { kind: "netlify-database", url: NETLIFY_URL, readOnly: false }, crm: false, mail: "outbox", preview: true },
    );
  }

  it.each(rows.map((r) => [`${r.context} ${JSON.stringify(r.env)}`, r] as const))("%s", (_name, r) => {
    const s = deploySettings({ CONTEXT: r.context, ...r.env }, undefined);
    expect(s.context).toBe(r.context);
    expect(s.database).toEqual(r.db);
    expect(s.crm.allowed).toBe(r.crm);
    expect(s.mail.mode).toBe(r.mail);
    expect(s.preview).toBe(r.preview);
    // indexing, the ribbon and demo data follow the context alone
    expect(s.noindex).toBe(r.preview);
    expect(s.ribbon).toBe(r.preview);
    expect(s.seedDemo).toBe(r.preview);
    // what the rest of the code reads goes through the same resolver
    const env = { CONTEXT: r.context, ...r.env, ...ZOHO, ...SMTP };
    expect(zohoFromEnv(env) !== null).toBe(r.crm);
    expect(smtpFromEnv(env) !== null).toBe(r.mail !== "outbox");
    expect(databaseUrlFromEnv({ CONTEXT: r.context, ...r.env })).toBe(r.db.url);
  });

  // Each case says which database a preview with production's DATABASE_URL gets: production's
  // only when it has none of its own, and then read-only.
  it.each(
    (["deploy-preview", "branch-deploy"] as const).flatMap((context) => [
      [context, "nothing else", {}, { url: PROD_URL, readOnly: true }] as const,
      [context, "a Netlify Database branch", { NETLIFY_DB_URL: NETLIFY_URL }, { url: NETLIFY_URL, readOnly: false }] as const,
      [context, "PREVIEW_DATABASE_URL", { PREVIEW_DATABASE_URL: PREVIEW_URL }, { url: PREVIEW_URL, readOnly: false }] as const,
    ]),
  )("never lets a preview write to production: %s with DATABASE_URL and %s", (context, _extraName, extra, expected) => {
    const s = deploySettings({ CONTEXT: context, DATABASE_URL: PROD_URL, ...extra }, undefined);
    expect({ url: s.database.url, readOnly: s.database.readOnly }).toEqual(expected);
  });
});

describe("mail policy", () => {
  it("parses PREVIEW_MAIL_ALLOW (commas, spaces, case) and ignores entries that are not addresses", () => {
    expect(parseMailAllow(" QA@Example.com,@agency.example ;dev@example.com  nonsense")).toEqual(["qa@example.com", "@agency.example", "dev@example.com"]);
    expect(parseMailAllow(undefined)).toEqual([]);
  });

  it("lets only listed addresses and domains through on a preview", () => {
    const policy = deploySettings({ CONTEXT: "deploy-preview", PREVIEW_MAIL_ALLOW: "qa@example.com,@agency.example" }, undefined).mail;
    expect(mailAllowed(policy, "QA@example.com")).toBe(true);
    expect(mailAllowed(policy, "someone@agency.example")).toBe(true);
    expect(mailAllowed(policy, "office@coastalmarinecapecoral.com")).toBe(false);
    expect(mailAllowed(policy, "qa@example.com.evil.test")).toBe(false);
    expect(mailAllowed({ mode: "outbox", allow: [] }, "qa@example.com")).toBe(false);
    expect(mailAllowed({ mode: "send", allow: [] }, "anyone@example.com")).toBe(true);
  });

  it("hands SMTP the allow-list on a preview, and no restriction on production", () => {
    expect(smtpFromEnv({ CONTEXT: "deploy-preview", PREVIEW_MAIL_ALLOW: "qa@example.com", ...SMTP })?.policy).toEqual({ mode: "allow-list", allow: ["qa@example.com"] });
    expect(smtpFromEnv({ CONTEXT: "production", PREVIEW_MAIL_ALLOW: "qa@example.com", ...SMTP })?.policy).toBeUndefined();
  });
});

describe("strictDeploy", () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, false],
    [{ NODE_ENV: "test" }, false],
    [{ CONTEXT: "deploy-preview" }, false],
    [{ NODE_ENV: "production" }, true],
    [{ CONTEXT: "production" }, true],
    [{ SITE_ID: "abc", CONTEXT: "deploy-preview" }, true],
  ])("%j → %s", (env, strict) => expect(strictDeploy(env)).toBe(strict));
});

describe("shownCrmState", () => {
  it("says 'preview' for an unsynced lead only where a preview switched the CRM off", () => {
    const preview = deploySettings({ CONTEXT: "deploy-preview" }, undefined);
    const previewOn = deploySettings({ CONTEXT: "deploy-preview", ZOHO_ON_PREVIEW: "true" }, undefined);
    const production = deploySettings({ CONTEXT: "production" }, undefined);
    expect(shownCrmState("disabled", preview)).toBe("preview");
    expect(shownCrmState("synced", preview)).toBe("synced");
    expect(shownCrmState("disabled", previewOn)).toBe("disabled");
    expect(shownCrmState("disabled", production)).toBe("disabled");
  });
});
