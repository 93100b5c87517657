/**
 * The office's lead workflow: new → contacted → quoted → won / lost, every change with a note and
 * who made it, kept as a history per lead. A change to a lead that Zoho knows (or will know) is
 * queued, in the same transaction, for writing to the Zoho lead's status (see status-sync.ts).
 */
import { z } from "zod";
import { text } from "../../lib/text.ts";
import type { Db, Queryable } from "../db/index.ts";
import type { StatusEntry } from "../../lib/contracts/admin.ts";
import { LEAD_STATUSES, NEXT_STATUSES, NOTE_MAX, type LeadStatus } from "../../lib/lead-status.ts";

export { LEAD_STATUSES, NEXT_STATUSES, NOTE_MAX, type LeadStatus } from "../../lib/lead-status.ts";

export const statusChangeSchema = z.strictObject({
  status: z.enum(LEAD_STATUSES, "must be one of new, contacted, quoted, won, lost"),
  note: text("is required").trim().min(1, "is required").max(NOTE_MAX),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export type ChangeResult =
  | { ok: true; status: LeadStatus; entry: StatusEntry }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: LeadStatus };

type HistoryRow = {
  id: string;
  from_status: LeadStatus;
  to_status: LeadStatus;
  note: string;
  changed_by_email: string;
  changed_at: Date;
  crm_state: StatusEntry["crm"];
};
const HISTORY_COLUMNS = "id, from_status, to_status, note, changed_by_email, changed_at, crm_state";

const toEntry = (r: HistoryRow): StatusEntry => ({
  id: String(r.id),
  from: r.from_status,
  to: r.to_status,
  note: r.note,
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
    if (!NEXT_STATUSES[from].includes(change.status)) return { ok: false, reason: "not-allowed", from } as const;
    await q.query("UPDATE leads SET status = $2, status_changed_at = now() WHERE id = $1", [leadId, change.status]);
    if (crmEnabled) await q.query("UPDATE lead_status_history SET crm_state = 'superseded' WHERE lead_id = $1 AND crm_state = 'pending'", [leadId]);
    const r = await q.query<HistoryRow>(
      `INSERT INTO lead_status_history (lead_id, from_status, to_status, note, changed_by, changed_by_email, crm_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${HISTORY_COLUMNS}`,
      [leadId, from, change.status, change.note, by.id, by.email, crmEnabled ? "pending" : "disabled"],
    );
    return { ok: true, status: change.status, entry: toEntry(r.rows[0]) } as const;
  });
}

/** A lead's status changes, newest first; null when there is no such lead. */
export async function leadStatusHistory(q: Queryable, leadId: string): Promise<{ status: LeadStatus; history: StatusEntry[] } | null> {
  const lead = await q.query<{ status: LeadStatus }>("SELECT status FROM leads WHERE id = $1", [leadId]);
  if (!lead.rows[0]) return null;
  const r = await q.query<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM lead_status_history WHERE lead_id = $1 ORDER BY changed_at DESC, id DESC`, [leadId]);
  return { status: lead.rows[0].status, history: r.rows.map(toEntry) };
}
