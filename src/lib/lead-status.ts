/**
 * The lead workflow's statuses and the moves between them, shared by the server (which enforces
 * them) and the dashboard (which offers only the allowed moves).
 */
export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Where a lead may go from each status, forward steps first (the dashboard offers them in this
 * order, so a quoted lead's first action is 'won'): forward (a step may be skipped), lost from any
 * open status, and back to contacted (a quote to redo, a closed lead reopened).
 */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "quoted", "lost"],
  contacted: ["quoted", "won", "lost"],
  quoted: ["won", "lost", "contacted"],
  won: ["contacted"],
  lost: ["contacted"],
};

/** The workflow's order: a move to an earlier status (or out of won/lost) goes back. */
const RANK: Record<LeadStatus, number> = { new: 0, contacted: 1, quoted: 2, won: 3, lost: 3 };
export const isBackward = (from: LeadStatus, to: LeadStatus) => RANK[to] < RANK[from] || (RANK[from] === 3 && to !== from);

/** The statuses that carry the job's amount (the quote, the signed contract). */
export const AMOUNT_STATUSES: readonly LeadStatus[] = ["quoted", "won"];
/**
 * Whether a status change may be made: an allowed move, or a quoted or won lead staying where it is
 * with a new amount (issue 39: a quote revised, a contract's final figure), which needs no move.
 */
export const mayChange = (from: LeadStatus, to: LeadStatus, amount: number | null | undefined) =>
  NEXT_STATUSES[from].includes(to) || (to === from && AMOUNT_STATUSES.includes(from) && amount != null);

/** Amounts are dollars with cents, more than 0 and below this. */
export const AMOUNT_LIMIT = 100_000_000;

/** The longest note a status change may carry. */
export const NOTE_MAX = 2000;
