/**
 * The lead workflow's statuses and the moves between them, shared by the server (which enforces
 * them) and the dashboard (which offers only the allowed moves).
 */
export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Where a lead may go from each status: forward (a step may be skipped), lost from any open
 * status, and a closed lead may be reopened as contacted (the note says why).
 */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "quoted", "lost"],
  contacted: ["quoted", "won", "lost"],
  quoted: ["contacted", "won", "lost"],
  won: ["contacted"],
  lost: ["contacted"],
};

/** The longest note a status change may carry. */
export const NOTE_MAX = 2000;
