// Issue 39, item 5: the Reports tab's money, from the amounts the office writes when it quotes or
// wins a lead: the pipeline (open quotes), the won value and the average job, for the period's real
// leads. Leads are seeded in a month of their own so other files' leads do not count.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import reportsFn from "../../functions/admin-reports.ts";

const db = useTestDb();
let admin = "";

const lead = (status: string, amount: number | null, day: string, spam: string | null = null) =>
  db().query(
    `INSERT INTO leads (kind, full_name, email, phone, subject, status, amount, created_at, spam_reason, crm_state)
     VALUES ('quote', 'Money', 'money-report@example.com', '(239) 555-0134', 'Seawalls', $1, $2, $3::timestamptz, $4, 'disabled')`,
    [status, amount, `${day}T15:00:00Z`, spam],
  );

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  await lead("quoted", 18400, "2021-03-02");
  await lead("quoted", 7250.5, "2021-03-10");
  await lead("quoted", null, "2021-03-11"); // quoted, no amount written: counted apart
  await lead("won", 42000, "2021-03-05");
  await lead("won", 12000, "2021-03-20");
  await lead("won", null, "2021-03-21");
  await lead("lost", 9999, "2021-03-22"); // lost: neither pipeline nor won
  await lead("won", 50000, "2021-04-02"); // after the period
  await lead("quoted", 3000, "2021-03-15", "honeypot"); // held as spam: not a lead
});

const report = (query: string) => call(reportsFn, "GET", `/api/admin/reports/money?${query}`, { token: admin, params: { table: "money" } });
const MARCH = "period=custom&from=2021-03-01&to=2021-03-31&tz=America/New_York";

describe("GET /api/admin/reports/money", () => {
  it("sums the open quotes, the won jobs and the average job of the period's leads", async () => {
    const r = await report(MARCH);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({
      period: { from: "2021-03-01", to: "2021-03-31" },
      pipeline: { amount: 25650.5, leads: 2, withoutAmount: 1 },
      won: { amount: 54000, leads: 2, withoutAmount: 1 },
      averageJob: 27000,
    });
  });

  it("says 0 and no average for a period without amounts, and gives the figures as CSV", async () => {
    const none = await report("period=custom&from=2020-01-01&to=2020-01-31&tz=America/New_York");
    expect(none.json.data).toMatchObject({ pipeline: { amount: 0, leads: 0 }, won: { amount: 0, leads: 0 }, averageJob: null });
    const csv = await report(`${MARCH}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="report-money-2021-03-01-to-2021-03-31.csv"');
    expect(csv.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n")).toEqual([
      "figure,amount_usd,leads_with_amount,leads_without_amount",
      "pipeline,25650.50,2,1",
      "won,54000.00,2,1",
      "average_job,27000.00,2,1",
    ]);
  });
});
