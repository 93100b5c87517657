import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { quoteBody, withBackground } from "../helpers/leads.ts";
import contact from "../../functions/public-contact.ts";
import { runMailRetry, runMaintenance } from "../../src/server/jobs/index.ts";
import { storeLead } from "../../src/server/leads/store.ts";

const db = useTestDb();

describe("a mail server that is down", () => {
  const saved = { host: process.env.SMTP_HOST, port: process.env.SMTP_PORT, notify: process.env.LEAD_NOTIFY_EMAIL };
  beforeAll(() => {
    // Nothing listens on port 1: every SMTP attempt is refused.
    process.env.SMTP_HOST = "127.0.0.1";
    process.env.SMTP_PORT = "1";
    process.env.LEAD_NOTIFY_EMAIL = "office@example.com";
  });
  afterAll(() => {
    for (const [k, v] of [["SMTP_HOST", saved.host], ["SMTP_PORT", saved.port], ["LEAD_NOTIFY_EMAIL", saved.notify]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("neither delays the answer nor loses the e-mails: they wait in the outbox for the retry job", async () => {
    const bg = withBackground(contact);
    const r = await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email: "smtp-down@example.com" }) });
    expect(r.status).toBe(200);
    await bg.settle();
    const q = () =>
      db().query<{ to_address: string; sent_at: Date | null; attempts: number; last_error: string | null }>(
        "SELECT to_address, sent_at, attempts, last_error FROM outbox WHERE to_address IN ('office@example.com', 'smtp-down@example.com') ORDER BY id",
      );
    const queued = (await q()).rows;
    expect(queued.map((m) => m.to_address)).toEqual(["office@example.com", "smtp-down@example.com"]);
    expect(queued.every((m) => m.sent_at === null && m.attempts === 1 && m.last_error)).toBe(true);
    await db().query("UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL");
    expect(await runMailRetry(db())).toBe("Mail retry: 2 tried, 0 sent");
    expect((await q()).rows.every((m) => m.attempts === 2 && m.sent_at === null)).toBe(true);
  });
});

describe("daily maintenance", () => {
  it("removes old logs, expired rate-limit counters and log-in throttles, old spam and old web-vitals samples, and keeps every real lead", async () => {
    const base = { kind: "quote" as const, fullName: "A", phone: "2395550100", subject: "Docks", ip: "1.2.3.4", crmEnabled: false };
    const oldSpam = await storeLead(db(), { ...base, email: "old-spam@example.com", spamReason: "honeypot" });
    const newSpam = await storeLead(db(), { ...base, email: "new-spam@example.com", spamReason: "honeypot" });
    const oldReal = await storeLead(db(), { ...base, email: "old-real@example.com", spamReason: null });
    await db().query("UPDATE leads SET created_at = now() - interval '31 days' WHERE id = ANY($1::uuid[])", [[oldSpam.id, oldReal.id]]);
    await db().query("INSERT INTO log (ts, level, source, message) VALUES (now() - interval '31 days', 'INFO', '/old', 'old')");
    await db().query("INSERT INTO rate_limit (key, window_start, hits) VALUES ('lead-submit-ip:old', now() - interval '2 days', 3)");
    // A subject nobody failed on for two days is forgotten; one still locked, or failing today, is kept.
    await db().query(
      `INSERT INTO login_throttle (key, failures, last_failure_at, locked_until) VALUES
        ('login-account:forgotten@example.com', 3, now() - interval '2 days', now() - interval '2 days'),
        ('login-account:recent@example.com', 3, now() - interval '1 hour', NULL),
        ('login-ip:203.0.113.77', 9, now() - interval '2 days', now() + interval '1 hour')`,
    );
    await db().query("INSERT INTO web_vitals (ts, metric, value, path) VALUES (now() - interval '91 days', 'LCP', 1.2, '/old'), (now(), 'LCP', 1.1, '/new')");
    expect(await runMaintenance(db())).toMatch(
      /^Maintenance: [1-9]\d* log entries, [1-9]\d* rate-limit counters, 1 log-in throttle entries, 1 spam submissions, 1 web-vitals samples, 0 idempotency keys, 0 unused lead photos removed$/,
    );
    const throttles = await db().query<{ key: string }>("SELECT key FROM login_throttle WHERE key LIKE ANY($1) ORDER BY key", [["%forgotten%", "%recent%", "%203.0.113.77"]]);
    expect(throttles.rows.map((r) => r.key)).toEqual(["login-account:recent@example.com", "login-ip:203.0.113.77"]);
    const vitals = await db().query<{ path: string }>("SELECT path FROM web_vitals WHERE path IN ('/old', '/new')");
    expect(vitals.rows.map((r) => r.path)).toEqual(["/new"]);
    const left = await db().query<{ id: string }>("SELECT id FROM leads WHERE id = ANY($1::uuid[])", [[oldSpam.id, newSpam.id, oldReal.id]]);
    expect(left.rows.map((r) => r.id).sort()).toEqual([newSpam.id, oldReal.id].sort());
  });
});
