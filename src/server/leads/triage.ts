/**
 * The office's triage marks on a lead (issue 39): whether its first answer is overdue against the
 * site's promise ("we will be in touch within one business day"), and its other requests by the
 * same e-mail or phone, told apart as duplicates (the same request sent again within a short
 * window) and a returning customer's earlier or later requests.
 */
import type { BusinessHours } from "../../lib/contracts/reports.ts";
import type { LeadAnswerDue, RelatedLead } from "../../lib/contracts/admin.ts";
import type { LeadStatus } from "../../lib/lead-status.ts";
import { toMinutes } from "../../lib/wall-clock.ts";

/** Requests from the same person this close together are one job asked for again. */
export const DUPLICATE_WINDOW_DAYS = 14;
/** The card links at most this many of a lead's other requests. */
export const RELATED_MAX = 10;

export type RelatedRow = { id: string; createdAt: string; status: LeadStatus; kind: string; fullName: string };

/** Business seconds in one business day: the published opening hours (24 h when none are published). */
export function businessDaySeconds(hours: BusinessHours | null): number {
  if (!hours) return 86_400;
  return (toMinutes(hours.closes) - toMinutes(hours.opens)) * 60;
}

export function leadTriage(
  createdAt: Date | string,
  waitingSecs: number | string | null | undefined,
  related: RelatedRow[] | string | null | undefined,
  hours: BusinessHours | null | undefined,
): { answerDue: LeadAnswerDue | null; related: RelatedLead[] } {
  const rows: RelatedRow[] = typeof related === "string" ? JSON.parse(related) : (related ?? []);
  const at = new Date(createdAt).getTime();
  const window = DUPLICATE_WINDOW_DAYS * 86_400_000;
  const day = businessDaySeconds(hours ?? null);
  return {
    answerDue:
      hours === undefined || waitingSecs === null || waitingSecs === undefined
        ? null
        : { waitingSeconds: Math.round(Number(waitingSecs)), promiseSeconds: day, overdue: Number(waitingSecs) > day, businessHours: !!hours },
    related: rows.map((o) => {
      const t = new Date(o.createdAt).getTime();
      return {
        id: o.id,
        createdAt: new Date(o.createdAt).toISOString(),
        status: o.status,
        kind: o.kind === "inquiry" ? "inquiry" : "quote",
        fullName: o.fullName,
        relation: Math.abs(t - at) <= window ? "duplicate" : t < at ? "earlier" : "later",
      };
    }),
  };
}
