/** The admin's view of stored leads: a page of them newest first with their CRM sync state, or all as CSV. */
import { z } from "zod";
import type { Queryable } from "../db/index.ts";
import type { AdminLead } from "../../lib/contracts/admin.ts";
import type { LeadRow } from "./lead.ts";
import { LEAD_STATUSES, type LeadStatus } from "./status.ts";
import { toCsv } from "../http/csv.ts";
import { shownCrmState } from "../settings/context.ts";
import { HELD_RETENTION_DAYS } from "./held.ts";

export const LEADS_PAGE_SIZE = 20;
/** A CSV export holds at most this many leads, newest first. */
export const LEADS_CSV_MAX = 50_000;

export const leadsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(LEADS_PAGE_SIZE),
  format: z.enum(["json", "csv"]).default("json"),
  kind: z.enum(["quote", "inquiry"]).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  /** One lead: the office e-mail links to /admin?lead=<id>. */
  id: z.uuid("is not a lead id").optional(),
  /**
   * Leads held as possible spam (decision 15) have their own list: `held=only` lists them, the
   * default lists the real ones, `held=all` both. One lead by id is shown whichever it is.
   */
  held: z.enum(["only", "all"]).optional(),
});

/** What the admin narrowed the list to (the CSV export follows the same filters). */
export type LeadsFilter = Pick<z.infer<typeof leadsQuery>, "kind" | "status" | "id" | "held">;

/** How far back the dashboard's "new leads" figure looks. */
export const RECENT_LEAD_DAYS = 7;

function where(f: LeadsFilter, params: unknown[]): string {
  const terms: string[] = [];
  if (f.kind) terms.push(`kind = $${params.push(f.kind)}`);
  if (f.status) terms.push(`status = $${params.push(f.status)}`);
  if (f.id) terms.push(`id = $${params.push(f.id)}`);
  else if (f.held === "only") terms.push("spam_reason IS NOT NULL");
  else if (f.held !== "all") terms.push("spam_reason IS NULL");
  return terms.length ? `WHERE ${terms.join(" AND ")}` : "";
}

type Row = Pick<
  LeadRow,
  | "id" | "created_at" | "kind" | "full_name" | "email" | "phone" | "phone_e164" | "phone_ext" | "address" | "subject" | "message" | "product_id" | "product_name"
  | "source_page" | "spam_reason" | "crm_state" | "attempts" | "last_error"
> & {
  status: LeadStatus;
  status_changed_at: Date | null;
  photo_count: string | number;
  held_reason: string | null;
  released_at: Date | null;
  released_by: string | null;
};

const COLUMNS = `id, created_at, kind, full_name, email, phone, phone_e164, phone_ext, address, subject, message, product_id, product_name, source_page,
  spam_reason, crm_state, attempts, last_error, status, status_changed_at, held_reason, released_at, released_by,
  (SELECT count(*) FROM lead_photos p WHERE p.lead_id = leads.id) AS photo_count`;

const toLead = (r: Row): AdminLead => ({
  id: r.id,
  createdAt: new Date(r.created_at).toISOString(),
  kind: r.kind,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  phoneE164: r.phone_e164,
  phoneExt: r.phone_ext,
  address: r.address,
  subject: r.subject,
  message: r.message,
  productId: r.product_id,
  productName: r.product_name,
  sourcePage: r.source_page,
  spamReason: r.spam_reason,
  deleteAfter: r.spam_reason ? new Date(new Date(r.created_at).getTime() + HELD_RETENTION_DAYS * 86_400_000).toISOString() : null,
  released: r.released_at ? { at: new Date(r.released_at).toISOString(), by: r.released_by ?? "", reason: r.held_reason ?? "" } : null,
  crmState: shownCrmState(r.crm_state),
  attempts: Number(r.attempts),
  lastError: r.last_error,
  status: r.status,
  statusChangedAt: r.status_changed_at ? new Date(r.status_changed_at).toISOString() : null,
  photoCount: Number(r.photo_count),
});

export async function listLeads(
  q: Queryable,
  page: number,
  pageSize: number,
  filter: LeadsFilter = {},
): Promise<{ leads: AdminLead[]; total: number; recent: number; held: number }> {
  const params: unknown[] = [];
  const w = where(filter, params);
  const [rows, count, recent, held] = await Promise.all([
    q.query<Row>(`SELECT ${COLUMNS} FROM leads ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM leads ${w}`, params),
    q.query<{ n: string }>(
      `SELECT count(*) AS n FROM leads WHERE spam_reason IS NULL AND created_at > now() - make_interval(days => $1)`,
      [RECENT_LEAD_DAYS],
    ),
    // The held filter's badge: how many wait for the office to look at them.
    q.query<{ n: string }>(`SELECT count(*) AS n FROM leads WHERE spam_reason IS NOT NULL`),
  ]);
  return { leads: rows.rows.map(toLead), total: Number(count.rows[0].n), recent: Number(recent.rows[0].n), held: Number(held.rows[0].n) };
}

export async function leadsCsv(q: Queryable, filter: LeadsFilter = {}): Promise<string> {
  const params: unknown[] = [];
  const w = where(filter, params);
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM leads ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`, [...params, LEADS_CSV_MAX]);
  return toCsv<AdminLead>(
    [
      { header: "created_at", value: (l) => l.createdAt },
      { header: "kind", value: (l) => l.kind },
      { header: "status", value: (l) => l.status },
      { header: "full_name", value: (l) => l.fullName },
      { header: "email", value: (l) => l.email },
      { header: "phone", value: (l) => l.phone },
      { header: "address", value: (l) => l.address },
      { header: "subject", value: (l) => l.subject },
      { header: "message", value: (l) => l.message },
      { header: "photos", value: (l) => l.photoCount },
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
