/**
 * What the delivery pipes still owe (issue 25, item 9): leads not yet in Zoho, leads whose office
 * e-mail is not sent, and every message in the mail outbox. Held leads (spam_reason set) are owed
 * nothing until the office releases them.
 */
import type { Queryable } from "../db/index.ts";

export interface Waiting {
  /** Leads waiting for their first or next CRM sync. */
  crmLeads: number;
  /** Leads whose office notification is still in the outbox. */
  mailLeads: number;
  /** Every message still in the outbox. */
  mailMessages: number;
}

export async function waitingForPipes(q: Queryable): Promise<Waiting> {
  const r = await q.query<{ crm: string; mail_leads: string; mail: string }>(
    `SELECT (SELECT count(*) FROM leads WHERE crm_state IN ('pending','failed') AND spam_reason IS NULL) AS crm,
            (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND kind = 'lead-notify') AS mail_leads,
            (SELECT count(*) FROM outbox WHERE sent_at IS NULL) AS mail`,
  );
  const row = r.rows[0];
  return { crmLeads: Number(row.crm), mailLeads: Number(row.mail_leads), mailMessages: Number(row.mail) };
}
