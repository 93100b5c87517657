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
import type { Db, Queryable } from "../db/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { dispatchMail } from "../mail/index.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { zohoFromEnv } from "../crm/config.ts";
import { describe } from "../crm/errors.ts";
import type { Inquiry, QuoteRequest } from "../../lib/lead-schemas.ts";
import { syncLead } from "./crm-queue.ts";
import type { LeadAnswerData } from "../../lib/contracts/lead.ts";
import type { NewLead } from "./lead.ts";
import { insertLead } from "./store.ts";
import { bodyHash, once } from "./idempotency.ts";
import { createPhotoToken } from "./photos.ts";
import { syncLeadPhotos } from "./photo-sync.ts";
import { ipNetwork } from "../http/ip.ts";

/**
 * Per IP: a visitor may send a few requests (a quote and some inquiries), not a flood.
 * LEAD_SUBMIT_MAX_PER_IP raises it where every request shares one IP (a local browser-test server).
 */
export const LEAD_SUBMIT_PER_IP: Limit = { name: "lead-submit-ip", max: Number(process.env.LEAD_SUBMIT_MAX_PER_IP) || 8, windowSeconds: 10 * 60 };
/**
 * Bodies are small; the longest (2,000 characters of details) stays far below this, and a text
 * far over the limit (10,000 characters of anything) still fits, so it gets the 400 naming its field.
 */
export const LEAD_BODY_LIMIT = 64 * 1024;
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

export async function rateLimitLeads(q: Queryable, ip: string): Promise<void> {
  await enforce(q, LEAD_SUBMIT_PER_IP, ipNetwork(ip));
}

export type LeadInput = { kind: "quote"; body: QuoteRequest } | { kind: "inquiry"; body: Inquiry };

export interface Submitted {
  /** What to answer: the first answer again for a repeated Idempotency-Key. */
  status: number;
  body: unknown;
  /** The lead this request stored, or null for a repeat (it stored nothing). */
  stored: { id: string; spam: boolean } | null;
}

/**
 * Stores a submission and answers `answer(data)`. With an idempotency key (issue 13) the whole of
 * it runs once per key (idempotency.ts), the rate limit included, so 20 copies of one request from
 * one phone cost one hit and get the first answer; without one, as before (the caller has already
 * counted the IP with `rateLimitLeads`).
 */
export async function submitLead(
  db: Db,
  input: LeadInput,
  scope: SubmitScope,
  opts: { answer?: (data: LeadAnswerData) => unknown; idempotency?: { key: string; endpoint: string } } = {},
): Promise<Submitted> {
  const answerOf = opts.answer ?? ((data: LeadAnswerData) => ({ status: true, data }));
  const store = async (q: Queryable) => {
    const lead = newLead(input, scope);
    const stored = await insertLead(q, lead);
    const data: LeadAnswerData = { status: true };
    if (lead.photos) data.photoToken = await createPhotoToken(q, stored.id, stored.createdAt);
    return { stored, lead, answer: { status: 200, body: answerOf(data) } };
  };
  let fresh: Awaited<ReturnType<typeof store>>;
  if (opts.idempotency) {
    const { key, endpoint } = opts.idempotency;
    const r = await once(db, { key, endpoint, hash: bodyHash(endpoint, input.body) }, async (q) => {
      // Counted once per key, inside the claim: a 429 rolls the claim back with it.
      await rateLimitLeads(q, scope.ip);
      const out = await store(q);
      return { answer: out.answer, leadId: out.stored.id, result: out };
    });
    if (!r.fresh) {
      scope.log.info(`Repeat of idempotency key answered with the first answer (${input.kind})`);
      return { ...r.answer, stored: null };
    }
    fresh = r.result;
  } else {
    // Without a key the caller rate-limits first (endpoint.ts), before even reading the body.
    fresh = await db.tx(store);
  }
  const { stored, lead, answer } = fresh;
  if (lead.spamReason) {
    scope.log.warn(`Lead ${stored.id} (${input.kind}) flagged as spam (${lead.spamReason}); stored, not mailed or synced`);
    return { ...answer, stored: { id: stored.id, spam: true } };
  }
  scope.log.info(`Lead ${stored.id} (${input.kind}) stored; CRM sync ${stored.crmState}`);
  const background = afterStore(db, stored.id, stored.mailIds, stored.crmState === "pending");
  if (scope.waitUntil) scope.waitUntil(background);
  return { ...answer, stored: { id: stored.id, spam: false } };
}

function newLead(input: LeadInput, scope: SubmitScope): NewLead {
  const b = input.body;
  return {
    kind: input.kind,
    fullName: b.fullName,
    email: b.email,
    phone: b.phone,
    address: input.kind === "quote" ? input.body.address : undefined,
    subject: input.kind === "inquiry" ? input.body.subject || `Inquiry about ${input.body.productName || input.body.productId}` : input.body.subject,
    // The quote's 'Project details' and the inquiry's message are the lead's message.
    message: input.kind === "inquiry" ? input.body.message : input.body.details,
    photos: input.kind === "quote" ? (input.body.photos ?? 0) : 0,
    productId: input.kind === "inquiry" ? input.body.productId : undefined,
    productName: input.kind === "inquiry" ? input.body.productName : undefined,
    page: b.page,
    landing: b.landing,
    referrer: b.referrer,
    utm: b.utm,
    userAgent: scope.userAgent,
    ip: scope.ip,
    spamReason: spamReason(b),
    crmEnabled: !!zohoFromEnv(),
  };
}

/** E-mails, then the CRM. Never throws: whatever fails here is retried by the scheduled jobs. */
export async function afterStore(db: Db, leadId: string, mailIds: number[], sync: boolean): Promise<void> {
  const log = createLogger("lead-background");
  for (const id of mailIds) {
    await dispatchMail(db, id).catch((e) => log.warn(`Mail #${id} for lead ${leadId} not sent yet: ${describe(e)}`));
  }
  if (sync) {
    await syncLead(db, leadId, undefined, log).catch((e) => log.warn(`Lead ${leadId} sync deferred: ${describe(e)}`));
    // Photos that arrived while the lead was being synced go now; later ones go from their upload.
    await syncLeadPhotos(db, leadId, undefined, log).catch((e) => log.warn(`Lead ${leadId} photo sync deferred: ${describe(e)}`));
  }
  await log.flush();
}
