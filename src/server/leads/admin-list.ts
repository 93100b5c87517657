/** The admin's view of stored leads: a page of them newest first with their CRM sync state, or all as CSV. */
import { z } from "zod";
import type { Queryable } from "../db/index.ts";
import type { AdminLead } from "../../lib/contracts/admin.ts";
import type { LeadRow } from "./lead.ts";
import { LEAD_STATUSES, type LeadStatus } from "./status.ts";
import { toCsv } from "../http/csv.ts";
import { deploySettings, shownCrmState, type DeploySettings } from "../settings/context.ts";
import { zohoFromEnv } from "../crm/config.ts";
import { HELD_RETENTION_DAYS } from "./held.ts";
import { LEAD_SMS_COLUMNS, leadSms } from "./texts.ts";
import { estimateLines } from "../../lib/estimate.ts";
import { LEAD_VISIT_COLUMN, leadVisit } from "../visits/lead-visit.ts";
import type { BusinessHours } from "../../lib/contracts/reports.ts";
import { Params } from "../reports/period.ts";
import { businessSecondsSql } from "../reports/hours.ts";
import { leadTriage, RELATED_MAX, type RelatedRow } from "./triage.ts";

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
  /** Search (issue 39): part of the name, e-mail, address (the town) or service, or 3+ digits of the phone. */
  q: z.string().trim().max(100, "must be at most 100 characters").optional(),
});

/** What the admin narrowed the list to (the CSV export follows the same filters). */
export type LeadsFilter = Pick<z.infer<typeof leadsQuery>, "kind" | "status" | "id" | "held" | "q">;

/** `text` for a LIKE pattern: its own %, _ and \ match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How far back the dashboard's "new leads" figure looks. */
export const RECENT_LEAD_DAYS = 7;

function where(f: LeadsFilter, params: unknown[]): string {
  const terms: string[] = [];
  if (f.kind) terms.push(`kind = $${params.push(f.kind)}`);
  if (f.status) terms.push(`status = $${params.push(f.status)}`);
  if (f.q) {
    const like = `$${params.push(`%${likeEscape(f.q)}%`)}`;
    // A phone number is searched for only when what was typed is one: digits and a phone's own
    // signs. Digits inside words or an address ('Unit 417', a name with a number) are not.
    const digits = /^[\d\s()+.-]+$/.test(f.q) ? f.q.replace(/\D/g, "") : "";
    const phone = digits.length >= 3 ? ` OR regexp_replace(phone, '\\D', '', 'g') LIKE $${params.push(`%${digits}%`)}` : "";
    terms.push(`(full_name ILIKE ${like} OR email ILIKE ${like} OR address ILIKE ${like} OR subject ILIKE ${like} OR product_name ILIKE ${like}${phone})`);
  }
  // One lead by id is shown whether it is held or not (the office e-mail's link).
  if (f.id) terms.push(`id = $${params.push(f.id)}`);
  else if (f.held === "only") terms.push("spam_reason IS NOT NULL");
  else if (f.held !== "all") terms.push("spam_reason IS NULL");
  return terms.length ? `WHERE ${terms.join(" AND ")}` : "";
}

type Row = Pick<
  LeadRow,
  | "id" | "created_at" | "kind" | "full_name" | "email" | "phone" | "phone_e164" | "phone_ext" | "address" | "subject" | "message" | "product_id" | "product_name"
  | "source_page" | "spam_reason" | "crm_state" | "attempts" | "last_error" | "estimate" | "language"
> & {
  status: LeadStatus;
  status_changed_at: Date | null;
  photo_count: string | number;
  held_reason: string | null;
  released_at: Date | null;
  released_by: string | null;
  first_contact_at: Date | null;
  first_contact_by: string | null;
  sms_consent: boolean | null;
  sms_state: string | null;
  visit: Parameters<typeof leadVisit>[0];
  amount: string | number | null;
  /** Only on the dashboard's page (not the CSV): business seconds the lead has waited for its first answer, NULL once answered. */
  waiting_secs?: number | string | null;
  related?: RelatedRow[] | string | null;
};

const COLUMNS = `id, created_at, kind, full_name, email, phone, phone_e164, phone_ext, address, subject, message, product_id, product_name, source_page,
  spam_reason, crm_state, attempts, last_error, status, status_changed_at, held_reason, released_at, released_by, first_contact_at, first_contact_by,
  (SELECT count(*) FROM lead_photos p WHERE p.lead_id = leads.id) AS photo_count, ${LEAD_SMS_COLUMNS}, ${LEAD_VISIT_COLUMN}, estimate, language, amount`;

/** A lead with no answer yet: no status change, no first call (a held lead is not on the office's list). */
const UNANSWERED = "leads.status = 'new' AND leads.first_contact_at IS NULL AND leads.spam_reason IS NULL";

/** The lead's other requests, by the same e-mail or phone, newest first (triage.ts tells duplicates from returning customers). */
const RELATED = `(SELECT coalesce(json_agg(json_build_object('id', o.id, 'createdAt', o.created_at, 'status', o.status, 'kind', o.kind, 'fullName', o.full_name) ORDER BY o.created_at DESC), '[]'::json)
    FROM (SELECT o.id, o.created_at, o.status, o.kind, o.full_name FROM leads o
           WHERE o.id <> leads.id AND o.spam_reason IS NULL
             AND ((leads.email <> '' AND lower(o.email) = lower(leads.email)) OR o.phone_e164 = leads.phone_e164)
           ORDER BY o.created_at DESC LIMIT ${RELATED_MAX}) o) AS related`;

