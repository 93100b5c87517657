/**
 * Storing a lead is the first thing that happens to a submission, and it happens in one
 * transaction with the two e-mails about it, so a stored lead always has its notifications queued.
 */
import { createHmac } from "node:crypto";
import type { Db, Queryable } from "../db/index.ts";
import { createLogger } from "../logs/logger.ts";
import { enqueueMail } from "../mail/index.ts";
import { initialCrmState } from "./crm-queue.ts";
import type { CrmState } from "../../lib/contracts/lead.ts";
import type { NewLead } from "./lead.ts";
import { confirmationMail, officeNotification, siteInfo } from "./notify.ts";
import { parsePhone } from "../phone/parse.ts";

/** The IP is kept only as a keyed hash: enough to spot a flood, useless to identify a visitor. */
export function hashIp(ip: string, secret = process.env.SESSION_SECRET || "coastal-marine-lead-ip"): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 32);
}

export interface StoredLead {
  id: string;
  crmState: CrmState;
  mailIds: number[];
  createdAt: Date;
}

export async function storeLead(db: Db, lead: NewLead): Promise<StoredLead> {
  return db.tx((q) => insertLead(q, lead));
}

/** Stores a lead and queues its e-mails with `q`, which must be a transaction (see storeLead). */
export async function insertLead(q: Queryable, lead: NewLead): Promise<StoredLead> {
  const crmState = initialCrmState(lead);
  const utm = Object.fromEntries(Object.entries(lead.utm ?? {}).filter(([, v]) => v));
  // Kept as typed (what the visitor wrote) and as E.164 + extension (what a phone dials).
  const phone = lead.phone ? parsePhone(lead.phone) : null;
  const r = await q.query<{ id: string; created_at: Date }>(
    `INSERT INTO leads (kind, full_name, email, phone, address, subject, message, product_id, product_name, source_page,
       referrer, utm, user_agent, ip_hash, spam_reason, crm_state, phone_e164, phone_ext, landing_page, estimate, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20::jsonb, $21)
     RETURNING id, created_at`,
    [
      lead.kind,
      lead.fullName,
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
      phone?.e164 ?? null,
      phone?.ext ?? null,
      lead.landing || null,
      lead.estimate ? JSON.stringify(lead.estimate) : null,
      lead.language ?? "en",
    ],
  );
  const { id, created_at: createdAt } = r.rows[0];
  const mailIds = lead.spamReason ? [] : await queueLeadMails(q, lead, id);
  return { id, crmState, mailIds, createdAt: new Date(createdAt) };
}

/**
 * Confirmations to one address in 24 hours: enough for a visitor's quote and a few inquiries, too
 * few for anyone to flood an inbox through our form. The lead itself always reaches the office.
 */
export const CONFIRMATIONS_PER_DAY = 3;

/**
 * Queues the e-mails about a lead with `q` (the transaction that stores it, or the one that
 * releases a held lead): the office's notification and, within CONFIRMATIONS_PER_DAY, the
 * visitor's confirmation. Returns their ids.
 */
export async function queueLeadMails(q: Queryable, lead: NewLead, id: string): Promise<number[]> {
  const mailIds: number[] = [];
  // The company's published details, read once for both e-mails.
  const site = await siteInfo(q);
  const office = await officeNotification(lead, id, site);
  if (office) mailIds.push(await enqueueMail(q, office));
  if (lead.confirm === false) return mailIds;
  const address = lead.email.trim().toLowerCase();
  // Two requests from one address at once wait here for each other, so both cannot pass the count.
  await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`lead-confirm:${address}`]);
  const r = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM outbox WHERE kind = 'lead-confirm' AND lower(to_address) = $1 AND created_at > now() - interval '24 hours'`,
    [address],
  );
  if (Number(r.rows[0].n) < CONFIRMATIONS_PER_DAY) {
    mailIds.push(await enqueueMail(q, await confirmationMail(q, lead, site)));
  } else {
    // Logged with `q`, in this transaction: the line is stored exactly when the lead is.
    const log = createLogger("leads/confirmation", undefined, async () => q);
    log.warn(`Lead ${id}: no confirmation e-mail to the visitor, ${CONFIRMATIONS_PER_DAY} already went to that address in 24 hours`);
    await log.flush();
  }
  return mailIds;
}

/** Drops submissions flagged as spam that are older than `days` (maintenance); real leads stay. */
export async function pruneSpam(q: Queryable, days: number): Promise<number> {
  const r = await q.query("DELETE FROM leads WHERE spam_reason IS NOT NULL AND created_at < now() - make_interval(days => $1)", [days]);
  return r.rowCount;
}
