/**
 * Storing a lead is the first thing that happens to a submission, and it happens in one
 * transaction with the two e-mails about it, so a stored lead always has its notifications queued.
 */
import { createHmac } from "node:crypto";
import type { Db } from "../db/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { deriveLead } from "./derive.ts";
import { confirmationMail, officeNotification } from "./notify.ts";

export type LeadKind = "quote" | "inquiry";
export type CrmState = "pending" | "synced" | "failed" | "disabled";

export type LeadRow = {
  id: string;
  kind: LeadKind;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  subject: string;
  message: string;
  product_id: string | null;
  product_name: string | null;
  source_page: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  user_agent: string | null;
  spam_reason: string | null;
  created_at: Date;
  crm_state: CrmState;
  crm_account_id: string | null;
  crm_lead_id: string | null;
  crm_deal_id: string | null;
  attempts: number;
  last_error: string | null;
};

/** The columns sync and the admin read (never `SELECT *`). */
export const LEAD_COLUMNS = `id, kind, full_name, first_name, last_name, email, phone, address, subject, message,
  product_id, product_name, source_page, referrer, utm, user_agent, spam_reason, created_at, crm_state,
  crm_account_id, crm_lead_id, crm_deal_id, attempts, last_error`;

export interface NewLead {
  kind: LeadKind;
  fullName: string;
  email: string;
  phone?: string;
  address?: string;
  subject?: string;
  message?: string;
  productId?: string;
  productName?: string;
  page?: string;
  referrer?: string;
  utm?: Record<string, string | undefined>;
  userAgent?: string | null;
  ip: string;
  /** Why it looks like spam (stored, never synced or mailed), or null. */
  spamReason: string | null;
  /** Whether CRM sync is configured; without it the lead stays in Postgres ('disabled'). */
  crmEnabled: boolean;
}

/** The IP is kept only as a keyed hash: enough to spot a flood, useless to identify a visitor. */
export function hashIp(ip: string, secret = process.env.SESSION_SECRET || "coastal-marine-lead-ip"): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 32);
}

export async function storeLead(db: Db, lead: NewLead): Promise<{ id: string; crmState: CrmState; mailIds: number[] }> {
  const d = deriveLead(lead);
  const crmState: CrmState = lead.crmEnabled && !lead.spamReason ? "pending" : "disabled";
  const utm = Object.fromEntries(Object.entries(lead.utm ?? {}).filter(([, v]) => v));
  return db.tx(async (q) => {
    const r = await q.query<{ id: string; created_at: Date }>(
      `INSERT INTO leads (kind, full_name, first_name, last_name, email, phone, address, subject, message, product_id,
         product_name, source_page, referrer, utm, user_agent, ip_hash, spam_reason, crm_state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18)
       RETURNING id, created_at`,
      [
        lead.kind,
        lead.fullName,
        d.firstName,
        d.lastName,
        lead.email,
        lead.phone ?? "",
        lead.address ?? "",
        lead.subject ?? "",
        lead.message ?? "",
        lead.productId ?? null,
        lead.productName ?? null,
        lead.page || null,
        lead.referrer || null,
        JSON.stringify(utm),
        lead.userAgent?.slice(0, 500) || null,
        hashIp(lead.ip),
        lead.spamReason,
        crmState,
      ],
    );
    const { id } = r.rows[0];
    const mailIds: number[] = [];
    if (!lead.spamReason) {
      const office = await officeNotification(lead, id);
      if (office) mailIds.push(await enqueueMail(q, office));
      mailIds.push(await enqueueMail(q, await confirmationMail(lead)));
    }
    return { id, crmState, mailIds };
  });
}
