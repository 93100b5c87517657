// Issue 35, item 5: the office's calendar. Admins list the visits of some days with their leads,
// book or move a visit for a caller with the same constraint as a visitor, record how it went
// (scheduled, done, no-show, cancelled), see the visit on the lead card, subscribe to a private ICS
// feed (secret, revocable), and Zoho gets each visit as an Event linked to the deal, exactly once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { filledAgo, useZohoEnv, withBackground } from "../helpers/leads.ts";
import { userWithSession } from "../helpers/auth.ts";
import { startFakeZoho, type FakeZoho } from "../helpers/fake-zoho.ts";
import { icsDate, parseIcs } from "../helpers/ics.ts";
import visitsHandler from "../../functions/admin-visits.ts";
import visitHandler from "../../functions/admin-visit.ts";
import dayFn from "../../functions/admin-visits-day.ts";
import feedAdminFn from "../../functions/admin-visits-feed.ts";
import feedFn from "../../functions/visits-feed.ts";
import leadsFn from "../../functions/admin-leads.ts";
import slotsFn from "../../functions/visits-slots.ts";
import bookHandler from "../../functions/visits-book.ts";
import manageHandler from "../../functions/visits-manage.ts";
import settingsFn from "../../functions/admin-visit-settings.ts";
import { DEFAULT_VISIT_SETTINGS } from "../../src/server/visits/settings.ts";
import { runCrmJob } from "../../src/server/jobs/index.ts";
import { createLogger } from "../../src/server/logs/logger.ts";
import { clearTokenMemory } from "../../src/server/crm/token.ts";
import { visitRef } from "../../src/server/visits/crm-event.ts";
import type { AdminVisit, PublicSlot } from "../../src/lib/contracts/visits.ts";

const db = useTestDb();
const visits = withBackground(visitsHandler);
const visit = withBackground(visitHandler);
const book = withBackground(bookHandler);
const manage = withBackground(manageHandler);
let admin: { token: string; id: string; email: string };
let user: { token: string };
let seq = 0;
const ip = () => `198.18.0.${(++seq % 250) + 1}`;

const caller = (over: Record<string, unknown> = {}) => ({ fullName: "Pat Caller", email: `caller${++seq}@example.com`, phone: "(239) 555-0166", address: "12 Harbor Ct, Cape Coral", zip: "33914", service: "Seawalls", ...over });
const officeBook = (body: unknown, token = admin.token) => call(visits.fn, "POST", "/api/admin/visits", { token, body, ip: ip() });
const change = (id: string, body: unknown, token = admin.token) => call(visit.fn, "PATCH", `/api/admin/visit/${id}`, { token, body, params: { id }, ip: ip() });
const list = (from: string, to: string) => call(visits.fn, "GET", `/api/admin/visits?from=${from}&to=${to}`, { token: admin.token });
const slots = async (): Promise<PublicSlot[]> => (await call(slotsFn, "GET", "/api/public/visits/slots", { ip: ip() })).json.data.slots;
const settle = async () => Promise.all([visits.settle(), visit.settle(), book.settle(), manage.settle()]);
const mails = async (to: string) => (await db().query<{ kind: string; text_body: string }>("SELECT kind, text_body FROM outbox WHERE to_address = $1 ORDER BY id", [to])).rows;
/** A date some days ahead in Cape Coral, and the office's 10:15 that day (off the visitors' grid). */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const bookOnline = async (slot: PublicSlot, email = `online${++seq}@example.com`) => {
  const r = await call(book.fn, "POST", "/api/public/visits", {
    body: { slot: slot.start, fullName: "Online Ann", email, phone: "(239) 555-0111", address: "5 Lagoon Ln", zip: "33904", startedAt: filledAgo(), page: "/book" },
    ip: ip(),
  });
  expect(r.status, r.text).toBe(201);
  await settle();
  return (await db().query<{ id: string; lead_id: string }>("SELECT v.id, v.lead_id FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.email = $1", [email])).rows[0];
};

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "office@example.com" });
  user = await userWithSession(db(), { role: "user" });
  const r = await call(settingsFn, "PUT", "/api/admin/visits/settings", { token: admin.token, body: { ...DEFAULT_VISIT_SETTINGS, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "08:00", to: "16:00" })), maxPerDay: 5 } });
  expect(r.status).toBe(200);
});
afterEach(() => vi.useRealTimers());

