/**
 * Where leads come from, and which sources bring won jobs: the sources table and the weekly chart
 * of its first five. A lead's source is, as the admin chooses, its UTM source / medium / campaign,
 * the page it was sent from, or the referrer's host ('direct' without one). One statement each.
 */
import type { Queryable } from "../db/index.ts";
import {
  REPORT_CHART_SOURCES,
  REPORT_MAX_ROWS,
  type ReportGrouping,
  type ReportPeriod,
  type SourceRow,
  type SourceSpecial,
  type SourcesReport,
  type WeeklyReport,
} from "../../lib/contracts/reports.ts";
import { Params, periodSql, periodWeeks } from "./period.ts";
import { COUNT_COLUMNS, toCounts, type CountRow } from "./counts.ts";

/**
 * A referrer's host: lower-case, without credentials, port or a leading www; null without one.
 * String functions, not a regular expression: this runs for every lead, and costs a third as much.
 */
const HOST_FROM = `CROSS JOIN LATERAL (SELECT lower(split_part(split_part(split_part(split_part(split_part(split_part(l.referrer, '://', 2), '/', 1), '?', 1), '#', 1), '@', -1), ':', 1)) AS a) r0
  CROSS JOIN LATERAL (SELECT nullif(CASE WHEN left(r0.a, 4) = 'www.' THEN substr(r0.a, 5) ELSE r0.a END, '') AS host) r`;

/** The same normalisation in JS, for the site's own hosts. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

const tag = (key: string) => `nullif(lower(btrim(l.utm->>'${key}')), '')`;

/**
 * The `k` (text[]) and `special` columns of a lead `l` for a grouping, and the FROM items they need.
 * `ownHosts`: this site's hosts, whose referrals are a visit's inner steps, not its source.
 */
function sourceSql(p: Params, group: ReportGrouping, ownHosts: string[]) {
  if (group === "utm") {
    return {
      from: "",
      k: `ARRAY[${tag("source")}, ${tag("medium")}, ${tag("campaign")}]`,
      special: `CASE WHEN coalesce(${tag("source")}, ${tag("medium")}, ${tag("campaign")}) IS NULL THEN 'none' END`,
    };
  }
  if (group === "page") {
    // The page the visit landed on (issue 28; leads from before it was kept: the form's page).
    // /contact/ and /contact are one page; the query string is not part of the page.
    const page = `nullif(regexp_replace(split_part(btrim(coalesce(l.landing_page, l.source_page)), '?', 1), '(.)/+$', '\\1'), '')`;
    return { from: "", k: `ARRAY[${page}]`, special: `CASE WHEN ${page} IS NULL THEN 'none' END` };
  }
  const own = p.v(ownHosts, "text[]");
  return {
    from: HOST_FROM,
    k: `ARRAY[CASE WHEN r.host IS NULL OR r.host = ANY (${own}) THEN NULL ELSE r.host END]`,
    special: `CASE WHEN r.host IS NULL THEN 'direct' WHEN r.host = ANY (${own}) THEN 'internal' END`,
  };
}

/** The period's real leads with their source (k, special), status and arrival week. */
function sourcedLeads(p: Params, period: ReportPeriod, group: ReportGrouping, ownHosts: string[]) {
  const per = periodSql(p, period);
  const src = sourceSql(p, group, ownHosts);
  return `${per.ctes},
     l AS (SELECT ${src.k} AS k, ${src.special} AS special, l.status, ${per.week("l")} AS week
             FROM leads l CROSS JOIN bounds ${src.from}
            WHERE ${per.inPeriod("l")})`;
}

/** Won first, then the most leads; the rest by their values, so the order never wavers. */
const ORDER = "won DESC, total DESC, k, special";

type KeyRow = { k: (string | null)[]; special: SourceSpecial | null };
const toKey = (r: KeyRow) => ({ keys: r.k, special: r.special });

/** Every source of the period's leads with the count in each status; `limit` rows at most. */
export async function sourcesReport(q: Queryable, period: ReportPeriod, group: ReportGrouping, ownHosts: string[], limit: number | null = REPORT_MAX_ROWS): Promise<SourcesReport> {
  const p = new Params();
  const with_ = sourcedLeads(p, period, group, ownHosts);
  const r = await q.query<KeyRow & CountRow & { groups: string }>(
    `WITH ${with_}
     SELECT k, special, ${COUNT_COLUMNS}, count(*) OVER () AS groups
       FROM l GROUP BY k, special
      ORDER BY ${ORDER}
      ${limit === null ? "" : `LIMIT ${p.v(limit, "int")}`}`,
    p.values,
  );
  const rows: SourceRow[] = r.rows.map((row) => ({ ...toKey(row), ...toCounts(row) }));
  return { period, group, rows, groups: Number(r.rows[0]?.groups ?? 0) };
}

/** Leads and won jobs per arrival week for the first REPORT_CHART_SOURCES sources of the sources table. */
export async function weeklyReport(q: Queryable, period: ReportPeriod, group: ReportGrouping, ownHosts: string[]): Promise<WeeklyReport> {
  const p = new Params();
  const with_ = sourcedLeads(p, period, group, ownHosts);
  const r = await q.query<KeyRow & { week: string; rank: string; leads: string; won: string }>(
    `WITH ${with_},
     top AS (SELECT k, special, count(*) FILTER (WHERE status = 'won') AS won, count(*) AS total
               FROM l GROUP BY k, special ORDER BY ${ORDER} LIMIT ${p.v(REPORT_CHART_SOURCES, "int")}),
     ranked AS (SELECT k, special, row_number() OVER (ORDER BY ${ORDER}) AS rank FROM top)
     SELECT to_char(w.week, 'YYYY-MM-DD') AS week, t.rank, t.k, t.special,
            count(l.status) AS leads, count(l.status) FILTER (WHERE l.status = 'won') AS won
       FROM weeks w CROSS JOIN ranked t
       LEFT JOIN l ON l.week = w.week AND l.k = t.k AND l.special IS NOT DISTINCT FROM t.special
      GROUP BY w.week, t.rank, t.k, t.special
      ORDER BY w.week, t.rank`,
    p.values,
  );
  const weeks = periodWeeks(period);
  const sources = new Map<string, WeeklyReport["sources"][number]>();
  for (const row of r.rows) {
    let s = sources.get(row.rank);
    if (!s) sources.set(row.rank, (s = { ...toKey(row), leads: weeks.map(() => 0), won: weeks.map(() => 0) }));
    const i = weeks.indexOf(row.week);
    s.leads[i] = Number(row.leads);
    s.won[i] = Number(row.won);
  }
  return { period, group, weeks, sources: [...sources.values()] };
}
