// Issue 35, items 2 and 3: a visitor books the free site visit. A slot is never booked twice (the
// database's exclusion constraint: 20 bookings of one slot at once give one 201 and nineteen 409s
// with the next free slots), bad input is a 400 naming its field, an address outside the service
// area still reaches the office as a lead, and a visit keeps its wall-clock time across the
// November and March changes. Runs on PGlite, and on PostgreSQL through pg and Neon's driver.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { filledAgo, withBackground } from "../helpers/leads.ts";
import { userWithSession } from "../helpers/auth.ts";
import slotsFn from "../../functions/visits-slots.ts";
import bookHandler from "../../functions/visits-book.ts";
import contactHandler from "../../functions/public-contact.ts";
import settingsFn from "../../functions/admin-visit-settings.ts";
import { DEFAULT_VISIT_SETTINGS } from "../../src/server/visits/settings.ts";
import type { VisitSettings } from "../../src/lib/visit-schemas.ts";
import type { PublicSlot } from "../../src/lib/contracts/visits.ts";
import { signLeadBookingToken } from "../../src/server/visits/tokens.ts";

const db = useTestDb();
const book = withBackground(bookHandler);
let admin: string;
let seq = 0;
/** Each booking from its own address, so the per-IP limit is not what answers. */
const ip = () => `198.51.100.${(++seq % 250) + 1}`;

export const bookingBody = (slot: string, over: Record<string, unknown> = {}) => ({
  slot,
  fullName: "Dana Reef",
  email: `dana${++seq}@example.com`,
  phone: "(239) 555-0177",
  address: "4120 SW 20th Ave, Cape Coral, FL",
  zip: "33914",
  service: "Boat Lifts",
  notes: "Gate code 1234",
  website: "",
  startedAt: filledAgo(),
  page: "/book",
  ...over,
});

const slots = async (): Promise<PublicSlot[]> => {
  const r = await call(slotsFn, "GET", "/api/public/visits/slots", { ip: ip() });
  expect(r.status, r.text).toBe(200);
  return r.json.data.slots;
};
const post = (body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) => call(book.fn, "POST", "/api/public/visits", { body, ip: opts.ip ?? ip(), headers: opts.headers });
const saveSettings = async (s: VisitSettings) => expect((await call(settingsFn, "PUT", "/api/admin/visits/settings", { token: admin, body: s })).status).toBe(200);
const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(sql, params)).rows[0].n);

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  // Every day of the week, so the tests do not depend on which day they run.
  await saveSettings({ ...DEFAULT_VISIT_SETTINGS, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "08:00", to: "16:00" })), maxPerDay: 5 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the open times", () => {
  it("are the next days' free slots in Cape Coral's time, from 2 to 21 days ahead", async () => {
    const r = await call(slotsFn, "GET", "/api/public/visits/slots", { ip: ip() });
    expect(r.json.data).toMatchObject({ zone: "America/New_York", visitMinutes: 60 });
    const list: PublicSlot[] = r.json.data.slots;
    expect(list.length).toBe(20 * 5);
    expect(list[0].date).toBe(r.json.data.from);
    expect(list.at(-1)!.date).toBe(r.json.data.to);
    expect([...new Set(list.map((s) => s.time))]).toEqual(["08:00", "09:30", "11:00", "12:30", "14:00"]);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });
});

