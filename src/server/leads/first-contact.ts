/**
 * The office's one tap 'התקשרתי' (issue 34): records the first call to a lead with its time and
 * who made it. A lead still 'new' moves to 'contacted' in the same transaction (its history says
 * so, and Zoho hears of it like any status change). A second tap records nothing new: the first
 * contact is kept. The Reports tab's speed to answer counts from the lead's arrival to its first
 * contact or first status change, whichever came first.
 */
import type { Db } from "../db/index.ts";
import type { StatusEntry } from "../../lib/contracts/admin.ts";
import type { LeadStatus } from "../../lib/lead-status.ts";
import { recordStatusChange } from "./status.ts";

export const FIRST_CONTACT_NOTE = "התקשרתי";

export type FirstContact =
  | { ok: true; firstContactAt: string; by: string; already: boolean; status: LeadStatus; entry: StatusEntry | null }
  | { ok: false; reason: "not-found" | "held" };

export async function recordFirstContact(db: Db, leadId: string, by: { id: string; email: string }, crmEnabled: boolean): Promise<FirstContact> {
  return db.tx(async (q) => {
    const found = await q.query<{ status: LeadStatus; spam_reason: string | null; first_contact_at: Date | null; first_contact_by: string | null }>(
      "SELECT status, spam_reason, first_contact_at, first_contact_by FROM leads WHERE id = $1 FOR UPDATE",
      [leadId],
    );
    const lead = found.rows[0];
    if (!lead) return { ok: false, reason: "not-found" } as const;
    // A held lead is not on the office's list until someone presses 'Not spam'.
    if (lead.spam_reason) return { ok: false, reason: "held" } as const;
    if (lead.first_contact_at) {
      return { ok: true, firstContactAt: new Date(lead.first_contact_at).toISOString(), by: lead.first_contact_by ?? "", already: true, status: lead.status, entry: null } as const;
    }
    const r = await q.query<{ first_contact_at: Date }>(
      "UPDATE leads SET first_contact_at = now(), first_contact_by = $2 WHERE id = $1 RETURNING first_contact_at",
      [leadId, by.email],
    );
    const entry = lead.status === "new" ? await recordStatusChange(q, leadId, "new", { status: "contacted", note: FIRST_CONTACT_NOTE }, by, crmEnabled) : null;
    const status = entry ? entry.to : lead.status;
    return { ok: true, firstContactAt: new Date(r.rows[0].first_contact_at).toISOString(), by: by.email, already: false, status, entry } as const;
  });
}