/**
 * What every row of one answer is shown with, read once per request: the deploy's settings, whether
 * it has a CRM to write to (Zoho's keys set and the deploy allowed to reach it), and `hours`, those
 * the dashboard's page was counted with (undefined for the CSV, which has no triage).
 */
interface Shown {
  deploy: DeploySettings;
  crmConnected: boolean;
  hours?: BusinessHours | null;
}
const shownWith = (hours?: BusinessHours | null): Shown => ({ deploy: deploySettings(), crmConnected: zohoFromEnv() !== null, hours });

const toLead = (r: Row, { deploy, crmConnected, hours }: Shown): AdminLead => ({
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
  firstContact: r.first_contact_at ? { at: new Date(r.first_contact_at).toISOString(), by: r.first_contact_by ?? "" } : null,
  crmState: shownCrmState(r.crm_state, deploy),
  crmRetry: !r.spam_reason && (r.crm_state === "pending" || r.crm_state === "failed" || (r.crm_state === "disabled" && crmConnected)),
  attempts: Number(r.attempts),
  lastError: r.last_error,
  status: r.status,
  statusChangedAt: r.status_changed_at ? new Date(r.status_changed_at).toISOString() : null,
  photoCount: Number(r.photo_count),
  sms: leadSms(r),
  estimate: r.estimate ? { low: r.estimate.low, high: r.estimate.high, lines: estimateLines(r.estimate), sample: r.estimate.sample } : null,
  visit: leadVisit(r.visit),
  language: r.language,
  amount: r.amount === null ? null : Number(r.amount),
  ...leadTriage(r.created_at, r.waiting_secs, r.related, hours),
});

/**
 * A page of leads, newest first, each with its triage (issue 39): how long it has waited for a
 * first answer in the office's business hours (`hours`, published on the site) and its other
 * requests by the same e-mail or phone.
 */
export async function listLeads(
  q: Queryable,
  page: number,
  pageSize: number,
  filter: LeadsFilter = {},
  hours: BusinessHours | null = null,
  now = new Date(),
): Promise<{ leads: AdminLead[]; total: number; recent: number; held: number }> {
  const params: unknown[] = [];
  const w = where(filter, params);
  const p = new Params();
  p.values.push(...params);
  const waited = businessSecondsSql(p, hours, "coalesce(leads.released_at, leads.created_at)", p.v(now, "timestamptz"));
  const limit = p.v(pageSize, "int");
  const offset = p.v((page - 1) * pageSize, "int");
  const [rows, count, recent, held] = await Promise.all([
    q.query<Row>(
      `SELECT ${COLUMNS}, CASE WHEN ${UNANSWERED} THEN b.secs END AS waiting_secs, ${RELATED}
         FROM leads CROSS JOIN LATERAL ${waited} b ${w} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      p.values,
    ),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM leads ${w}`, params),
    q.query<{ n: string }>(
      `SELECT count(*) AS n FROM leads WHERE spam_reason IS NULL AND created_at > now() - make_interval(days => $1)`,
      [RECENT_LEAD_DAYS],
    ),
    // The held filter's badge: how many wait for the office to look at them.
    q.query<{ n: string }>(`SELECT count(*) AS n FROM leads WHERE spam_reason IS NOT NULL`),
  ]);
  const shown = shownWith(hours);
  return { leads: rows.rows.map((r) => toLead(r, shown)), total: Number(count.rows[0].n), recent: Number(recent.rows[0].n), held: Number(held.rows[0].n) };
}

export async function leadsCsv(q: Queryable, filter: LeadsFilter = {}): Promise<string> {
  const params: unknown[] = [];
  const w = where(filter, params);
  const r = await q.query<Row>(`SELECT ${COLUMNS} FROM leads ${w} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`, [...params, LEADS_CSV_MAX]);
  const shown = shownWith();
  return toCsv<AdminLead>(
    [
      { header: "created_at", value: (l) => l.createdAt },
      { header: "kind", value: (l) => l.kind },
      { header: "language", value: (l) => l.language },
      { header: "status", value: (l) => l.status },
      { header: "full_name", value: (l) => l.fullName },
      { header: "email", value: (l) => l.email },
      { header: "phone", value: (l) => l.phone },
      { header: "address", value: (l) => l.address },
      { header: "subject", value: (l) => l.subject },
      { header: "message", value: (l) => l.message },
      { header: "estimate", value: (l) => l.estimate?.lines.join(" | ") ?? "" },
      { header: "photos", value: (l) => l.photoCount },
      { header: "product", value: (l) => l.productName },
      { header: "source_page", value: (l) => l.sourcePage },
      { header: "crm_state", value: (l) => l.crmState },
      { header: "attempts", value: (l) => l.attempts },
      { header: "last_error", value: (l) => l.lastError },
      { header: "spam_reason", value: (l) => l.spamReason },
      { header: "amount_usd", value: (l) => (l.amount === null ? "" : l.amount.toFixed(2)) },
      { header: "id", value: (l) => l.id },
    ],
    r.rows.map((row) => toLead(row, shown)),
  );
}
