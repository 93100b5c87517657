// The office hears when a pipe breaks (issue 25, item 9): after an hour in which every Zoho sync or
// every mail delivery failed, one e-mail to the office (for mail itself: one error line in the log),
// none more while it stays down, one when it works again; the dashboard's API says the same.
// The clock is set by the test (only Date is faked); the queues' backoff is skipped by making the
// waiting work due, as the jobs would find it later.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { quoteBody, setEnv, useZohoEnv, withBackground } from "../helpers/leads.ts";
import { FAKE_CLIENT, startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp.ts";
import contact from "../../functions/public-contact.ts";
import pipesFn from "../../functions/admin-pipes.ts";
import { runCrmJob, runMailRetry } from "../../src/server/jobs/index.ts";
import { checkPipes } from "../../src/server/pipes/alerts.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { clearTokenMemory } from "../../src/server/crm/token.ts";

const db = useTestDb();
const T0 = new Date("2026-03-02T14:00:00Z");
const MIN = 60_000;
const at = (minutes: number) => vi.setSystemTime(new Date(T0.getTime() + minutes * MIN));

let admin = "";
beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
});
// Each describe's office has its own address: the mails of one are not counted by the next.
let OFFICE = "";
const office = (address: string) => beforeEach(() => void (process.env.LEAD_NOTIFY_EMAIL = OFFICE = address));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.LEAD_NOTIFY_EMAIL;
});


const officeMails = async (kind: string) =>
  (
    await db().query<{ subject: string; text_body: string; sent_at: Date | null }>(
      "SELECT subject, text_body, sent_at FROM outbox WHERE kind = $1 AND to_address = $2 ORDER BY id",
      [kind, OFFICE],
    )
  ).rows;
const pipe = async (name: string) => {
  const r = await call(pipesFn, "GET", "/api/admin/pipes", { token: admin });
  expect(r.status).toBe(200);
  return r.json.data.pipes.find((p: { pipe: string }) => p.pipe === name);
};
const submitQuote = async (email: string) => {
  const bg = withBackground(contact);
  expect((await call(bg.fn, "POST", "/api/public/contact", { body: quoteBody({ email }), ip: `203.0.113.${Math.floor(Math.random() * 200)}` })).status).toBe(200);
  await bg.settle();
};

describe("Zoho's refresh token refused for an hour", () => {
  office("office-zoho@example.com");
  let zoho: FakeZoho;
  let undo: () => void;
  beforeAll(async () => {
    zoho = await startFakeZoho();
    // What an expired or revoked refresh token gets from Zoho: HTTP 200 with error invalid_client.
    undo = useZohoEnv(zoho, { ZOHO_REFRESH_TOKEN: "expired-refresh-token" });
    clearTokenMemory();
  });
  afterAll(async () => {
    undo();
    await zoho.close();
  });

  const crmJob = async () => {
    await db().query("UPDATE leads SET next_attempt_at = now() WHERE crm_state = 'failed'");
    const log = createLogger("job/crm-sync");
    const summary = await runCrmJob(db(), log);
    await log.flush();
    return summary;
  };

  it("e-mails the office once after an hour, never again while it stays down, and once when it works again", async () => {
    at(0);
    await submitQuote("zoho-down@example.com");
    expect(zoho.calls.some((c) => c.path.startsWith("/oauth/v2/token"))).toBe(true);
    expect(await pipe("zoho")).toMatchObject({ state: "failing", failingSince: T0.toISOString(), waitingLeads: 1, alertOpenedAt: null });

    at(30);
    expect(await crmJob()).not.toMatch(/alert/);
    expect(await officeMails("pipe-alert")).toHaveLength(0);

    at(61);
    expect(await crmJob()).toMatch(/zoho alert opened$/);
    const [alert, ...more] = await officeMails("pipe-alert");
    expect(more).toHaveLength(0);
    expect(alert.subject).toBe("Zoho CRM sync has failed for an hour: 1 lead waiting");
    expect(alert.text_body).toContain("has failed since Mar 2, 2026, 9:00 AM EST (3 attempts)");
    expect(alert.text_body).toContain("1 lead waiting for Zoho");
    expect(alert.text_body).toContain("invalid_client");
    expect(alert.text_body).toContain("ZOHO_REFRESH_TOKEN");
    expect(await pipe("zoho")).toMatchObject({
      state: "down",
      failingSince: T0.toISOString(),
      waitingLeads: 1,
      failures: 3,
      lastError: expect.stringContaining("invalid_client"),
      alertOpenedAt: new Date(T0.getTime() + 61 * MIN).toISOString(),
    });

    // More failed retries, and a second lead failing: still the one e-mail.
    at(75);
    await submitQuote("zoho-down-2@example.com");
    expect(await crmJob()).not.toMatch(/alert/);
    at(90);
    expect(await crmJob()).not.toMatch(/alert/);
    expect(await officeMails("pipe-alert")).toHaveLength(1);
    expect(await officeMails("pipe-recovered")).toHaveLength(0);
    expect((await pipe("zoho")).waitingLeads).toBe(2);

    // The office puts a fresh refresh token in place: the next run syncs and says so, once.
    process.env.ZOHO_REFRESH_TOKEN = FAKE_CLIENT.refreshToken;
    at(100);
    expect(await crmJob()).toMatch(/^CRM sync retry: 2 tried, 2 synced, 0 failed; .*; zoho alert closed \(works again\)$/);
    const [recovered, ...again] = await officeMails("pipe-recovered");
    expect(again).toHaveLength(0);
    expect(recovered.subject).toBe("Zoho CRM sync works again");
    expect(recovered.text_body).toContain("every attempt had failed since Mar 2, 2026, 9:00 AM EST");
    expect(await pipe("zoho")).toMatchObject({ state: "ok", failingSince: null, waitingLeads: 0, alertOpenedAt: null, lastError: null });
    at(110);
    expect(await crmJob()).not.toMatch(/alert/);
    expect(await officeMails("pipe-recovered")).toHaveLength(1);
    expect(await officeMails("pipe-alert")).toHaveLength(1);
  });
});

