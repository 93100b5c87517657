/**
 * The `leads` table's shapes. Only src/server/leads reads or writes that table: `store` adds a
 * lead, `crm-queue` moves it through the CRM sync queue, `admin-list` lists it for the dashboard.
 */
import type { CrmState, LeadKind } from "../../lib/contracts/lead.ts";
import type { Estimate } from "../../lib/contracts/estimate.ts";
import type { Locale } from "../../lib/i18n/locales.ts";

export type LeadRow = {
  id: string;
  kind: LeadKind;
  full_name: string;
  email: string;
  phone: string;
  phone_e164: string | null;
  phone_ext: string | null;
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
  /** The /estimate estimate the request came with, as the server computed it (issue 36), or null. */
  estimate: Estimate | null;
  /** The language of the page it was sent from (issue 37, migration 024). */
  language: Locale;
  /** The job's amount in dollars the office wrote when it quoted or won the lead (issue 39, migration 026), or null. */
  amount: string | number | null;
};

/** The columns of a LeadRow (never `SELECT *`). */
export const LEAD_COLUMNS = `id, kind, full_name, email, phone, phone_e164, phone_ext, address, subject, message, product_id, product_name,
  source_page, referrer, utm, user_agent, spam_reason, created_at, crm_state, crm_account_id, crm_lead_id, crm_deal_id,
  attempts, last_error, estimate, language, amount`;

/** A submission about to be stored. */
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
  /** The first page of the visit (issue 28). */
  landing?: string;
  referrer?: string;
  utm?: Record<string, string | undefined>;
  userAgent?: string | null;
  ip: string;
  /** Why it looks like spam (stored, never synced or mailed), or null. */
  spamReason: string | null;
  /** How many photos the visitor said they will upload (quote requests; 0 or absent: none). */
  photos?: number;
  /** Whether CRM sync is configured; without it the lead stays in Postgres ('disabled'). */
  crmEnabled: boolean;
  /** False when the visitor is confirmed otherwise (a booked visit's own e-mail): no lead confirmation. */
  confirm?: boolean;
  /** The estimate recomputed on the server from the request's /estimate answers (issue 36). */
  estimate?: Estimate | null;
  /** The language of the page it was sent from: the visitor's e-mail and text are in it (issue 37). English when absent. */
  language?: Locale;
}