describe("the calendar", () => {
  it("is for admins only", async () => {
    expect((await call(visits.fn, "GET", "/api/admin/visits?from=2026-11-01&to=2026-11-30", { token: user.token })).status).toBe(403);
    expect((await call(visits.fn, "GET", "/api/admin/visits?from=2026-11-01&to=2026-11-30")).status).toBe(401);
    expect((await officeBook({ date: ahead(5), time: "10:15", caller: caller() }, user.token)).status).toBe(403);
    expect((await change("00000000-0000-0000-0000-000000000000", { status: "done" }, user.token)).status).toBe(403);
  });

  it.each([
    ["?from=2026-11-30&to=2026-11-01", "to"],
    ["?from=2026-01-01&to=2026-12-31", "to"],
    ["?from=2026-13-01&to=2026-12-31", "from"],
    ["?lead=nope", "lead"],
  ])("refuses %s with a 400 naming the field", async (query, field) => {
    const r = await call(visits.fn, "GET", `/api/admin/visits${query}`, { token: admin.token });
    expect(r.status).toBe(400);
    expect(r.json.field).toBe(field);
  });

  it("books a visit for a caller at a time of the office's choosing: a new lead, the confirmation with its invite, shown on the day", async () => {
    const date = ahead(6);
    const body = caller();
    const r = await officeBook({ date, time: "10:15", caller: body });
    expect(r.status, r.text).toBe(201);
    await settle();
    const v: AdminVisit = r.json.data.visit;
    expect(v).toMatchObject({ status: "scheduled", bookedBy: "office", bookedByUser: "office@example.com", fullName: "Pat Caller", zip: "33914", subject: "Seawalls", slot: { date, time: "10:15" } });
    const lead = (await db().query("SELECT kind, source_page, message FROM leads WHERE id = $1", [v.leadId])).rows[0];
    expect(lead).toMatchObject({ kind: "quote", source_page: "/admin" });
    expect((await mails(body.email)).map((m) => m.kind)).toEqual(["visit-confirm"]);
    const day = await list(date, date);
    expect(day.json.data.visits.map((x: AdminVisit) => x.id)).toContain(v.id);
    // The same time again: the constraint answers, as for a visitor.
    const again = await officeBook({ date, time: "10:45", caller: caller() });
    expect(again.status).toBe(409);
    expect(again.json.reason).toBe("slot-taken");
    // The day's grid says which slots are still free (10:15-11:45 blocks 9:30 and 11:00).
    const grid = await call(dayFn, "GET", `/api/admin/visits/day/${date}`, { token: admin.token, params: { date } });
    expect(grid.json.data.slots.map((s: { time: string; free: boolean }) => `${s.time}${s.free ? "" : " taken"}`)).toEqual(["08:00", "09:30 taken", "11:00 taken", "12:30", "14:00"]);
  });

  it("books for a lead it has, and refuses bad input naming the field", async () => {
    const { lead_id } = await bookOnline((await slots())[30]);
    const r = await officeBook({ date: ahead(9), time: "13:00", leadId: lead_id });
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.visit.leadId).toBe(lead_id);
    for (const [body, field] of [
      [{ date: ahead(9), time: "25:00", leadId: lead_id }, "time"],
      [{ date: "2020-01-06", time: "10:00", leadId: lead_id }, "date"],
      [{ date: ahead(9), time: "10:00" }, "caller"],
      [{ date: ahead(9), time: "10:00", caller: caller({ zip: "ABCDE" }) }, "caller.zip"],
      [{ date: ahead(9), time: "10:00", caller: caller({ phone: "not a phone" }) }, "caller.phone"],
      [{ date: "2027-03-14", time: "02:30", leadId: lead_id }, "time"],
    ] as const) {
      const bad = await officeBook(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.field).toBe(field);
    }
  });

  it("moves a visit (the visitor gets a new invite and link; the old link is used up) and records how it went", async () => {
    const s = await slots();
    const email = `moved${++seq}@example.com`;
    const { id } = await bookOnline(s[40], email);
    const oldLink = /#t=([\w.-]+)/.exec((await mails(email))[0].text_body)![1];
    const date = ahead(12);
    const r = await change(id, { date, time: "15:00" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.visit.slot).toMatchObject({ date, time: "15:00" });
    await settle();
    expect((await mails(email)).map((m) => m.kind)).toEqual(["visit-confirm", "visit-moved"]);
    const used = await call(manage.fn, "POST", "/api/public/visits/manage", { body: { action: "view", token: oldLink }, ip: ip() });
    expect(used.json.reason).toBe("used");
    // Onto a taken time: 409, nothing moves.
    const other = await bookOnline(s[41]);
    const clash = await change(other.id, { date, time: "15:30" });
    expect(clash.status).toBe(409);

    for (const status of ["done", "no-show", "scheduled"] as const) {
      const st = await change(id, { status });
      expect(st.status, st.text).toBe(200);
      expect(st.json.data.visit.status).toBe(status);
    }
    // Cancelled by the office: the visitor hears of it and the time is free again.
    expect((await change(id, { status: "cancelled" })).json.data.visit.status).toBe("cancelled");
    await settle();
    expect((await mails(email)).map((m) => m.kind)).toEqual(["visit-confirm", "visit-moved", "visit-cancelled"]);
    expect((await change(other.id, { date, time: "15:30" })).status).toBe(200);
    // Scheduled again while its time is taken: the constraint says no.
    const restore = await change(id, { status: "scheduled" });
    expect(restore.status).toBe(409);
    expect((await change(id, { status: "bogus" })).json.field).toBe("status");
    expect((await change(id, { date })).json.field).toBe("time");
    expect((await change(id, { date, time: "10:00", status: "done" })).json.field).toBe("status");
    expect((await change(id, {})).json.field).toBe("date");
    const history = await db().query<{ action: string; status: string }>("SELECT action, status FROM visit_history WHERE visit_id = $1 ORDER BY id", [id]);
    expect(history.rows.map((h) => `${h.action}:${h.status}`)).toEqual(["booked:scheduled", "moved:scheduled", "status:done", "status:no-show", "status:scheduled", "status:cancelled"]);
  });

  it("keeps the office's 10:00 across the November change", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-10-26T15:00:00Z") });
    const r = await officeBook({ date: "2026-11-02", time: "10:00", caller: caller() });
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.visit.slot).toEqual({ start: "2026-11-02T15:00:00.000Z", end: "2026-11-02T16:00:00.000Z", date: "2026-11-02", time: "10:00" });
    const before = await officeBook({ date: "2026-10-30", time: "10:00", caller: caller() });
    expect(before.json.data.visit.slot.start).toBe("2026-10-30T14:00:00.000Z");
    const week = await list("2026-10-26", "2026-11-08");
    expect(week.json.data.visits.map((v: AdminVisit) => `${v.slot.date} ${v.slot.time}`)).toEqual(["2026-10-30 10:00", "2026-11-02 10:00"]);
    await settle();
  });

  it("shows the visit on the lead card (read-only)", async () => {
    const { id, lead_id } = await bookOnline((await slots())[50]);
    const r = await call(leadsFn, "GET", `/api/admin/leads?id=${lead_id}`, { token: admin.token });
    expect(r.json.data.data[0].visit).toMatchObject({ id, status: "scheduled" });
    expect(r.json.data.data[0].visit.slot.time).toMatch(/^\d{2}:\d{2}$/);
    const none = (await call(leadsFn, "GET", "/api/admin/leads", { token: admin.token })).json.data.data;
    expect(none.every((l: { visit: unknown }) => "visit" in l)).toBe(true);
  });
});

