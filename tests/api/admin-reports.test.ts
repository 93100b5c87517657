// Issue 28: the back office's reports. Leads of known sources, statuses and timestamps are seeded,
// the clock is set (only Date is faked), and every number of every table is checked, business
// hours included: across a weekend, across the change to daylight saving time (8 March 2026),
// before opening, after closing, and answered on a Saturday.
import { mkdtempSync, writeFileSync, copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import reportsFn from "../../functions/admin-reports.ts";

const db = useTestDb();
// Wednesday 11 March 2026, noon in Cape Coral (EDT, UTC-4).
const NOW = new Date("2026-03-11T16:00:00Z");
const NY = "America/New_York";
const H = 3600;

let admin = "";
let user = "";
let content = "";
beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  user = (await userWithSession(db())).token;
  // The office's hours as the content states them, and the fixture's catalogue (Custom Docks, Boat Lifts).
  content = mkdtempSync(join(tmpdir(), "reports-content-"));
  writeFileSync(join(content, "site.json"), JSON.stringify({ name: "Test", hours: { label: "Mon–Fri 8–5", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" } }));
  copyFileSync(new URL("../fixtures/content/services.json", import.meta.url), join(content, "services.json"));
  process.env.CONTENT_DIR = content;
  process.env.SITE_URL = "https://coastalmarine.example";
  await seed();
});
afterAll(() => {
  delete process.env.CONTENT_DIR;
  delete process.env.SITE_URL;
  rmSync(content, { recursive: true, force: true });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

interface Seed {
  kind?: "quote" | "inquiry";
  subject?: string;
  productId?: string;
  productName?: string;
  utm?: Record<string, string>;
  referrer?: string | null;
  page?: string | null;
  /** The first page of the visit (issue 28), where `page` is the one the form was sent from. */
  landing?: string;
  created: string;
  /** The status changes, in order: [to_status, changed_at]. */
  history?: [string, string][];
  spam?: string;
  released?: string;
}

const ids: Record<string, string> = {};
async function lead(name: string, s: Seed) {
  const status = s.history?.at(-1)?.[0] ?? "new";
  const r = await db().query<{ id: string }>(
    `INSERT INTO leads (kind, email, subject, product_id, product_name, utm, referrer, source_page, crm_state, created_at, status, spam_reason, held_reason, released_at, landing_page)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, 'disabled', $9, $10, $11, $12, $13, $14) RETURNING id`,
    [s.kind ?? "quote", `${name}@example.com`, s.subject ?? "", s.productId ?? null, s.productName ?? null, JSON.stringify(s.utm ?? {}), s.referrer ?? null, s.page ?? null,
      s.created, status, s.spam ?? null, s.released ? "too-fast" : null, s.released ?? null, s.landing ?? null],
  );
  ids[name] = r.rows[0].id;
  let from = "new";
  for (const [to, at] of s.history ?? []) {
    await db().query(
      `INSERT INTO lead_status_history (lead_id, from_status, to_status, note, changed_by_email, changed_at, crm_state) VALUES ($1, $2, $3, 'seeded', 'office@example.com', $4, 'disabled')`,
      [ids[name], from, to, at],
    );
    from = to;
  }
}

const GOOGLE = { source: "google", medium: "cpc", campaign: "docks" };
const FACEBOOK = { source: "Facebook", medium: "social", campaign: "spring" };

/** The leads of March 2026 (and two that the month leaves out). Times in Cape Coral in the comments. */
async function seed() {
  await db().query("INSERT INTO products (id, name) VALUES ('p-dock-box', 'Dock Box')");
  // Fri 6 Mar 16:00 EST → Mon 9 Mar 09:00 EDT: 1 h on Friday, none at the weekend, 1 h on Monday
  // (opening at 08:00 EDT, after the clocks went forward); won on Tuesday.
  await lead("l1", { subject: "Custom Docks", utm: GOOGLE, referrer: "https://www.google.com/search?q=docks", page: "/services/dock-construction", created: "2026-03-06T21:00:00Z", history: [["contacted", "2026-03-09T13:00:00Z"], ["won", "2026-03-10T14:00:00Z"]] });
  // Mon 2 Mar 07:30 EST, before opening → 08:30: 30 min; quoted, then won.
  // Sent from /contact, but the visit landed on the dock page from Google (issue 28: the page counted is where it landed).
  await lead("l2", { subject: "Custom Docks", utm: GOOGLE, referrer: "https://google.com/", page: "/contact", landing: "/services/dock-construction/?utm_source=google", created: "2026-03-02T12:30:00Z", history: [["quoted", "2026-03-02T13:30:00Z"], ["won", "2026-03-05T15:00:00Z"]] });
  // Tue 3 Mar 16:30 EST → Wed 08:15: 30 min before closing + 15 min after opening.
  await lead("l3", { subject: "Boat Lifts", utm: FACEBOOK, referrer: "https://l.facebook.com/", page: "/contact/", created: "2026-03-03T21:30:00Z", history: [["won", "2026-03-04T13:15:00Z"]] });
  // Sat 7 Mar 10:00 → answered Saturday 11:00: no business time at all; lost. Its own words as the service.
  await lead("l4", { subject: "Fix my pontoon", page: "/contact", created: "2026-03-07T15:00:00Z", history: [["lost", "2026-03-07T16:00:00Z"]] });
  // Inquiries about the Dock Box, still new: Tue 10 Mar 12:00 EDT and Wed 11 Mar 09:00 EDT.
  await lead("l5", { kind: "inquiry", productId: "p-dock-box", productName: "Dock box (old name)", referrer: "http://localhost:8888/products", page: "/products/p-dock-box", created: "2026-03-10T16:00:00Z" });
  await lead("l6", { kind: "inquiry", productId: "p-dock-box", productName: "Dock box (old name)", utm: FACEBOOK, referrer: "https://WWW.Facebook.com/ads", page: "/products/p-dock-box", created: "2026-03-11T13:00:00Z" });
  // Held as spam on Sat 7 Mar 09:00, released Mon 9 Mar 10:00 EDT, answered 11:00: 1 h (from the release).
  await lead("l9", { subject: "Seawalls", referrer: "https://coastalmarine.example/", created: "2026-03-07T14:00:00Z", released: "2026-03-09T14:00:00Z", history: [["contacted", "2026-03-09T15:00:00Z"]] });
  // Held as spam, never released: in no report.
  await lead("held", { subject: "Custom Docks", utm: GOOGLE, created: "2026-03-04T15:00:00Z", spam: "honeypot" });
  // Fri 27 Feb 16:00 EST, before the month, still new: the oldest lead waiting.
  await lead("l8", { subject: "Boat Lifts", utm: GOOGLE, created: "2026-02-27T21:00:00Z" });
}

const get = async (table: string, query = "") => {
  const r = await call(reportsFn, "GET", `/api/admin/reports/${table}?tz=${NY}${query}`, { token: admin, params: { table } });
  expect(r.status, r.text).toBe(200);
  return r;
};
const report = async (table: string, query = "") => (await get(table, query)).json.data;

const counts = (n: Partial<Record<"new" | "contacted" | "quoted" | "won" | "lost", number>>) => {
  const c = { new: 0, contacted: 0, quoted: 0, won: 0, lost: 0, ...n };
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  return { ...c, total, wonRate: total ? c.won / total : 0 };
};
const MONTH = { from: "2026-03-01", to: "2026-03-11", timeZone: NY };

describe("sources", () => {
  it.each([
    // UTM tags, lower-cased; a lead without any is 'none'. Won first: the untagged have more leads, fewer won.
    ["utm", [
      { keys: ["google", "cpc", "docks"], special: null, ...counts({ won: 2 }) },
      { keys: ["facebook", "social", "spring"], special: null, ...counts({ won: 1, new: 1 }) },
      { keys: [null, null, null], special: "none", ...counts({ lost: 1, new: 1, contacted: 1 }) },
    ]],
    // The page the visit landed on (else, for leads from before it was kept, the page the lead was
    // sent from); /contact/ and /contact are one page, and the query string is not part of it.
    ["page", [
      { keys: ["/services/dock-construction"], special: null, ...counts({ won: 2 }) },
      { keys: ["/contact"], special: null, ...counts({ won: 1, lost: 1 }) },
      { keys: ["/products/p-dock-box"], special: null, ...counts({ new: 2 }) },
      { keys: [null], special: "none", ...counts({ contacted: 1 }) },
    ]],
    // The referrer's host without www; this site (the request's host, SITE_URL) is 'internal'; none is 'direct'.
    ["referrer", [
      { keys: ["google.com"], special: null, ...counts({ won: 2 }) },
      { keys: ["l.facebook.com"], special: null, ...counts({ won: 1 }) },
      { keys: [null], special: "internal", ...counts({ new: 1, contacted: 1 }) },
      { keys: ["facebook.com"], special: null, ...counts({ new: 1 }) },
      { keys: [null], special: "direct", ...counts({ lost: 1 }) },
    ]],
  ])("grouped by %s: the count in each status and the won rate, by won count", async (group, rows) => {
    const r = await report("sources", `&period=month&group=${group}`);
    expect(r).toEqual({ period: MONTH, group, rows, groups: rows.length });
  });

  it("each period covers its days in the admin's time zone", async () => {
    const total = async (q: string) => ((await report("sources", q)).rows as { total: number }[]).reduce((a, r) => a + r.total, 0);
    expect((await report("sources", "&period=30d")).period).toEqual({ from: "2026-02-10", to: "2026-03-11", timeZone: NY });
    expect((await report("sources", "&period=90d")).period).toEqual({ from: "2025-12-12", to: "2026-03-11", timeZone: NY });
    expect((await report("sources", "&period=year")).period).toEqual({ from: "2026-01-01", to: "2026-03-11", timeZone: NY });
    // The month leaves out 27 February (l8); the others hold it. Held spam is never counted.
    expect(await total("&period=month")).toBe(7);
    for (const p of ["30d", "90d", "year"]) expect(await total(`&period=${p}`)).toBe(8);
    // 7 March alone: in Cape Coral l4 and l9 arrived then; in Tokyo l1 (Fri 21:00 UTC) and l9, not l4 (Sun 00:00 there).
    const day = "&period=custom&from=2026-03-07&to=2026-03-07&group=referrer";
    expect((await report("sources", day)).rows.map((r: { special: string; keys: string[] }) => r.special ?? r.keys[0])).toEqual(["direct", "internal"]);
    const tokyo = await call(reportsFn, "GET", `/api/admin/reports/sources?tz=Asia/Tokyo${day}`, { token: admin, params: { table: "sources" } });
    expect(tokyo.json.data.rows.map((r: { special: string; keys: string[] }) => r.special ?? r.keys[0])).toEqual(["google.com", "internal"]);
  });
});

describe("services", () => {
  it("counts per service asked for ('Other' words together) and per product, by won count", async () => {
    expect(await report("services", "&period=month")).toEqual({
      period: MONTH,
      rows: [
        { kind: "quote", id: "Custom Docks", name: null, ...counts({ won: 2 }) },
        { kind: "quote", id: "Boat Lifts", name: null, ...counts({ won: 1 }) },
        // 'Fix my pontoon' and 'Seawalls' are not services of the catalogue.
        { kind: "quote", id: null, name: null, ...counts({ lost: 1, contacted: 1 }) },
        // The catalogue's name, not the one the inquiry carried.
        { kind: "inquiry", id: "p-dock-box", name: "Dock Box", ...counts({ new: 2 }) },
      ],
    });
  });
});

describe("speed to answer", () => {
  it("median and 90th percentile of the business time to the first status change, per arrival week; who waits now", async () => {
    // Week of 1 March: l2 30 min, l3 45 min, l4 0 (a Saturday), l9 1 h (from its release), l1 2 h (a weekend and DST between).
    // Sorted 0, 1800, 2700, 3600, 7200: median 2700; p90 = 3600 + 0.6 × 3600 = 5760.
    const week1 = { week: "2026-03-01", leads: 5, answered: 5, waiting: 0, medianSeconds: 2700, p90Seconds: 5760 };
    const week2 = { week: "2026-03-08", leads: 2, answered: 0, waiting: 2, medianSeconds: null, p90Seconds: null };
    expect(await report("speed", "&period=month")).toEqual({
      period: MONTH,
      hours: { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "17:00", timeZone: NY },
      weeks: [week1, week2],
      total: { ...week2, week: null, leads: 7, answered: 5, medianSeconds: 2700, p90Seconds: 5760 },
      // l5, l6 and l8 (any period; not the held one). l8 since Fri 27 Feb 16:00 EST: 1 h + 5 × 9 h + 2 × 9 h + 4 h (Wed to noon) = 68 h.
      waitingNow: { count: 3, oldest: { id: ids.l8, since: "2026-02-27T21:00:00.000Z", seconds: 68 * H } },
    });
  });

  it("counts every hour, and says so, when the content names no hours", async () => {
    writeFileSync(join(content, "site.json"), JSON.stringify({ name: "Test" }));
    try {
      const r = await report("speed", "&period=custom&from=2026-03-06&to=2026-03-06");
      expect(r.hours).toBeNull();
      // l1 alone: Fri 21:00 UTC → Mon 13:00 UTC = 64 h.
      expect(r.total).toEqual({ week: null, leads: 1, answered: 1, waiting: 0, medianSeconds: 64 * H, p90Seconds: 64 * H });
      expect(r.waitingNow.oldest.seconds).toBe((NOW.getTime() - Date.parse("2026-02-27T21:00:00Z")) / 1000);
    } finally {
      await seedHours();
    }
  });
});
const seedHours = async () =>
  writeFileSync(join(content, "site.json"), JSON.stringify({ name: "Test", hours: { label: "", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" } }));

describe("weekly chart", () => {
  it("leads and won jobs per arrival week for the sources table's first five", async () => {
    expect(await report("weekly", "&period=month")).toEqual({
      period: MONTH,
      group: "utm",
      weeks: ["2026-03-01", "2026-03-08"],
      sources: [
        { keys: ["google", "cpc", "docks"], special: null, leads: [2, 0], won: [2, 0] },
        { keys: ["facebook", "social", "spring"], special: null, leads: [1, 1], won: [1, 0] },
        { keys: [null, null, null], special: "none", leads: [2, 1], won: [0, 0] },
      ],
    });
  });

  it("follows five sources only, the table's first, and adds up to the table", async () => {
    // Seven campaigns in June 2025, campaign c<i> with i leads of which i % 3 are won (the rest
    // contacted, so none waits). By won, then leads: c5 (2 of 5), c2 (2 of 2), c7, c4, c1, c6, c3.
    for (let i = 1; i <= 7; i++) {
      for (let j = 0; j < i; j++) {
        const to = j < i % 3 ? "won" : "contacted";
        await lead(`c${i}-${j}`, { utm: { source: "mail", campaign: `c${i}` }, created: `2025-06-${String(2 + j).padStart(2, "0")}T15:00:00Z`, history: [[to, "2025-06-20T15:00:00Z"]] });
      }
    }
    const june = "&period=custom&from=2025-06-01&to=2025-06-30";
    const table = (await report("sources", june)).rows;
    const chart = await report("weekly", june);
    expect(table.map((r: { keys: string[] }) => r.keys[2])).toEqual(["c5", "c2", "c7", "c4", "c1", "c6", "c3"]);
    expect(chart.weeks).toEqual(["2025-06-01", "2025-06-08", "2025-06-15", "2025-06-22", "2025-06-29"]);
    expect(chart.sources.map((s: { keys: string[] }) => s.keys)).toEqual(table.slice(0, 5).map((r: { keys: string[] }) => r.keys));
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(chart.sources.map((s: { leads: number[]; won: number[] }) => [sum(s.leads), sum(s.won)])).toEqual(table.slice(0, 5).map((r: { total: number; won: number }) => [r.total, r.won]));
    // c7: 7 leads on 2–8 June: Mon 2 to Sat 7 in the first week, Sun 8 in the second.
    expect(chart.sources[2]).toEqual({ keys: ["mail", null, "c7"], special: null, leads: [6, 1, 0, 0, 0], won: [1, 0, 0, 0, 0] });
  });
});

describe("CSV", () => {
  const csv = async (table: string, query: string) => {
    const r = await get(table, `&period=month&format=csv${query}`);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    return { file: /filename="([^"]+)"/.exec(r.headers.get("content-disposition") ?? "")?.[1], lines: r.text.replace(/^\uFEFF/, "").split("\r\n") };
  };

  it.each([
    ["sources", "&group=referrer", "report-sources-referrer-2026-03-01-to-2026-03-11.csv", [
      "referrer_host,new,contacted,quoted,won,lost,total,won_rate",
      "google.com,0,0,0,2,0,2,1.0000",
      "l.facebook.com,0,0,0,1,0,1,1.0000",
      "(internal),1,1,0,0,0,2,0.0000",
      "facebook.com,1,0,0,0,0,1,0.0000",
      "(direct),0,0,0,0,1,1,0.0000",
    ]],
    ["services", "", "report-services-2026-03-01-to-2026-03-11.csv", [
      "kind,service_or_product_id,product_name,new,contacted,quoted,won,lost,total,won_rate",
      "quote,Custom Docks,,0,0,0,2,0,2,1.0000",
      "quote,Boat Lifts,,0,0,0,1,0,1,1.0000",
      "quote,(other),,0,1,0,0,1,2,0.0000",
      "inquiry,p-dock-box,Dock Box,2,0,0,0,0,2,0.0000",
    ]],
    ["speed", "", "report-speed-2026-03-01-to-2026-03-11.csv", [
      "week_from,leads,answered,waiting,median_business_hours,p90_business_hours",
      "2026-03-01,5,5,0,0.75,1.60",
      "2026-03-08,2,0,2,,",
      "all,7,5,2,0.75,1.60",
    ]],
    ["weekly", "&group=utm", "report-weekly-utm-2026-03-01-to-2026-03-11.csv", [
      "week_from,utm_source,utm_medium,utm_campaign,leads,won",
      "2026-03-01,google,cpc,docks,2,2",
      "2026-03-01,facebook,social,spring,1,1",
      "2026-03-01,(none),,,2,0",
      "2026-03-08,google,cpc,docks,0,0",
      "2026-03-08,facebook,social,spring,1,0",
      "2026-03-08,(none),,,1,0",
    ]],
  ])("%s: the table's figures as a file", async (table, query, file, lines) => {
    expect(await csv(table, query)).toEqual({ file, lines: [...lines, ""] });
  });
});

describe("input", () => {
  it.each([
    ["?period=week", "period"],
    ["?period=custom", "from"],
    ["?period=custom&from=2026-03-01", "to"],
    ["?period=custom&from=2026-03-10&to=2026-03-01", "to"],
    ["?period=custom&from=2020-01-01&to=2026-01-01", "to"],
    ["?period=custom&from=2026-02-30&to=2026-03-01", "from"],
    ["?group=campaign", "group"],
    ["?tz=Mars/Olympus", "tz"],
    ["?format=xlsx", "format"],
  ])("%s is refused, naming %s", async (query, field) => {
    const r = await call(reportsFn, "GET", `/api/admin/reports/sources${query}`, { token: admin, params: { table: "sources" } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, field });
  });

  it("an unknown table is refused, naming it", async () => {
    const r = await call(reportsFn, "GET", "/api/admin/reports/leads", { token: admin, params: { table: "leads" } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, field: "table" });
  });

  it("is for admins only", async () => {
    expect((await call(reportsFn, "GET", "/api/admin/reports/sources", { params: { table: "sources" } })).status).toBe(401);
    expect((await call(reportsFn, "GET", "/api/admin/reports/sources", { token: user, params: { table: "sources" } })).status).toBe(403);
  });
});
