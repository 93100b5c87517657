/**
 * Business hours: the office's hours as the site's content states them (site.json `hours`: days,
 * opens, closes), in the company's time zone (Cape Coral, Florida), and the SQL that counts the
 * business seconds between two instants. Counted in the database, so daylight saving and weekends
 * are the zone's and the calendar's, and each report stays one statement.
 */
import type { BusinessHours } from "../../lib/contracts/reports.ts";
import type { Queryable } from "../db/index.ts";
import { readPublishedPart } from "../content/read.ts";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";
import type { Params } from "./period.ts";
import { usableHours, WEEK } from "../../lib/office-hours.ts";

/**
 * The published hours (site `hours`), or null when they name none that can be counted (then every
 * hour counts). Read by the same rules the Site tab writes them with (src/lib/office-hours.ts).
 */
export async function businessHours(q?: Queryable): Promise<BusinessHours | null> {
  const site = (await readPublishedPart("site", q)) as { hours?: { days?: unknown; opens?: unknown; closes?: unknown } } | null;
  const h = site?.hours;
  if (!h || !Array.isArray(h.days) || typeof h.opens !== "string" || typeof h.closes !== "string") return null;
  const ordered = usableHours({ days: h.days.filter((d): d is string => typeof d === "string"), opens: h.opens, closes: h.closes });
  // ISO weekdays, Monday 1.
  return ordered && { days: ordered.map((d) => WEEK.indexOf(d) + 1), opens: h.opens, closes: h.closes, timeZone: OFFICE_TIME_ZONE };
}

/** '1111100': which ISO weekdays (Monday first) are business days. */
const weekMask = (days: number[]) => [1, 2, 3, 4, 5, 6, 7].map((d) => (days.includes(d) ? "1" : "0")).join("");

/**
 * SQL for a subquery giving `secs`, the business seconds between the instants `since` and `until`
 * (0 when `until` is not after `since`; NULL when `until` is NULL). Constant work per pair, so the
 * planner's estimate stays small (a per-lead series of days made PostgreSQL compile the statement
 * with JIT, 100 ms and more on every call):
 *   - the first and the last local day add the part of their open hours between the two instants,
 *     each opening and closing turned into an instant by the zone's rules (daylight saving);
 *   - each business day between them adds its whole open hours: (weeks × business days a week +
 *     the business days of the part week, counted in the week's mask) × (closes − opens), as the
 *     clock reads them: exact unless the clocks change during open hours (the US changes at 2 am).
 * Without hours in the content every second counts: the plain difference.
 */
export function businessSecondsSql(p: Params, hours: BusinessHours | null, since: string, until: string): string {
  if (!hours) return `(SELECT greatest(0, extract(epoch FROM ${until} - ${since}))::float8 AS secs)`;
  const zone = p.v(hours.timeZone, "text");
  const opens = p.v(hours.opens, "time");
  const closes = p.v(hours.closes, "time");
  const mask = p.v(weekMask(hours.days), "text");
  const perWeek = p.v(hours.days.length, "int");
  const open = (day: string) => `greatest(0, extract(epoch FROM least(${until}, (${day} + ${closes}) AT TIME ZONE ${zone}) - greatest(${since}, (${day} + ${opens}) AT TIME ZONE ${zone})))`;
  const isBusiness = (day: string) => `substr(${mask}, extract(isodow FROM ${day})::int, 1) = '1'`;
  const between = `(x.ed - x.sd - 1)`;
  const middleDays = `(${between} / 7 * ${perWeek} + length(replace(substr(${mask} || ${mask}, extract(isodow FROM x.sd + 1)::int, ${between} % 7), '0', '')))`;
  return `(SELECT (CASE WHEN ${until} IS NULL THEN NULL ELSE 0 END
                 + CASE WHEN ${isBusiness("x.sd")} THEN ${open("x.sd")} ELSE 0 END
                 + CASE WHEN x.ed > x.sd AND ${isBusiness("x.ed")} THEN ${open("x.ed")} ELSE 0 END
                 + CASE WHEN x.ed > x.sd + 1 THEN ${middleDays} * extract(epoch FROM ${closes} - ${opens}) ELSE 0 END)::float8 AS secs
             FROM (SELECT (${since} AT TIME ZONE ${zone})::date AS sd, (${until} AT TIME ZONE ${zone})::date AS ed) x)`;
}
