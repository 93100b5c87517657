/** The admin's view of stored leads: a page of them newest first with their CRM sync state, or all as CSV. */
import { z } from "zod";
import type { Queryable } from "../db/index.ts";
import type { CrmState, LeadKind } from "../leads/store.ts";
import { toCsv } from "./csv.ts";

export const LEADS_PAGE_SIZE = 20;
/** A CSV export holds at most this many leads, newest first. */
export const LEADS_CSV_MAX = 50_000;

export const leadsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(LEADS_PAGE_SIZE),
  format: z.enum(["json", "csv"]).default("json"),
});

export interface AdminLead {
  id: string;
  createdAt: string;
  kind: LeadKind;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  subject: string;
  message: string;
  productName: string | null;
  sourcePage: string | null;
  spamReason: string | null;
  crmState: CrmState;
  attempts: number;
  lastError: string | null;
}

type Row = {
  id: string;
  created_at: Date;
  kind: LeadKind;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  subject: string;
  message: string;
  product_name: string | null;
  source_page: string | null;
  spam_reason: string | null;
  crm_state: CrmState;
  attempts: number;
  last_error: string | null;
};

const COLUMNS = `id, created_at, kind, full_name, email, phone, address, subject, message, product_name, source_page,
  spam_reason, crm_state, attempts, last_error`;

const toLead = (r: Row): AdminLead => ({
  id: r.id,
  createdAt: new Date(r.created_at).toISOString(),
  kind: r.kind,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  subject: r.subject,
  message: r.message,
  productName: r.product_name,
  sourcePage: r.source_page,
  spamReason: r.spam_reason,
  crmState: r.crm_state,
  attempts: Number(r.attempts),
  lastError: r.last_error,
});

export async function listLeads(q: Queryable, page: number, pageSize: number): Promise<{ leads: AdminLead[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<Row>(`SELECT ${COLUMNS} FROM leads ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]),
    q.query<{ n: string }>("SELECT count(*) AS n FROM leads"),
  ]);
  return { leads: rows.rows.map(toLead), total: Number(count.rows[0].n) };
}

export async function leadsCsv(q: Queryable): Promise<string> {
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM leads ORDER BY created_at DESC, id DESC LIMIT $1`, [LEADS_CSV_MAX]);
  return toCsv<AdminLead>(
    [
      { header: "created_at", value: (l) => l.createdAt },
      { header: "kind", value: (l) => l.kind },
      { header: "full_name", value: (l) => l.fullName },
      { header: "email", value: (l) => l.email },
      { header: "phone", value: (l) => l.phone },
      { header: "address", value: (l) => l.address },
      { header: "subject", value: (l) => l.subject },
      { header: "message", value: (l) => l.message },
      { header: "product", value: (l) => l.productName },
      { header: "source_page", value: (l) => l.sourcePage },
      { header: "crm_state", value: (l) => l.crmState },
      { header: "attempts", value: (l) => l.attempts },
      { header: "last_error", value: (l) => l.lastError },
      { header: "spam_reason", value: (l) => l.spamReason },
      { header: "id", value: (l) => l.id },
    ],
    r.rows.map(toLead),
  );
}
