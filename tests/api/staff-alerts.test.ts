// Issue 34, item 1 and 3: staff alerts by Web Push (to a local push service stand-in that decrypts
// what it gets), the rota, quiet hours and on-call, the escalation after 15 business minutes,
// retries exactly once, devices that are gone, previews, and the one tap 'התקשרתי'.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import { quoteBody, withBackground } from "../helpers/leads.ts";
import { startFakePush, type FakePush, type FakeSubscription } from "../helpers/fake-push.ts";
import contactHandler from "../../functions/public-contact.ts";
import alertsFn from "../../functions/admin-alerts.ts";
import devicesFn from "../../functions/admin-alerts-devices.ts";
import testFn from "../../functions/admin-alerts-test.ts";
import contactedFn from "../../functions/admin-leads-contacted.ts";
import reportsFn from "../../functions/admin-reports.ts";
import { runAlertsJob } from "../../src/server/jobs/index.ts";
import { escalateWaitingLeads } from "../../src/server/alerts/lead-alerts.ts";
import { localClock, recipientsAt, type AlertSettings } from "../../src/server/alerts/rota.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { getDb } from "../../src/server/db/index.ts";

const db = useTestDb();
const contact = withBackground(contactHandler);
let push: FakePush;
let content = "";
type Staff = Awaited<ReturnType<typeof userWithSession>>;
let ann: Staff;
let ben: Staff;
let cat: Staff;
let seq = 0;
const ip = () => `203.0.113.${++seq}`;
const log = createLogger("test");

/** A rota with `who` on duty all week, round the clock (a shift from 00:00 to 23:59 and the last minute). */
const allWeek = (who: Staff): AlertSettings["rota"] =>
  [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
    { day, from: "00:00", to: "23:59", userId: who.id },
    { day, from: "23:59", to: "00:00", userId: who.id },
  ]);
const save = (settings: AlertSettings, token = ann.token) => call(alertsFn, "PUT", "/api/admin/alerts", { token, body: settings });
async function device(staff: Staff): Promise<FakeSubscription> {
  const sub = push.subscribe();
  const r = await call(devicesFn, "POST", "/api/admin/alerts/devices", { token: staff.token, body: { endpoint: sub.endpoint, keys: sub.keys, label: "Pixel 8" } });
  expect(r.status, r.text).toBe(201);
  return sub;
}
const submitQuote = async (over: Record<string, unknown> = {}) => {
  const r = await call(contact.fn, "POST", "/api/public/contact", { body: quoteBody({ email: `q${++seq}@example.com`, ...over }), ip: ip() });
  expect(r.status, r.text).toBe(200);
  await contact.settle();
  const row = await db().query<{ id: string }>("SELECT id FROM leads ORDER BY created_at DESC LIMIT 1");
  return row.rows[0].id;
};
const forSub = (sub: FakeSubscription) => push.received.filter((m) => m.id === sub.id);

beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), "alerts-content-"));
  writeFileSync(join(content, "site.json"), JSON.stringify({ name: "Test", hours: { label: "Mon–Fri 8–5", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" } }));
  copyFileSync(new URL("../fixtures/content/services.json", import.meta.url), join(content, "services.json"));
  process.env.CONTENT_DIR = content;
  push = await startFakePush();
  ann = await userWithSession(db(), { role: "admin", name: "Ann" });
  ben = await userWithSession(db(), { role: "admin", name: "Ben" });
  cat = await userWithSession(db(), { role: "admin", name: "Cat" });
});
afterAll(async () => {
  await push.stop();
  delete process.env.CONTENT_DIR;
  rmSync(content, { recursive: true, force: true });
});
beforeEach(async () => {
  await db().query("DELETE FROM push_devices");
  await db().query("DELETE FROM alert_settings");
  push.received.splice(0);
});
afterEach(() => {
  delete process.env.CONTEXT;
  delete process.env.PUSH_TIMEOUT_MS;
});

describe("turning alerts on", () => {
  it("an admin registers a device, sees it, tests it and turns it off; the test alert arrives encrypted and signed", async () => {
    const sub = await device(ann);
    const got = await call(alertsFn, "GET", "/api/admin/alerts", { token: ann.token });
    expect(got.json.data.devices).toEqual([expect.objectContaining({ label: "Pixel 8" })]);
    expect(got.json.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(got.json.data.staff.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["Ann", "Ben", "Cat"]));

    const t = await call(testFn, "POST", "/api/admin/alerts/test", { token: ann.token });
    expect(t.json.data).toMatchObject({ devices: 1, sent: 1 });
    const [m] = forSub(sub);
    expect(m.payload).toMatchObject({ title: "בדיקת התראות", url: "/admin#alerts" });
    expect(m.vapidValid).toBe(true);
    expect(m.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400", urgency: "high" });
    expect(m.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const id = got.json.data.devices[0].id;
    expect((await call(devicesFn, "DELETE", `/api/admin/alerts/devices/${id}`, { token: ben.token, params: { id } })).status).toBe(404);
    expect((await call(devicesFn, "DELETE", `/api/admin/alerts/devices/${id}`, { token: ann.token, params: { id } })).status).toBe(200);
    expect((await call(alertsFn, "GET", "/api/admin/alerts", { token: ann.token })).json.data.devices).toEqual([]);
  });

  it("refuses a push address that is not a push service, bad keys, and anyone but an admin", async () => {
    const { endpoint, keys } = push.subscribe();
    const sub = { endpoint, keys };
    const bad = async (body: unknown) => call(devicesFn, "POST", "/api/admin/alerts/devices", { token: ann.token, body });
    for (const wrong of ["https://evil.example/push/1", "http://169.254.169.254/latest/meta-data", "ftp://fcm.googleapis.com/x", "not a url"]) {
      const r = await bad({ ...sub, endpoint: wrong });
      expect(r.status, wrong).toBe(400);
      expect(r.json.field).toBe("endpoint");
    }
    expect((await bad({ ...sub, keys: { p256dh: "short", auth: sub.keys.auth } })).json.field).toBe("keys.p256dh");
    expect((await bad({ ...sub, label: "a\u0000b" })).json.field).toBe("label");
    const user = await userWithSession(db());
    expect((await call(devicesFn, "POST", "/api/admin/alerts/devices", { token: user.token, body: { ...sub, endpoint: "https://fcm.googleapis.com/fcm/send/x" } })).status).toBe(403);
    expect((await call(alertsFn, "GET", "/api/admin/alerts", { token: user.token })).status).toBe(403);
    expect((await call(alertsFn, "GET", "/api/admin/alerts")).status).toBe(401);
  });

  it("refuses a rota that names someone who is not staff, naming the field", async () => {
    const user = await userWithSession(db());
    const r = await save({ rota: [{ day: 1, from: "08:00", to: "17:00", userId: user.id }], quiet: null, onCall: null, escalation: [] });
    expect(r.status).toBe(400);
    expect(r.json.field).toBe("userId");
    const bad = await save({ rota: [{ day: 8, from: "8am", to: "17:00", userId: ann.id }], quiet: null, onCall: null, escalation: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toMatch(/^rota\.0\./);
  });
});

describe("who is alerted", () => {
  it("a new quote alerts every device of whoever is on duty: who, what service, which town, quote; tapping opens the lead's card", async () => {
    expect((await save({ rota: allWeek(ann), quiet: null, onCall: ben.id, escalation: [] })).status).toBe(200);
    const [phone, laptop, bens] = [await device(ann), await device(ann), await device(ben)];
    const id = await submitQuote({ fullName: "Dana \u202eLopez", address: "88 SE 47th Ter, Cape Coral, FL 33904", subject: "Boat Lifts" });
    for (const sub of [phone, laptop]) {
      expect(forSub(sub).map((m) => m.payload)).toEqual([
        { title: "ליד חדש: בקשת הצעת מחיר", body: "Dana Lopez · Boat Lifts · Cape Coral", url: `/admin?lead=${id}`, tag: `lead-${id}-new` },
      ]);
    }
    expect(forSub(bens)).toEqual([]);
    // The job finds nothing more to send: each device got it once.
    await runAlertsJob(await getDb(), log);
    expect(forSub(phone)).toHaveLength(1);
  });

  it("in quiet hours, or with nobody on duty, only the on-call person is alerted", async () => {
    const at = new Date("2026-03-11T03:00:00Z"); // 11 pm in Cape Coral
    const rota = [{ day: localClock(at).day, from: "00:00", to: "23:59", userId: ann.id }];
    expect(recipientsAt({ rota, quiet: { from: "21:00", to: "07:00" }, onCall: ben.id, escalation: [] }, at)).toEqual({ userIds: [ben.id], reason: "on-call" });
    expect(recipientsAt({ rota, quiet: { from: "21:00", to: "22:00" }, onCall: ben.id, escalation: [] }, at)).toEqual({ userIds: [ann.id], reason: "on-duty" });
    expect(recipientsAt({ rota: [], quiet: null, onCall: ben.id, escalation: [] }, at)).toEqual({ userIds: [ben.id], reason: "on-call" });
    expect(recipientsAt({ rota: [], quiet: null, onCall: null, escalation: [] }, at).userIds).toEqual([]);
    // A night shift that runs past midnight covers the next morning.
    const tuesdayNight = [{ day: 2, from: "22:00", to: "06:00", userId: cat.id }];
    expect(recipientsAt({ rota: tuesdayNight, quiet: null, onCall: null, escalation: [] }, new Date("2026-03-11T09:00:00Z")).userIds).toEqual([cat.id]); // Wed 5 am
    expect(recipientsAt({ rota: tuesdayNight, quiet: null, onCall: null, escalation: [] }, new Date("2026-03-11T11:00:00Z")).userIds).toEqual([]); // Wed 7 am

    // And through the API, now: the whole day is quiet.
    await save({ rota: allWeek(ann), quiet: { from: "00:00", to: "23:59" }, onCall: ben.id, escalation: [] });
    const [anns, bens] = [await device(ann), await device(ben)];
    await submitQuote();
    expect(forSub(anns)).toEqual([]);
    expect(forSub(bens)).toHaveLength(1);
  });

  it("a lead held as spam alerts as one to check; a failed Zoho sync alerts once per lead", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [] });
    const sub = await device(ann);
    const id = await submitQuote({ website: "http://spam.example" });
    expect(forSub(sub).map((m) => m.payload.title)).toEqual(["ליד הוחזק כחשד לספאם: לבדוק"]);
    const { alertLead } = await import("../../src/server/alerts/lead-alerts.ts");
    await alertLead(await getDb(), id, "crm-failed", log);
    await alertLead(await getDb(), id, "crm-failed", log);
    expect(forSub(sub).map((m) => m.payload.title)).toEqual(["ליד הוחזק כחשד לספאם: לבדוק", "הליד לא נשמר ב-Zoho: לבדוק"]);
  });
});

describe("delivery", () => {
  it("retries 429s, 5xx and timeouts until delivered, exactly once per device", async () => {
    process.env.PUSH_TIMEOUT_MS = "300";
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [] });
    const sub = await device(ann);
    push.failNext(1, 503);
    push.failNext(1, 429);
    push.failNext(1, "timeout");
    await submitQuote();
    expect(forSub(sub)).toHaveLength(0);
    for (let i = 0; i < 4; i++) {
      await db().query("UPDATE push_outbox SET next_attempt_at = now() WHERE sent_at IS NULL");
      await runAlertsJob(await getDb(), log);
    }
    expect(forSub(sub)).toHaveLength(1);
    const row = await db().query<{ attempts: number; sent_at: Date | null }>("SELECT attempts, sent_at FROM push_outbox ORDER BY id DESC LIMIT 1");
    expect(row.rows[0]).toMatchObject({ attempts: 4, sent_at: expect.any(Date) });
  });

  it("the submit itself tries again a second later: one failure does not wait for the job", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [] });
    const sub = await device(ann);
    push.failNext(1, 500);
    const t0 = Date.now();
    await submitQuote();
    expect(forSub(sub)).toHaveLength(1);
    expect(forSub(sub)[0].at - t0).toBeLessThan(5000);
  });

  it("removes a device the push service says is gone (410)", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [] });
    const sub = await device(ann);
    push.gone(sub.id);
    await submitQuote();
    expect((await db().query("SELECT 1 FROM push_devices")).rows).toHaveLength(0);
  });

  it("a preview deploy never pushes: the alert stays in the outbox with the reason", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [] });
    const sub = await device(ann);
    process.env.CONTEXT = "deploy-preview";
    await submitQuote();
    expect(forSub(sub)).toEqual([]);
    const row = await db().query<{ last_error: string }>("SELECT last_error FROM push_outbox ORDER BY id DESC LIMIT 1");
    expect(row.rows[0].last_error).toMatch(/preview/);
    expect((await call(alertsFn, "GET", "/api/admin/alerts", { token: ann.token })).json.data.enabled).toBe(false);
  });
});

