/**
 * The office's lead workflow: new → contacted → quoted → won / lost, every change with who made it
 * (and a note, required only for lost; an amount for quoted and won), kept as a history per lead. A change to a lead that Zoho knows (or will know) is
 * queued, in the same transaction, for writing to the Zoho lead's status (see status-sync.ts).
 */
import { z } from "zod";
import { text } from "../../lib/text.ts";
import type { Db, Queryable } from "../db/index.ts";
import type { StatusEntry } from "../../lib/contracts/admin.ts";
import { AMOUNT_LIMIT, AMOUNT_STATUSES, LEAD_STATUSES, NOTE_MAX, mayChange, type LeadStatus } from "../../lib/lead-status.ts";

export { LEAD_STATUSES, NEXT_STATUSES, NOTE_MAX, type LeadStatus } from "../../lib/lead-status.ts";

/** Whole cents: 18400 and 18400.5 are amounts, 18400.505 is not. */
const inCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * A status change: a note is needed only for a lost lead (why it was lost); a quoted or won lead
 * may carry the job's amount in dollars (null or absent: the amount stays as it was).
 */
export const statusChangeSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES, "must be one of new, contacted, quoted, won, lost"),
    note: text("must be text").trim().max(NOTE_MAX).default(""),
    amount: z
      .number("must be a number of dollars")
      .positive("must be more than 0 dollars")
      .lt(AMOUNT_LIMIT, `must be less than ${AMOUNT_LIMIT} dollars`)
      .refine(inCents, "must be whole cents")
      .nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.status === "lost" && !c.note) ctx.addIssue({ code: "custom", path: ["note"], message: "is required: say why the lead was lost" });
    if (c.amount != null && !AMOUNT_STATUSES.includes(c.status)) ctx.addIssue({ code: "custom", path: ["amount"], message: "is only for a quoted or won lead" });
  });
export type StatusChange = z.input<typeof statusChangeSchema>;

export type ChangeResult =
  | { ok: true; status: LeadStatus; entry: StatusEntry }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: LeadStatus };

type HistoryRow = {
  id: string;
  amount: string | number | null;
  from_status: LeadStatus;
  to_status: LeadStatus;
  note: string;
  changed_by_email: string;
  changed_at: Date;
  crm_state: StatusEntry["crm"];
};
const HISTORY_COLUMNS = "id, from_status, to_status, note, amount, changed_by_email, changed_at, crm_state";

const toEntry = (r: HistoryRow): StatusEntry => ({
  id: String(r.id),
  from: r.from_status,
  to: r.to_status,
  note: r.note,
  amount: r.amount === null ? null : Number(r.amount),
  by: r.changed_by_email,
  at: new Date(r.changed_at).toISOString(),
  crm: r.crm_state,
});

/**
 * Moves a lead to `change.status` if the workflow allows it from where it is, and records the
 * change. With CRM sync on, the change becomes the lead's one pending status write (an older
 * pending one is superseded: only the newest status matters to Zoho).
 */
export async function changeLeadStatus(
  db: Db,
  leadId: string,
  change: StatusChange,
  by: { id: string; email: string },
  crmEnabled: boolean,
): Promise<ChangeResult> {
  return db.tx(async (q) => {
    const lead = await q.query<{ status: LeadStatus }>("SELECT status FROM leads WHERE id = $1 FOR UPDATE", [leadId]);
    const from = lead.rows[0]?.status;
    if (!from) return { ok: false, reason: "not-found" } as const;
    if (!mayChange(from, change.status, change.amount)) return { ok: false, reason: "not-allowed", from } as const;
    return { ok: true, status: change.status, entry: await recordStatusChange(q, leadId, from, change, by, crmEnabled) } as const;
  });
}

/**
 * Writes an allowed move (the caller holds the lead's row lock and checked the move): the lead's
 * status, its history row and, with CRM sync on, the one pending status write for Zoho.
 */
export async function recordStatusChange(
  q: Queryable,
  leadId: string,
  from: LeadStatus,
  change: StatusChange,
  by: { id: string; email: string },
  crmEnabled: boolean,
): Promise<StatusEntry> {
  const amount = change.amount ?? null;
  await q.query("UPDATE leads SET status = $2, status_changed_at = now(), amount = coalesce($3, amount) WHERE id = $1", [leadId, change.status, amount]);
  if (crmEnabled) await q.query("UPDATE lead_status_history SET crm_state = 'superseded' WHERE lead_id = $1 AND crm_state = 'pending'", [leadId]);
  const r = await q.query<HistoryRow>(
    `INSERT INTO lead_status_history (lead_id, from_status, to_status, note, amount, changed_by, changed_by_email, crm_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${HISTORY_COLUMNS}`,
    [leadId, from, change.status, change.note ?? "", amount, by.id, by.email, crmEnabled ? "pending" : "disabled"],
  );
  return toEntry(r.rows[0]);
}

/** A lead's status changes, newest first; null when there is no such lead. */
export async function leadStatusHistory(q: Queryable, leadId: string): Promise<{ status: LeadStatus; history: StatusEntry[] } | null> {
  const lead = await q.query<{ status: LeadStatus }>("SELECT status FROM leads WHERE id = $1", [leadId]);
  if (!lead.rows[0]) return null;
  const r = await q.query<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM lead_status_history WHERE lead_id = $1 ORDER BY changed_at DESC, id DESC`, [leadId]);
  return { status: lead.rows[0].status, history: r.rows.map(toEntry) };
}
