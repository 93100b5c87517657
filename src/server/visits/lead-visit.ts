/**
 * The visit a lead card shows (issue 35, item 5), read with the lead list: the lead's next visit
 * that is not cancelled, else its latest. SQL for a column of `FROM leads`, and its reading.
 */
import type { LeadVisit, VisitState } from "../../lib/contracts/visits.ts";
import { toHhmm, wallClock } from "../../lib/wall-clock.ts";

export const LEAD_VISIT_COLUMN = `(SELECT json_build_object('id', v.id, 'start', v.starts_at, 'end', v.ends_at, 'status', v.status) FROM visits v WHERE v.lead_id = leads.id
  ORDER BY (v.status = 'scheduled' AND v.starts_at > now()) DESC, v.status <> 'cancelled' DESC, v.starts_at DESC LIMIT 1) AS visit`;

export function leadVisit(v: { id: string; start: string; end: string; status: VisitState } | null): LeadVisit | null {
  if (!v) return null;
  const start = new Date(v.start);
  const { date, minutes } = wallClock(start);
  return { id: v.id, status: v.status, slot: { start: start.toISOString(), end: new Date(v.end).toISOString(), date, time: toHhmm(minutes) } };
}
