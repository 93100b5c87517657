/**
 * Leads and won jobs by the language of the page they were sent from (issue 37): how many of the
 * period's real leads came from the Spanish site, and how many of them the office won. One statement.
 */
import type { Queryable } from "../db/index.ts";
import type { LanguagesReport, ReportPeriod } from "../../lib/contracts/reports.ts";
import { LOCALES, type Locale } from "../../lib/i18n/locales.ts";
import { Params, periodSql } from "./period.ts";
import { COUNT_COLUMNS, toCounts, type CountRow } from "./counts.ts";
import { LEAD_STATUSES } from "../../lib/lead-status.ts";

export async function languagesReport(q: Queryable, period: ReportPeriod): Promise<LanguagesReport> {
  const p = new Params();
  const per = periodSql(p, period);
  const r = await q.query<CountRow & { language: Locale }>(
    `WITH ${per.ctes},
     l AS (SELECT l.language, l.status FROM leads l CROSS JOIN bounds WHERE ${per.inPeriod("l")})
     SELECT language, ${COUNT_COLUMNS} FROM l GROUP BY language`,
    p.values,
  );
  // Both languages, every time (a period with no Spanish lead says 0).
  const counts = new Map(r.rows.map((row) => [row.language, toCounts(row)]));
  const none = toCounts(Object.fromEntries([...LEAD_STATUSES, "total"].map((k) => [k, 0])) as CountRow);
  return { period, rows: LOCALES.map((language) => ({ language, ...(counts.get(language) ?? none) })) };
}
