/**
 * Leads held as possible spam (ARCHITECTURE.md decision 15). The spam rules (honeypot, too fast)
 * may hold a lead, but never drop it: it is stored with its reason, listed for the office under
 * its own filter, and deleted only 30 days after it arrived unless someone releases it.
 *
 * 'Not spam' releases it: in one transaction the lead becomes a real one (spam_reason cleared,
 * held_reason, released_at and released_by kept), its e-mails are queued exactly as for a new lead
 * and its CRM sync (lead, then photos) is queued, and so is its text when the visitor asked for
 * one (texts.ts). The caller then runs the same background work as a submission (`afterStore`,
 * `textLead`); the scheduled jobs deliver whatever that misses. The visitor's photos
 * come after it: their browser asks with the lead's claim and now gets an upload token (photo-claims.ts).
 */
import type { Db } from "../db/index.ts";
import { initialCrmState } from "./crm-queue.ts";
import { LEAD_COLUMNS, type LeadRow, type NewLead } from "./lead.ts";
import { queueLeadMails } from "./store.ts";
import { claimedPhotos } from "./photo-claims.ts";
import { HELD_LEAD_DAYS } from "../../lib/contracts/lead.ts";
import { queueConsentedLeadText } from "./texts.ts";

/** How long a held lead is kept unreleased (maintenance deletes it after); the browser keeps its photos as long. */
export const HELD_RETENTION_DAYS = HELD_LEAD_DAYS;

export type Released =
  | { ok: true; id: string; mailIds: number[]; sync: boolean; heldReason: string; textId: string | null }
  | { ok: false; reason: "not-found" | "not-held" };

/** The stored lead as the e-mails about a new lead read it. */
function asNewLead(r: LeadRow, photos: number, crmEnabled: boolean): NewLead {
  return {
    kind: r.kind,
    fullName: r.full_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    subject: r.subject,
    message: r.message,
    productId: r.product_id ?? undefined,
    productName: r.product_name ?? undefined,
    page: r.source_page ?? undefined,
    referrer: r.referrer ?? undefined,
    utm: r.utm,
    userAgent: r.user_agent,
    // Not kept (only its hash is): the mails do not use it.
    ip: "",
    spamReason: null,
    photos,
    crmEnabled,
    language: r.language,
    estimate: r.estimate,
  };
}

/** Releases a held lead (the office's 'Not spam'); `by` is the admin's e-mail, for the record. */
export async function releaseLead(db: Db, id: string, by: string, crmEnabled: boolean): Promise<Released> {
  return db.tx(async (q) => {
    // FOR UPDATE: two admins pressing 'Not spam' at once release it (and mail the office) once.
    const found = await q.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 FOR UPDATE`, [id]);
    const row = found.rows[0];
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (!row.spam_reason) return { ok: false, reason: "not-held" } as const;
    const photos = await q.query<{ n: string }>("SELECT count(*) AS n FROM lead_photos WHERE lead_id = $1", [id]);
    // Photos announced with it wait on the visitor's device (photo-claims.ts): they come after this.
    const lead = asNewLead(row, Math.max(Number(photos.rows[0].n), await claimedPhotos(q, id)), crmEnabled);
    const crmState = initialCrmState(lead);
    await q.query(
      `UPDATE leads SET held_reason = spam_reason, spam_reason = NULL, released_at = now(), released_by = $2,
         crm_state = $3, next_attempt_at = now(), attempts = 0, last_error = NULL
       WHERE id = $1`,
      [id, by, crmState],
    );
    // Its photos were kept out of the CRM while it was held: they follow the lead now.
    if (crmState === "pending") await q.query("UPDATE lead_photos SET zoho_state = 'pending', zoho_next_attempt_at = now() WHERE lead_id = $1 AND zoho_state = 'disabled'", [id]);
    const mailIds = await queueLeadMails(q, lead, id);
    // The visitor asked for a text (issue 34): it goes now that a person has looked at the request.
    const textId = await queueConsentedLeadText(q, id);
    return { ok: true, id, mailIds, sync: crmState === "pending", heldReason: row.spam_reason, textId };
  });
}
