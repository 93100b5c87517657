// Issue 37, item 4: the Reports tab counts leads and won jobs by the language of the page they came
// from. Leads are seeded (held spam left out, as in every report table), the period is applied.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import reportsFn from "../../functions/admin-reports.ts";

const db = useTestDb();
let admin = "";

const lead = (language: "en" | "es", status: string, daysAgo: number, spam: string | null = null) =>
  db().query(
    `INSERT INTO leads (kind, full_name, email, phone, subject, language, status, created_at, spam_reason, crm_state)
     VALUES ('quote', 'Test', 'lang-report@example.com', '(239) 555-0134', 'Seawalls', $1, $2, now() - make_interval(days => $3), $4, 'disabled')`,
    [language, status, daysAgo, spam],
  );

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  await lead("en", "won", 2);
  await lead("en", "new", 3);
  await lead("en", "lost", 4);
  await lead("es", "won", 1);
  await lead("es", "contacted", 5);
  await lead("es", "won", 200); // before the 90 days
  await lead("es", "new", 1, "honeypot"); // held as spam: not a lead until released
});

const report = (query: string) => call(reportsFn, "GET", `/api/admin/reports/languages?${query}`, { token: admin, params: { table: "languages" } });

describe("GET /api/admin/reports/languages", () => {
  it("counts the period's leads and won jobs from the English and the Spanish site", async () => {
    const r = await report("period=90d&tz=America/New_York");
    expect(r.status).toBe(200);
    const rows = r.json.data.rows as { language: string; total: number; won: number; contacted: number; wonRate: number }[];
    expect(rows.map((x) => x.language)).toEqual(["en", "es"]);
    expect(rows[0]).toMatchObject({ total: 3, won: 1, new: 1, lost: 1 });
    expect(rows[1]).toMatchObject({ total: 2, won: 1, contacted: 1, wonRate: 0.5 });
  });

  it("says 0 for a language with no lead in the period, and gives the table as CSV", async () => {
    const none = await report("period=custom&from=2020-01-01&to=2020-01-31&tz=America/New_York");
    expect(none.json.data.rows).toMatchObject([{ language: "en", total: 0 }, { language: "es", total: 0 }]);
    const csv = await report("period=90d&tz=America/New_York&format=csv");
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("language,new,contacted,quoted,won,lost,total,won_rate");
    expect(lines.slice(1)).toEqual(["en,1,0,0,1,1,3,0.3333", "es,0,1,0,1,0,2,0.5000"]);
  });
});