describe("booking", () => {
  it("stores the lead and the visit in one go: the office's e-mail, the visitor's confirmation with its invite, no second confirmation", async () => {
    const [slot] = await slots();
    const body = bookingBody(slot.start);
    const r = await post(body);
    expect(r.status, r.text).toBe(201);
    expect(r.json.data).toEqual({ booked: true, visit: slot });
    await book.settle();
    const lead = (await db().query<{ id: string; kind: string; subject: string; address: string; message: string }>("SELECT id, kind, subject, address, message FROM leads WHERE email = $1", [body.email])).rows[0];
    expect(lead).toMatchObject({ kind: "quote", subject: "Boat Lifts", address: "4120 SW 20th Ave, Cape Coral, FL 33914" });
    expect(lead.message).toMatch(/^Gate code 1234\n\nSite visit booked online for .+ \(Cape Coral time\)\.$/);
    const visit = (await db().query("SELECT status, booked_by, zip, starts_at FROM visits WHERE lead_id = $1", [lead.id])).rows[0];
    expect(visit).toMatchObject({ status: "scheduled", booked_by: "online", zip: "33914" });
    expect(new Date(visit.starts_at as string).toISOString()).toBe(slot.start);
    const mails = (await db().query<{ kind: string; to_address: string; sent_at: Date | null }>("SELECT kind, to_address, sent_at FROM outbox WHERE to_address = $1 OR kind = 'lead-notify' AND text_body LIKE $2 ORDER BY id", [body.email, `%${lead.id}%`])).rows;
    expect(mails.map((m) => m.kind).sort()).toEqual(["lead-notify", "visit-confirm"]);
    expect(mails.every((m) => m.sent_at)).toBe(true);
  });

  it("gives one slot to exactly one of 20 visitors at once; the other 19 get a 409 with the next free slots", async () => {
    const all = await slots();
    const slot = all[7];
    const leadsBefore = await count("SELECT count(*) AS n FROM leads");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(bookingBody(slot.start))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.json).toMatchObject({ status: false, field: "slot", reason: "slot-taken" });
      expect(a.json.message).toMatch(/just booked by someone else/);
      const next: PublicSlot[] = a.json.data.next;
      expect(next.length).toBeGreaterThan(0);
      expect(next.map((s) => s.start)).not.toContain(slot.start);
      expect(next[0].start > slot.start).toBe(true);
    }
    await book.settle();
    expect(await count("SELECT count(*) AS n FROM visits WHERE starts_at = $1", [slot.start])).toBe(1);
    // The refused ones stored nothing: one lead, one confirmation.
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(leadsBefore + 1);
    expect((await slots()).map((s) => s.start)).not.toContain(slot.start);
  });

  it("is refused by Postgres itself when it overlaps a visit, whatever the code does (visits_no_overlap)", async () => {
    const v = (await db().query<{ lead_id: string; starts_at: Date; blocked_until: Date }>("SELECT lead_id, starts_at, blocked_until FROM visits WHERE status = 'scheduled' LIMIT 1")).rows[0];
    const insert = (startOffsetMin: number) =>
      db().query(
        `INSERT INTO visits (lead_id, starts_at, ends_at, blocked_until, local_date, booked_by, address, zip, manage_nonce)
         VALUES ($1, $2::timestamptz, $2::timestamptz + interval '60 minutes', $2::timestamptz + interval '90 minutes', '2030-01-01', 'office', '', '33904', 'n')`,
        [v.lead_id, new Date(new Date(v.starts_at).getTime() + startOffsetMin * 60_000)],
      );
    await expect(insert(0)).rejects.toMatchObject({ code: "23P01" });
    await expect(insert(-89)).rejects.toMatchObject({ code: "23P01" }); // its buffer runs into the visit
    await expect(insert(89)).rejects.toMatchObject({ code: "23P01" }); // starts inside the visit's buffer
  });

  it("refuses a slot that overlaps another visit's time and buffer, and a day that is full", async () => {
    const all = await slots();
    const day = all.filter((s) => s.date === all[all.length - 1].date);
    await saveSettings({ ...(await currentSettings()), maxPerDay: 1 });
    try {
      expect((await post(bookingBody(day[0].start))).status).toBe(201);
      const full = await post(bookingBody(day[2].start));
      expect(full.status).toBe(409);
      expect(full.json.reason).toBe("slot-day-full");
      expect(full.json.data.next.every((s: PublicSlot) => s.date !== day[0].date)).toBe(true);
    } finally {
      await saveSettings({ ...(await currentSettings()), maxPerDay: 5 });
    }
  });

  it.each<[string, (s: PublicSlot[]) => Record<string, unknown>, string, RegExp]>([
    ["a slot in the past", () => ({ slot: "2020-01-06T13:00:00Z" }), "slot", /is in the past/],
    ["a slot outside the office's hours", (s) => ({ slot: `${s[0].date}T23:00:00Z` }), "slot", /is not one of the office's visit times/],
    ["a slot off the grid", (s) => ({ slot: new Date(Date.parse(s[0].start) + 15 * 60_000).toISOString() }), "slot", /is not one of the office's visit times/],
    ["a slot too far ahead", (s) => ({ slot: new Date(Date.parse(s.at(-1)!.start) + 7 * 86_400_000).toISOString() }), "slot", /is too far ahead/],
    ["a malformed slot", () => ({ slot: "next tuesday" }), "slot", /ISO 8601/],
    ["an impossible date", () => ({ slot: "2026-02-30T13:00:00Z" }), "slot", /not a real date|in the past|not one of/],
    ["no e-mail", () => ({ email: "" }), "email", /./],
    ["a bad ZIP", () => ({ zip: "3391" }), "zip", /5-digit ZIP/],
    ["a phone that is not one", () => ({ phone: "call me" }), "phone", /./],
    ["no address", () => ({ address: "" }), "address", /required/],
    ["an unknown field", () => ({ admin: true }), "admin", /unknown field/],
    ["a control character", () => ({ fullName: "Dana\u0007" }), "fullName", /not allowed|control/],
  ])("answers 400 naming the field for %s", async (_what, over, field, message) => {
    const s = await slots();
    const r = await post(bookingBody(s[3].start, over(s)));
    expect(r.status, r.text).toBe(400);
    expect(r.json.field).toBe(field);
    expect(r.json.message).toMatch(message);
  });

  it("takes JSON only (415), and never a post from another site's page (403)", async () => {
    const [slot] = await slots();
    expect((await post(JSON.stringify(bookingBody(slot.start)), { headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await post(bookingBody(slot.start), { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await call(book.fn, "GET", "/api/public/visits")).status).toBe(405);
  });

  it("limits bookings per network (429 with Retry-After)", async () => {
    const s = await slots();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await post(bookingBody(s[20 + i].start), { ip: "2001:db8:5:7::1" }));
    expect(answers.slice(0, 6).map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers[6].status).toBe(429);
    expect(Number(answers[6].headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("outside the service area says so kindly, and the request still reaches the office as a lead", async () => {
    const s = await slots();
    const body = bookingBody(s[40].start, { zip: "34102", address: "100 Gulf Shore Blvd, Naples, FL" });
    const r = await post(body);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toEqual({ booked: false, reason: "outside-area", zip: "34102" });
    await book.settle();
    const lead = (await db().query<{ id: string; message: string; spam_reason: string | null }>("SELECT id, message, spam_reason FROM leads WHERE email = $1", [body.email])).rows[0];
    expect(lead.spam_reason).toBeNull();
    expect(lead.message).toMatch(/ZIP 34102 is outside the service area, so no visit was booked/);
    expect(await count("SELECT count(*) AS n FROM visits WHERE lead_id = $1", [lead.id])).toBe(0);
    // Its own confirmation, as for any quote request.
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = $1 AND kind = 'lead-confirm'", [body.email])).toBe(1);
    expect((await slots()).map((x) => x.start)).toContain(s[40].start);
  });

  it("books nothing for a request held as spam, and answers it like any other", async () => {
    const s = await slots();
    const body = bookingBody(s[41].start, { website: "http://spam.example" });
    const r = await post(body);
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ booked: true, visit: s[41] });
    const lead = (await db().query<{ id: string; spam_reason: string; message: string }>("SELECT id, spam_reason, message FROM leads WHERE email = $1", [body.email])).rows[0];
    expect(lead.spam_reason).toBe("honeypot");
    expect(lead.message).toMatch(/held as possible spam, so no visit was booked/);
    expect(await count("SELECT count(*) AS n FROM visits WHERE lead_id = $1", [lead.id])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = $1", [body.email])).toBe(0);
  });

  it("right after a quote request from the same browser (its cookie) and e-mail, books that request's visit: no second lead", async () => {
    const contact = withBackground(contactHandler);
    const email = `cookie${++seq}@example.com`;
    const q = await call(contact.fn, "POST", "/api/public/contact", { body: { fullName: "Kai Pier", email, phone: "(239) 555-0102", subject: "Boat Lifts", startedAt: filledAgo(), page: "/contact" }, ip: ip() });
    // The answer keeps its shape; the request is named in an HttpOnly cookie for the booking endpoint only.
    expect(q.json).toEqual({ status: true, data: { status: true } });
    const setCookie = q.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^cm_visit_lead=[\w.-]+; Path=\/api\/public\/visits; Max-Age=604800; HttpOnly; SameSite=Strict$/);
    await contact.settle();
    const cookie = setCookie.split(";")[0];
    const s = await slots();
    // Another e-mail from this browser is another person's booking: a lead of its own.
    const other = await post(bookingBody(s[44].start), { headers: { cookie } });
    expect(other.status).toBe(201);
    const r = await post(bookingBody(s[45].start, { email: email.toUpperCase() }), { headers: { cookie } });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("set-cookie")).toMatch(/^cm_visit_lead=; Path=\/api\/public\/visits; Max-Age=0;/);
    await book.settle();
    expect(await count("SELECT count(*) AS n FROM leads WHERE lower(email) = $1", [email])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM visits v JOIN leads l ON l.id = v.lead_id WHERE lower(l.email) = $1", [email])).toBe(1);
    // Its visit booked, the request's cookie books nothing more for it: a second visit is a new lead's.
    const again = await post(bookingBody(s[46].start, { email }), { headers: { cookie } });
    expect(again.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM leads WHERE lower(email) = $1", [email])).toBe(2);
  });

  it("after a quote request, books for that lead with its token: no second lead", async () => {
    const contact = withBackground(contactHandler);
    const email = `quote${++seq}@example.com`;
    const q = await call(contact.fn, "POST", "/api/public/contact", { body: { fullName: "Lee Dock", email, phone: "(239) 555-0100", subject: "Seawalls", startedAt: filledAgo(), page: "/contact" }, ip: ip() });
    expect(q.status).toBe(200);
    await contact.settle();
    const leadId = (await db().query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email])).rows[0].id;
    const s = await slots();
    const r = await post(bookingBody(s[42].start, { email, leadToken: await signLeadBookingToken(leadId) }));
    expect(r.status, r.text).toBe(201);
    await book.settle();
    expect(await count("SELECT count(*) AS n FROM leads WHERE email = $1", [email])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM visits WHERE lead_id = $1", [leadId])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE to_address = $1 AND kind = 'visit-confirm'", [email])).toBe(1);
    const forged = await post(bookingBody(s[43].start, { leadToken: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x" }));
    expect(forged.status).toBe(400);
    expect(forged.json.field).toBe("leadToken");
  });
});

describe("a visit keeps its wall-clock time across the clock changes", () => {
  // Postgres itself says what the clocks in Cape Coral read at the stored instant.
  const localTime = async (email: string) =>
    (
      await db().query<{ t: string; d: string }>(
        "SELECT to_char(v.starts_at AT TIME ZONE 'America/New_York', 'HH24:MI') AS t, v.local_date::text AS d FROM visits v JOIN leads l ON l.id = v.lead_id WHERE l.email = $1",
        [email],
      )
    ).rows[0];

  it.each([
    // [now (UTC), the visit's local date, its instant, the offset that day]
    ["2026-10-26T15:00:00Z", "2026-10-30", "2026-10-30T15:00:00.000Z", "EDT, the Friday before November's change"],
    ["2026-10-26T15:00:00Z", "2026-11-02", "2026-11-02T16:00:00.000Z", "EST, the Monday after it"],
    ["2027-03-01T15:00:00Z", "2027-03-12", "2027-03-12T16:00:00.000Z", "EST, the Friday before March's change"],
    ["2027-03-01T15:00:00Z", "2027-03-15", "2027-03-15T15:00:00.000Z", "EDT, the Monday after it"],
  ])("booked at %s for %s 11:00: stored as %s (%s)", async (now, date, instant) => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
    const offered = (await slots()).find((s) => s.date === date && s.time === "11:00");
    expect(offered?.start).toBe(instant);
    const body = bookingBody(instant);
    const r = await post(body);
    expect(r.status, r.text).toBe(201);
    expect(r.json.data.visit).toMatchObject({ date, time: "11:00" });
    expect(await localTime(body.email)).toEqual({ t: "11:00", d: date });
    await book.settle();
  });
});

async function currentSettings(): Promise<VisitSettings> {
  return (await call(settingsFn, "GET", "/api/admin/visits/settings", { token: admin })).json.data.settings;
}
