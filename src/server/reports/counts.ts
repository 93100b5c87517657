/** The status columns every report table shares: the leads in each status now, and all of them. */
import { LEAD_STATUSES } from "../../lib/lead-status.ts";
import type { StatusCounts } from "../../lib/contracts/reports.ts";

/** SQL over a relation with a `status` column, grouped by the caller. */
export const COUNT_COLUMNS = [...LEAD_STATUSES.map((s) => `count(*) FILTER (WHERE status = '${s}') AS ${s}`), "count(*) AS total"].join(", ");

export type CountRow = Record<(typeof LEAD_STATUSES)[number] | "total", string | number>;

export function toCounts(r: CountRow): StatusCounts {
  const n = Object.fromEntries([...LEAD_STATUSES, "total"].map((k) => [k, Number(r[k as keyof CountRow])])) as Omit<StatusCounts, "wonRate">;
  return { ...n, wonRate: n.total ? n.won / n.total : 0 };
}
