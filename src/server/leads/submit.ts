/**
 * A public lead submission (quote request or product inquiry): rate-limit the IP, validate, judge
 * spam, store (with its e-mails queued), and hand the slow work — SMTP and CRM — to the background
 * so the visitor gets an answer at once. If the background work is lost (the function is frozen,
 * the CRM is down), the scheduled jobs deliver and sync from what was stored.
 *
 * Spam (honeypot filled, or the form sent faster than a person can fill it) is answered exactly
 * like a real lead, and stored flagged with its reason — never mailed, never synced — so a false
 * positive can still be found and re-queued by the admin.
 */
import type { Db } from "../db/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { dispatchMail } from "../mail/index.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { zohoFromEnv } from "../crm/config.ts";
import { syncLead } from "../crm/sync.ts";
import { describe } from "../crm/errors.ts";
import type { Inquiry, QuoteRequest } from "../../lib/lead-schemas.ts";
import { storeLead, type NewLead } from "./store.ts";

/**
 * Per IP: a visitor may send a few requests (a quote and some inquiries), not a flood.
 * LEAD_SUBMIT_MAX_PER_IP raises it where every request shares one IP (a local browser-test server).
 */
export const LEAD_SUBMIT_PER_IP: Limit = { name: "lead-submit-ip", max: Number(process.env.LEAD_SUBMIT_MAX_PER_IP) || 8, windowSeconds: 10 * 60 };
/** Bodies are small; the longest (an inquiry message) stays far below this. */
export const LEAD_BODY_LIMIT = 32 * 1024;
/** Faster than this from the form first showing to sending is a bot, not a person. */
export const MIN_FILL_MS = 3000;

export function spamReason(body: { website?: string; startedAt?: number }, now = Date.now()): string | null {
  if (body.website) return "honeypot";
  // A negative time is a visitor whose clock runs ahead of ours: not evidence of a bot.
  if (body.startedAt !== undefined && now - body.startedAt >= 0 && now - body.startedAt < MIN_FILL_MS) return "too-fast";
  return null;
}

export interface SubmitScope {
  ip: string;
  userAgent: string | null;
  log: Logger;
  /** Keeps the function alive for background work after the answer (Netlify's context.waitUntil). */
  waitUntil?: (p: Promise<unknown>) => void;
}

export async function rateLimitLeads(db: Db, ip: string): Promise<void> {
  await enforce(db, LEAD_SUBMIT_PER_IP, ip);
}

export async function submitLead(
  db: Db,
  input: { kind: "quote"; body: QuoteRequest } | { kind: "inquiry"; body: Inquiry },
  scope: SubmitScope,
): Promise<{ id: string; spam: boolean }> {
  const b = input.body;
  const spam = spamReason(b);
  const lead: NewLead = {
    kind: input.kind,
    fullName: b.fullName,
    email: b.email,
    phone: b.phone,
    address: input.kind === "quote" ? input.body.address : undefined,
    subject: input.kind === "inquiry" ? input.body.subject || `Inquiry about ${input.body.productName || input.body.productId}` : input.body.subject,
    message: input.kind === "inquiry" ? input.body.message : undefined,
    productId: input.kind === "inquiry" ? input.body.productId : undefined,
    productName: input.kind === "inquiry" ? input.body.productName : undefined,
    page: b.page,
    referrer: b.referrer,
    utm: b.utm,
    userAgent: scope.userAgent,
    ip: scope.ip,
    spamReason: spam,
    crmEnabled: !!zohoFromEnv(),
  };
  const stored = await storeLead(db, lead);
  if (spam) {
    scope.log.warn(`Lead ${stored.id} (${input.kind}) flagged as spam (${spam}); stored, not mailed or synced`);
    return { id: stored.id, spam: true };
  }
  scope.log.info(`Lead ${stored.id} (${input.kind}) stored; CRM sync ${stored.crmState}`);
  const background = afterStore(db, stored.id, stored.mailIds, stored.crmState === "pending");
  if (scope.waitUntil) scope.waitUntil(background);
  return { id: stored.id, spam: false };
}

/** E-mails, then the CRM. Never throws: whatever fails here is retried by the scheduled jobs. */
export async function afterStore(db: Db, leadId: string, mailIds: number[], sync: boolean): Promise<void> {
  const log = createLogger("lead-background");
  for (const id of mailIds) {
    await dispatchMail(db, id).catch((e) => log.warn(`Mail #${id} for lead ${leadId} not sent yet: ${describe(e)}`));
  }
  if (sync) await syncLead(db, leadId, undefined, log).catch((e) => log.warn(`Lead ${leadId} sync deferred: ${describe(e)}`));
  await log.flush();
}
