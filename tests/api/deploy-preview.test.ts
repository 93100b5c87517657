/**
 * A deploy preview with the company's Zoho and SMTP settings present (as Netlify hands every
 * context the same variables unless told otherwise): a quote is stored and answered, but nothing
 * leaves for the CRM or a mailbox, and every answer says noindex. The same submission in the
 * production context does reach both fakes, so the silence here is the preview's doing.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { quoteBody, useZohoEnv, withBackground } from "../helpers/leads.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { userWithSession } from "../helpers/auth.ts";
import contactHandler from "../../functions/public-contact.ts";
import healthFn from "../../functions/health.ts";
import leadsFn from "../../functions/admin-leads.ts";
import productsFn from "../../functions/products-public.ts";
import { runCrmRetry, runMailRetry } from "../../src/server/jobs/index.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { createDb, getDb, setDb } from "../../src/server/db/index.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { seedCatalogue } from "../../src/server/products/seed.ts";
import { READ_ONLY_MESSAGE } from "../../src/server/settings/context.ts";

/** A local SMTP server without TLS that speaks just enough SMTP for nodemailer and records every connection and recipient. */
async function startSmtpListener() {
  const connections: Socket[] = [];
  const recipients: string[] = [];
  const server: Server = createServer((socket) => {
    connections.push(socket);
    let inData = false;
    let buffer = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i: number;
      while ((i = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          }
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === "EHLO" || cmd === "HELO") socket.write("250 test\r\n");
        else if (cmd === "RCPT") {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? line);
          socket.write("250 ok\r\n");
        } else if (cmd === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (cmd === "QUIT") socket.end("221 bye\r\n");
        // A server that offers no TLS refuses STARTTLS at once. (Answered "250 ok", nodemailer began
        // a TLS handshake nobody answered and each mail waited 10 s for its socket timeout.)
        else if (line.toUpperCase() === "STARTTLS") socket.write("454 4.7.0 TLS not available\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    recipients,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of connections) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const db = useTestDb();
const contactBg = withBackground(contactHandler);
const contact = contactBg.fn;
let fake: FakeZoho;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let undoZoho: () => void;
const SET = ["CONTEXT", "SMTP_HOST", "SMTP_PORT", "SMTP_SECURE", "SMTP_ALLOW_PLAINTEXT", "PREVIEW_MAIL_ALLOW", "ZOHO_ON_PREVIEW", "DATABASE_URL", "PREVIEW_DATABASE_URL", "NETLIFY_DB_URL"];
const saved = Object.fromEntries(SET.map((k) => [k, process.env[k]]));
let ipSeq = 0;
const ip = () => `192.0.2.${++ipSeq}`;

beforeAll(async () => {
  process.env.CONTENT_DIR = new URL("../fixtures/content", import.meta.url).pathname;
  fake = await startFakeZoho();
  smtp = await startSmtpListener();
  undoZoho = useZohoEnv(fake);
});
beforeEach(() => {
  for (const k of SET) delete process.env[k];
  process.env.CONTEXT = "deploy-preview";
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String(smtp.port);
  process.env.SMTP_SECURE = "false";
  // This SMTP server has no TLS: a catcher on this machine, allowed outside production only.
  process.env.SMTP_ALLOW_PLAINTEXT = "true";
});
afterEach(async () => {
  await contactBg.settle();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  delete process.env.CONTENT_DIR;
  undoZoho();
  await fake.close();
  await smtp.close();
});

const leadByEmail = async (email: string) =>
  (await db().query<{ id: string; crm_state: string; crm_lead_id: string | null }>("SELECT id, crm_state, crm_lead_id FROM leads WHERE email = $1", [email])).rows;
const outboxFor = async (leadEmail: string) =>
  (
    await db().query<{ to_address: string; kind: string; sent_at: Date | null; attempts: number }>(
      "SELECT to_address, kind, sent_at, attempts FROM outbox WHERE to_address = $1 OR text_body LIKE $2 ORDER BY id",
      [leadEmail, `%${leadEmail}%`],
    )
  ).rows;

describe("a quote on a deploy preview (CONTEXT=deploy-preview, Zoho and SMTP configured)", () => {
  it("is stored and answered with noindex, not synced to Zoho, and no SMTP connection is attempted", async () => {
    const email = "preview-quote@example.com";
    const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { status: true } });
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
    await contactBg.settle();

    const [lead] = await leadByEmail(email);
    expect(lead).toMatchObject({ crm_state: "disabled", crm_lead_id: null });
    // Both e-mails are in the outbox (readable by the reviewer), kept there, not sent.
    const mails = await outboxFor(email);
    expect(mails.map((m) => [m.to_address, m.kind])).toEqual([
      ["office@fixture.example.com", "lead-notify"],
      [email, "lead-confirm"],
    ]);
    expect(mails.every((m) => m.sent_at !== null)).toBe(true);

    // The scheduled jobs do not send or sync it later either.
    const log = createLogger("test");
    expect(await runCrmRetry(db(), log)).toContain("0 tried");
    expect(await runMailRetry(db())).toContain("0 tried");

    expect(fake.calls).toHaveLength(0);
    expect(fake.refreshes).toBe(0);
    expect(smtp.connections).toHaveLength(0);
  });

  it("shows the lead in the preview's admin dashboard as 'not synced (preview)'", async () => {
    const email = "preview-admin@example.com";
    await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() });
    await contactBg.settle();
    const admin = (await userWithSession(db(), { role: "admin" })).token;
    const r = await call(leadsFn, "GET", "/api/admin/leads?pageSize=100", { token: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
    const row = r.json.data.data.find((l: { email: string }) => l.email === email);
    expect(row.crmState).toBe("preview");
  });

  it("mails only the addresses in PREVIEW_MAIL_ALLOW; the office notice stays in the outbox", async () => {
    const email = "allowed-reviewer@example.com";
    process.env.PREVIEW_MAIL_ALLOW = `${email}, @nowhere.example`;
    const before = smtp.recipients.length;
    expect((await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() })).status).toBe(200);
    await contactBg.settle();
    expect(smtp.recipients.slice(before)).toEqual([email]);
    expect(fake.calls).toHaveLength(0);
  });

  it("syncs to Zoho on a preview when ZOHO_ON_PREVIEW=true", async () => {
    process.env.ZOHO_ON_PREVIEW = "true";
    const email = "preview-crm-on@example.com";
    await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() });
    await contactBg.settle();
    expect((await leadByEmail(email))[0].crm_state).toBe("synced");
    expect(fake.records.Leads.length).toBeGreaterThan(0);
  });

  it("GET /api/health says deploy-preview and the database kind, without a URL", async () => {
    process.env.PREVIEW_DATABASE_URL = "postgres://secret-user:secret-pass@preview.example.com/db";
    const r = await call(healthFn, "GET", "/api/health");
    expect(r.status).toBe(200);
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
    expect(r.json.data).toMatchObject({ context: "deploy-preview", database: { kind: "preview-database", writable: true }, crm: "off-preview", mail: "outbox" });
    expect(r.text).not.toContain("secret");
    expect(r.text).not.toContain("preview.example.com");
  });

  it("the function's own deploy context decides (production context: no noindex)", async () => {
    const r = await call(healthFn, "GET", "/api/health", {});
    expect(r.headers.get("x-robots-tag")).toBe("noindex");
    const ctx = { ip: "192.0.2.200", requestId: "r1", params: {}, deploy: { context: "production" } };
    const res = await healthFn(new Request("http://localhost/api/health"), ctx as never);
    expect(res.headers.get("x-robots-tag")).toBeNull();
    expect((await res.json()).data.context).toBe("production");
  });
});

