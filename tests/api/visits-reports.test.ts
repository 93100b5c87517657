// Issue 35, item 6: the Reports tab's site visits. Per week of the period (by the visit's day in
// Cape Coral) and for all of it: visits booked online and by the office, done, no-show, cancelled,
// the no-show rate, and the days from the lead to its visit; the same in the CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import reportsFn from "../../functions/admin-reports.ts";

const db = useTestDb();
let token = "";

/** A lead that arrived at `leadAt` with a visit of one hour at `start` (UTC), on `date` in Cape Coral. */
async function visit(leadAt: string, start: string, date: string, bookedBy: "online" | "office", status: string) {
  const lead = await db().query<{ id: string }>("INSERT INTO leads (kind, full_name, email, crm_state, created_at) VALUES ('quote', 'V', 'v@example.com', 'disabled', $1) RETURNING id", [leadAt]);
  await db().query(
    `INSERT INTO visits (lead_id, starts_at, ends_at, blocked_until, local_date, booked_by, status, address, zip, manage_nonce)
     VALUES ($1, $2::timestamptz, $2::timestamptz + interval '1 hour', $2::timestamptz + interval '90 minutes', $3, $4, $5, '', '33904', 'n')`,
    [lead.rows[0].id, start, date, bookedBy, status],
  );
}

beforeAll(async () => {
  token = (await userWithSession(db(), { role: "admin" })).token;
  await visit("2026-10-30T14:00:00Z", "2026-11-03T15:00:00Z", "2026-11-03", "online", "done"); // 4 days and 1 hour
  await visit("2026-11-01T15:00:00Z", "2026-11-04T15:00:00Z", "2026-11-04", "office", "no-show"); // 3 days
  await visit("2026-11-02T15:00:00Z", "2026-11-10T15:00:00Z", "2026-11-10", "online", "cancelled"); // left out of the days
  await visit("2026-11-05T15:00:00Z", "2026-11-12T15:00:00Z", "2026-11-12", "online", "scheduled"); // 7 days
  // The evening of Nov 14 in Cape Coral is Nov 15 in UTC: still in the period, by the visit's own day.
  await visit("2026-11-13T15:00:00Z", "2026-11-15T01:00:00Z", "2026-11-14", "office", "done"); // 1 day 10 hours
  await visit("2026-11-13T15:00:00Z", "2026-11-20T15:00:00Z", "2026-11-20", "online", "done"); // after the period
});

const get = (query: string) => call(reportsFn, "GET", `/api/admin/reports/visits?period=custom&from=2026-11-01&to=2026-11-14&tz=America/New_York${query}`, { token, params: { table: "visits" } });

describe("the site visits report", () => {
  it("counts each week's visits by how they were booked and went, the no-show rate and the days from lead to visit", async () => {
    const r = await get("");
    expect(r.status, r.text).toBe(200);
    const { weeks, total } = r.json.data;
    expect(weeks.map((w: { week: string; visits: number }) => [w.week, w.visits])).toEqual([
      ["2026-11-01", 2],
      ["2026-11-08", 3],
    ]);
    expect(total).toMatchObject({ week: null, visits: 5, online: 3, office: 2, done: 2, noShow: 1, cancelled: 1, scheduled: 1 });
    expect(total.noShowRate).toBeCloseTo(1 / 3, 6);
    // 1.4167, 3, 4.0417, 7 days: median 3.52, average 3.865.
    expect(total.medianDays).toBeCloseTo((3 + 97 / 24) / 2, 4);
    expect(total.averageDays).toBeCloseTo((97 / 24 + 3 + 7 + 34 / 24) / 4, 4);
    expect(weeks[0]).toMatchObject({ online: 1, office: 1, done: 1, noShow: 1, noShowRate: 0.5 });
    expect(weeks[1].noShowRate).toBe(0);
  });

  it("says nothing happened in an empty period", async () => {
    const r = await call(reportsFn, "GET", "/api/admin/reports/visits?period=custom&from=2026-01-01&to=2026-01-31", { token, params: { table: "visits" } });
    expect(r.json.data.total).toMatchObject({ visits: 0, noShowRate: null, medianDays: null, averageDays: null });
  });

  it("exports the same figures as CSV", async () => {
    const r = await get("&format=csv");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toBe('attachment; filename="report-visits-2026-11-01-to-2026-11-14.csv"');
    const [header, ...rows] = r.text.trimEnd().split("\r\n");
    expect(header).toBe("week_from,visits,booked_online,booked_by_office,scheduled,done,no_show,cancelled,no_show_rate,median_days_lead_to_visit,average_days_lead_to_visit");
    expect(rows).toEqual(["2026-11-01,2,1,1,0,1,1,0,0.5000,3.5,3.5", "2026-11-08,3,2,1,1,1,0,1,0.0000,4.2,4.2", "all,5,3,2,1,2,1,1,0.3333,3.5,3.9"]);
  });
});