describe("escalation and the first call", () => {
  // Wednesday 11 March 2026, 10:00 in Cape Coral (EDT).
  const WED_10 = new Date("2026-03-11T14:00:00Z");
  const minutes = (m: number) => new Date(WED_10.getTime() + m * 60_000);

  it("a lead nobody calls alerts the next person after 15 business minutes, then the next; a call stops it", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [ben.id, cat.id] });
    const [bens, cats] = [await device(ben), await device(cat)];
    const id = await submitQuote();
    const called = await submitQuote();
    await db().query("UPDATE leads SET created_at = $2 WHERE id = ANY($1::uuid[])", [[id, called], WED_10]);
    expect((await call(contactedFn, "POST", `/api/admin/leads/${called}/contacted`, { token: ann.token, params: { id: called } })).status).toBe(200);

    const run = async (at: Date) => {
      await escalateWaitingLeads(await getDb(), at);
      await runAlertsJob(await getDb(), log);
    };
    await run(minutes(14));
    expect([forSub(bens).length, forSub(cats).length]).toEqual([0, 0]);
    await run(minutes(16));
    expect(forSub(bens).map((m) => m.payload)).toEqual([expect.objectContaining({ title: "ליד מחכה 15 דקות ואף אחד לא התקשר", url: `/admin?lead=${id}` })]);
    await run(minutes(20));
    expect([forSub(bens).length, forSub(cats).length]).toEqual([1, 0]);
    await run(minutes(31));
    expect([forSub(bens).length, forSub(cats).length]).toEqual([1, 1]);
    await run(minutes(90));
    expect([forSub(bens).length, forSub(cats).length]).toEqual([1, 1]);
  });

  it("counts business minutes only: a lead on Friday at 4:55 pm escalates on Monday at 8:10 am", async () => {
    await save({ rota: allWeek(ann), quiet: null, onCall: null, escalation: [ben.id] });
    const bens = await device(ben);
    const id = await submitQuote();
    await db().query("UPDATE leads SET created_at = $2 WHERE id = $1", [id, new Date("2026-03-13T20:55:00Z")]);
    await escalateWaitingLeads(await getDb(), new Date("2026-03-14T18:00:00Z")); // Saturday 2 pm
    await escalateWaitingLeads(await getDb(), new Date("2026-03-16T12:09:00Z")); // Monday 8:09 am
    await runAlertsJob(await getDb(), log);
    expect(forSub(bens)).toHaveLength(0);
    await escalateWaitingLeads(await getDb(), new Date("2026-03-16T12:11:00Z"));
    await runAlertsJob(await getDb(), log);
    expect(forSub(bens)).toHaveLength(1);
  });

  it("'התקשרתי' records the first call once, moves a new lead to contacted, and the speed report counts it", async () => {
    const id = await submitQuote();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const speed = async () => {
      const r = await call(reportsFn, "GET", `/api/admin/reports/speed?period=custom&from=${day(new Date(Date.now() - 86_400_000))}&to=${day(new Date())}&tz=UTC`, {
        token: ann.token,
        params: { table: "speed" },
      });
      expect(r.status, r.text).toBe(200);
      return r.json.data.total as { answered: number; waiting: number };
    };
    const before = await speed();
    const first = await call(contactedFn, "POST", `/api/admin/leads/${id}/contacted`, { token: ann.token, params: { id } });
    expect(first.json.data).toMatchObject({ id, already: false, status: "contacted", by: ann.email });
    const again = await call(contactedFn, "POST", `/api/admin/leads/${id}/contacted`, { token: ben.token, params: { id } });
    expect(again.json.data).toMatchObject({ already: true, by: ann.email, firstContactAt: first.json.data.firstContactAt });
    const history = await db().query("SELECT to_status, note FROM lead_status_history WHERE lead_id = $1", [id]);
    expect(history.rows).toEqual([{ to_status: "contacted", note: "התקשרתי" }]);
    const after = await speed();
    expect([after.answered, after.waiting]).toEqual([before.answered + 1, before.waiting - 1]);

    // A first call on a lead already past 'new' is recorded without a status change, and counts too.
    const quoted = await submitQuote();
    await db().query("UPDATE leads SET status = 'quoted' WHERE id = $1", [quoted]);
    const q = await call(contactedFn, "POST", `/api/admin/leads/${quoted}/contacted`, { token: ann.token, params: { id: quoted } });
    expect(q.json.data).toMatchObject({ already: false, status: "quoted" });
    expect((await speed()).answered).toBe(after.answered + 1);

    expect((await call(contactedFn, "POST", "/api/admin/leads/nope/contacted", { token: ann.token, params: { id: "nope" } })).status).toBe(400);
    const user = await userWithSession(db());
    expect((await call(contactedFn, "POST", `/api/admin/leads/${id}/contacted`, { token: user.token, params: { id } })).status).toBe(403);
  });
});