describe("the private calendar feed", () => {
  const feed = (url: string) => {
    const token = url.split("/").pop()!;
    return call(feedFn, "GET", `/api/visits/feed/${token}`, { params: { token }, ip: ip() });
  };

  it("is made for an admin, shows the visits with their leads, and stops working once revoked or replaced", async () => {
    const { id } = await bookOnline((await slots())[60]);
    expect((await call(feedAdminFn, "GET", "/api/admin/visits/feed", { token: admin.token })).json.data).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    const made = await call(feedAdminFn, "POST", "/api/admin/visits/feed", { token: admin.token, body: {} });
    expect(made.status).toBe(201);
    const url: string = made.json.data.url;
    expect(url).toMatch(/^http:\/\/localhost:8888\/api\/visits\/feed\/[\w-]{43}\.ics$/);
    const r = await feed(url);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const cal = parseIcs(r.text);
    expect(cal.props["X-WR-CALNAME"]).toMatch(/site visits$/);
    const ev = cal.events.find((e) => e.props.UID === `visit-${id}@coastal-marine-visits`)!;
    expect(ev.props.SUMMARY).toBe("Site visit: Online Ann");
    expect(ev.props.DESCRIPTION).toContain("Phone: (239) 555-0111");
    expect(ev.props.DESCRIPTION).toMatch(/\/admin\?lead=[0-9a-f-]{36}/);
    expect(ev.props.LOCATION).toBe("5 Lagoon Ln 33904");
    expect(icsDate(ev.props.DTSTART) > new Date()).toBe(true);
    // The state says it was fetched; the address itself is never shown again.
    const state = (await call(feedAdminFn, "GET", "/api/admin/visits/feed", { token: admin.token })).json.data;
    expect(state.active).toBe(true);
    expect(state.lastFetchedAt).not.toBeNull();
    expect(state.url).toBeUndefined();
    expect((await db().query("SELECT token_hash FROM visit_feeds")).rows.map((x) => x.token_hash)).not.toContain(url.split("/").pop()!.replace(".ics", ""));

    const replaced = (await call(feedAdminFn, "POST", "/api/admin/visits/feed", { token: admin.token, body: {} })).json.data.url;
    expect((await feed(url)).status).toBe(404);
    expect((await feed(replaced)).status).toBe(200);
    await call(feedAdminFn, "DELETE", "/api/admin/visits/feed", { token: admin.token });
    expect((await feed(replaced)).status).toBe(404);
    expect((await feed("/x/not-a-token-at-all-but-long-enough")).status).toBe(404);
    expect((await call(feedAdminFn, "POST", "/api/admin/visits/feed", { token: user.token, body: {} })).status).toBe(403);
  });

  it("stops working when its owner is no longer an admin", async () => {
    const staff = await userWithSession(db(), { role: "admin" });
    const url = (await call(feedAdminFn, "POST", "/api/admin/visits/feed", { token: staff.token, body: {} })).json.data.url;
    expect((await feed(url)).status).toBe(200);
    await db().query("UPDATE users SET role = 'user' WHERE id = $1", [staff.id]);
    expect((await feed(url)).status).toBe(404);
  });
});