describe("the mail server refusing every log-in for an hour", () => {
  office("office-smtp@example.com");
  let smtp: FakeSmtp;
  let undo: () => void;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtp.refuseLogins = true;
    undo = setEnv(smtp.env());
  });
  afterAll(async () => {
    undo();
    await smtp.close();
  });

  const mailJob = async () => {
    await db().query("UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL");
    const log = createLogger("job/mail-retry");
    const summary = await runMailRetry(db(), log);
    await log.flush();
    return summary;
  };
  const errorLines = async () =>
    (await db().query<{ message: string }>("SELECT message FROM log WHERE level = 'ERROR' AND source = 'job/mail-retry' ORDER BY id")).rows.map((r) => r.message);

  it("writes one error line instead of an e-mail, none more while it stays down, and e-mails the office once it works again", async () => {
    at(0);
    await submitQuote("smtp-down@example.com");
    expect(smtp.received).toHaveLength(0);
    expect(await pipe("smtp")).toMatchObject({ state: "failing", failingSince: T0.toISOString(), waitingLeads: 1, waitingMessages: 2 });

    at(30);
    expect(await mailJob()).toBe("Mail retry: 2 tried, 0 sent");
    at(60);
    expect(await mailJob()).toBe("Mail retry: 2 tried, 0 sent; smtp alert opened");
    const lines = await errorLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^E-mail from the website down: every attempt has failed since 2026-03-02T14:00:00\.000Z; 1 lead whose office e-mail is waiting, 2 messages waiting in all\. Last error: .*535/);
    expect(lines[0]).toContain("SMTP_PASS");
    expect(await pipe("smtp")).toMatchObject({ state: "down", waitingLeads: 1, waitingMessages: 2, alertOpenedAt: new Date(T0.getTime() + 60 * MIN).toISOString() });

    at(70);
    expect(await mailJob()).toBe("Mail retry: 2 tried, 0 sent");
    at(80);
    expect(await mailJob()).toBe("Mail retry: 2 tried, 0 sent");
    expect(await errorLines()).toHaveLength(1);
    // Nothing was queued to tell the office by mail that mail is down.
    expect(await officeMails("pipe-alert")).toHaveLength(0);

    smtp.refuseLogins = false;
    at(90);
    expect(await mailJob()).toBe("Mail retry: 2 tried, 2 sent; smtp alert closed (works again)");
    const [recovered, ...again] = await officeMails("pipe-recovered");
    expect(again).toHaveLength(0);
    expect(recovered.subject).toBe("E-mail from the website works again");
    expect(recovered.sent_at).not.toBeNull();
    expect(smtp.received.map((m) => m.data).filter((d) => d.includes("works again"))).toHaveLength(1);
    expect(await pipe("smtp")).toMatchObject({ state: "ok", waitingLeads: 0, waitingMessages: 0, alertOpenedAt: null });
    at(100);
    expect(await mailJob()).toBe("Mail retry: 0 tried, 0 sent");
    expect(await officeMails("pipe-recovered")).toHaveLength(1);
    expect(await errorLines()).toHaveLength(1);
  });

  it("a recipient the server refuses is that message's problem: mail is not reported down", async () => {
    smtp.refuseLogins = false;
    smtp.refuseRecipients.add("mistyped@example.com");
    at(200);
    await submitQuote("mistyped@example.com");
    at(300);
    expect(await mailJob()).toBe("Mail retry: 1 tried, 0 sent");
    expect(await pipe("smtp")).toMatchObject({ state: "ok", failingSince: null, waitingMessages: 1 });
  });
});

