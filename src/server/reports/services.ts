/**
 * The status counts per service a quote asked for, and per product an inquiry was about, for the
 * period's real leads. One statement.
 */
import type { Queryable } from "../db/index.ts";
import type { LeadKind } from "../../lib/contracts/lead.ts";
import type { ReportPeriod, ServicesReport } from "../../lib/contracts/reports.ts";
import { Params, periodSql } from "./period.ts";
import { COUNT_COLUMNS, toCounts, type CountRow } from "./counts.ts";

/**
 * `serviceTitles`: the catalogue's services. A quote's subject is one of them, or the visitor's own
 * words ('Other'), which are counted together as one row (id null). Without a catalogue (it could
 * not be read) every subject is its own row.
 */
export async function servicesReport(q: Queryable, period: ReportPeriod, serviceTitles: string[]): Promise<ServicesReport> {
  const p = new Params();
  const per = periodSql(p, period);
  const titles = p.v(serviceTitles, "text[]");
  const r = await q.query<CountRow & { kind: LeadKind; id: string | null; name: string | null }>(
    `WITH ${per.ctes},
     l AS (SELECT l.kind, l.status, l.product_name,
                  CASE WHEN l.kind = 'inquiry' THEN l.product_id
                       WHEN cardinality(${titles}) = 0 OR l.subject = ANY (${titles}) THEN nullif(l.subject, '') END AS id
             FROM leads l CROSS JOIN bounds
            WHERE ${per.inPeriod("l")})
     SELECT l.kind, l.id, CASE WHEN l.kind = 'inquiry' THEN coalesce(min(p.name), min(l.product_name)) END AS name, ${COUNT_COLUMNS}
       FROM l LEFT JOIN products p ON l.kind = 'inquiry' AND p.id = l.id
      GROUP BY l.kind, l.id
      ORDER BY won DESC, total DESC, l.kind DESC, l.id`,
    p.values,
  );
  return { period, rows: r.rows.map((row) => ({ kind: row.kind, id: row.id, name: row.name, ...toCounts(row) })) };
}