describe("the same quote in production reaches both (so the preview's silence is real)", () => {
  it("connects to SMTP (and, this test server offering no TLS, sends nothing in clear text) and creates the Zoho records; no noindex", async () => {
    process.env.CONTEXT = "production";
    const email = "production-quote@example.com";
    const before = { connections: smtp.connections.length, recipients: smtp.recipients.length };
    const lastMail = Number((await db().query<{ n: string }>("SELECT coalesce(max(id), 0) AS n FROM outbox")).rows[0].n);
    const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-robots-tag")).toBeNull();
    await contactBg.settle();
    // Both messages were tried over SMTP (the preview above never connects)...
    expect(smtp.connections.length - before.connections).toBeGreaterThanOrEqual(2);
    // ...and production requires TLS even to a server on this machine: they wait for a server that offers it.
    expect(smtp.recipients.length).toBe(before.recipients);
    const queued = await db().query<{ to_address: string; sent_at: Date | null; last_error: string | null }>(
      "SELECT to_address, sent_at, last_error FROM outbox WHERE id > $2 AND to_address IN ('office@fixture.example.com', $1) ORDER BY to_address",
      [email, lastMail],
    );
    expect(queued.rows.map((m) => [m.to_address, m.sent_at, !!m.last_error])).toEqual([["office@fixture.example.com", null, true], [email, null, true]].sort());
    expect((await leadByEmail(email))[0].crm_state).toBe("synced");
  });
});

describe("a preview that only knows the production DATABASE_URL", () => {
  let dir: string;
  let liveProducts = 0;
  beforeAll(async () => {
    // "Production": a migrated database with its catalogue.
    dir = mkdtempSync(join(tmpdir(), "preview-ro-"));
    const prod = await createDb(`pglite:${dir}`);
    await migrate(prod);
    liveProducts = await seedCatalogue(prod);
    await prod.close();
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads it, refuses every write with a 503 and a clear message, and leaves it untouched", async () => {
    process.env.DATABASE_URL = `pglite:${dir}`;
    setDb(undefined); // the process database now comes from the deploy settings
    try {
      const health = await call(healthFn, "GET", "/api/health");
      expect(health.json.data).toMatchObject({ context: "deploy-preview", database: { kind: "database-url", writable: false } });

      const products = await call(productsFn, "GET", "/api/public/products");
      expect(products.status).toBe(200);
      expect(liveProducts).toBeGreaterThan(0);
      expect(products.json.data).toHaveLength(liveProducts);

      const email = "refused@example.com";
      const r = await call(contact, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: ip() });
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ status: false, message: READ_ONLY_MESSAGE });
      expect(r.headers.get("x-robots-tag")).toBe("noindex");
      const live = await getDb();
      expect((await live.query("SELECT count(*)::int AS n FROM leads")).rows[0].n).toBe(0);
      expect((await live.query("SELECT count(*)::int AS n FROM outbox")).rows[0].n).toBe(0);
    } finally {
      await (await getDb()).close();
      setDb(db());
    }
  });
});