describe("Zoho", () => {
  let zoho: FakeZoho;
  let undoEnv: () => void;
  beforeAll(async () => {
    zoho = await startFakeZoho({ hangMs: 1_200 });
    undoEnv = useZohoEnv(zoho);
  });
  afterAll(async () => {
    undoEnv();
    await zoho.close();
  });
  beforeEach(async () => {
    zoho.heal();
    clearTokenMemory();
    await db().query("DELETE FROM crm_token");
  });
  const eventsOf = (visitId: string) => zoho.records.Events.filter((e) => String(e.Description).includes(visitRef(visitId)));
  const job = () => runCrmJob(db(), createLogger("test"), 10_000);
  const makeDue = () => db().query("UPDATE visits SET crm_next_attempt_at = now() - interval '1 second' WHERE crm_state = 'pending'");

  it("gets a visit booked online as an Event linked to its deal, once, and the move as an update of it", async () => {
    const { id, lead_id } = await bookOnline((await slots())[70]);
    const deal = (await db().query<{ crm_deal_id: string }>("SELECT crm_deal_id FROM leads WHERE id = $1", [lead_id])).rows[0].crm_deal_id;
    expect(deal).toBeTruthy();
    const [ev] = eventsOf(id);
    expect(eventsOf(id)).toHaveLength(1);
    expect(ev).toMatchObject({ What_Id: { id: deal }, $se_module: "Deals", Event_Title: "Site visit: Online Ann" });
    expect(ev.Start_DateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/);
    expect((await db().query("SELECT crm_state, crm_event_id FROM visits WHERE id = $1", [id])).rows[0]).toEqual({ crm_state: "synced", crm_event_id: ev.id });

    // The office moves it: the same event, new times.
    const date = ahead(15);
    expect((await change(id, { date, time: "16:30" })).status).toBe(200);
    await settle();
    expect(eventsOf(id)).toHaveLength(1);
    expect(eventsOf(id)[0].Start_DateTime.startsWith(`${date}T16:30:00`)).toBe(true);
    // A job run after that writes nothing more.
    const before = zoho.calls.length;
    await makeDue();
    await job();
    expect(zoho.calls.filter((c) => c.path.startsWith("/crm/v7/Events")).length).toBe(zoho.calls.slice(0, before).filter((c) => c.path.startsWith("/crm/v7/Events")).length);
  });

  it("creates the event exactly once when Zoho's answer is lost, through the CRM job, with runs at once", async () => {
    zoho.failNext(1, "500-after", /\/crm\/v7\/Events$/);
    const { id } = await bookOnline((await slots())[72]);
    // The first write did create it, but the answer said 500.
    expect(zoho.records.Events.filter((e) => String(e.Description).includes(visitRef(id)))).toHaveLength(1);
    expect((await db().query("SELECT crm_state, crm_event_id FROM visits WHERE id = $1", [id])).rows[0]).toMatchObject({ crm_state: "pending", crm_event_id: null });
    await makeDue();
    await Promise.all([job(), job(), job()]);
    expect(eventsOf(id)).toHaveLength(1);
    expect((await db().query("SELECT crm_state, crm_event_id FROM visits WHERE id = $1", [id])).rows[0]).toEqual({ crm_state: "synced", crm_event_id: eventsOf(id)[0].id });
  });

  it("waits for the deal: a visit whose lead is not synced yet is written once the lead is", async () => {
    zoho.failNext(3, "500", /\/crm\/v7\/(Leads|Accounts|Deals)/);
    const { id, lead_id } = await bookOnline((await slots())[74]);
    expect(eventsOf(id)).toHaveLength(0);
    expect((await db().query("SELECT crm_state FROM visits WHERE id = $1", [id])).rows[0].crm_state).toBe("pending");
    zoho.heal();
    await db().query("UPDATE leads SET next_attempt_at = now() - interval '1 second' WHERE id = $1", [lead_id]);
    await makeDue();
    expect(await job()).toMatch(/visit events: 1 tried, 1 written, 0 failed/);
    expect(eventsOf(id)).toHaveLength(1);
  });
});
