/** GET admin/pipes: whether leads get out, through the Zoho CRM sync and mail (issue 25, item 9). */

export type PipeName = "zoho" | "smtp";
/** 'ok': the last attempt worked (or none was made); 'failing': every attempt failed, for less than an hour; 'down': for an hour or more. */
export type PipeState = "ok" | "failing" | "down";

export interface PipeReport {
  pipe: PipeName;
  state: PipeState;
  lastSuccessAt: string | null;
  /** The first failed attempt since the last one that worked. */
  failingSince: string | null;
  lastFailureAt: string | null;
  failures: number;
  lastError: string | null;
  /** Leads this pipe still owes: not yet in Zoho ('zoho'), or whose office e-mail is not sent yet ('smtp'). */
  waitingLeads: number;
  /** Every message waiting in the outbox ('smtp'; null for 'zoho'). */
  waitingMessages: number | null;
  /** When the office was told of the current outage (by e-mail, or in the error log), or null. */
  alertOpenedAt: string | null;
}

export interface PipesAnswer {
  pipes: PipeReport[];
  checkedAt: string;
}