describe("a pipe switched off", () => {
  office("office-off@example.com");

  it("ends its outage without telling the office it works (it does not: nothing tries it)", async () => {
    at(0);
    await db().query("UPDATE pipe_alerts SET closed_at = now(), closed_notice = 'log' WHERE closed_at IS NULL");
    await db().query(
      `INSERT INTO pipe_health (pipe, failing_since, last_failure_at, failures, last_error) VALUES ('zoho', $1, $1, 9, 'Zoho token refresh refused')
       ON CONFLICT (pipe) DO UPDATE SET failing_since = $1, last_failure_at = $1, failures = 9`,
      [new Date(T0.getTime() - 120 * MIN)],
    );
    await db().query("INSERT INTO pipe_alerts (pipe, failing_since, opened_at, opened_notice) VALUES ('zoho', $1, $2, 'mail')", [new Date(T0.getTime() - 120 * MIN), new Date(T0.getTime() - 60 * MIN)]);
    expect(await pipe("zoho")).toMatchObject({ state: "down", alertOpenedAt: new Date(T0.getTime() - 60 * MIN).toISOString() });
    // No ZOHO_* settings here: the CRM sync is off.
    const log = createLogger("job/crm-sync");
    expect(await runCrmJob(db(), log)).toMatch(/; zoho alert closed \(switched off\)$/);
    expect(await officeMails("pipe-recovered")).toHaveLength(0);
    expect(await pipe("zoho")).toMatchObject({ state: "ok", failingSince: null, alertOpenedAt: null });
    const closed = await db().query("SELECT closed_notice FROM pipe_alerts WHERE pipe = 'zoho' ORDER BY id DESC LIMIT 1");
    expect(closed.rows[0]).toEqual({ closed_notice: "off" });
  });
});

describe("two jobs checking at once", () => {
  office("office-race@example.com");

  it("open one alert and queue one e-mail", async () => {
    const undo = setEnv({ ZOHO_CLIENT_ID: "id", ZOHO_CLIENT_SECRET: "secret", ZOHO_REFRESH_TOKEN: "token" });
    try {
      at(0);
      await db().query("UPDATE pipe_alerts SET closed_at = now(), closed_notice = 'log' WHERE closed_at IS NULL");
      await db().query(
        `INSERT INTO pipe_health (pipe, failing_since, last_failure_at, failures, last_error) VALUES ('zoho', $1, $1, 4, 'Zoho token refresh refused')
         ON CONFLICT (pipe) DO UPDATE SET failing_since = $1, last_failure_at = $1, failures = 4`,
        [new Date(T0.getTime() - 90 * MIN)],
      );
      const log = createLogger("job/crm-sync");
      const said = await Promise.all([checkPipes(db(), ["zoho"], log), checkPipes(db(), ["zoho"], log), checkPipes(db(), ["zoho"], log)]);
      expect(said.filter((s) => s === "zoho alert opened")).toHaveLength(1);
      expect(await officeMails("pipe-alert")).toHaveLength(1);
    } finally {
      undo();
    }
  });
});

describe("GET /api/admin/pipes", () => {
  it("is for admins only", async () => {
    expect((await call(pipesFn, "GET", "/api/admin/pipes")).status).toBe(401);
    const user = (await userWithSession(db())).token;
    const r = await call(pipesFn, "GET", "/api/admin/pipes", { token: user });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ status: false, message: expect.any(String) });
  });
});
