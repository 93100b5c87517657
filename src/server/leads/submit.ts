/**
 * A public lead submission (quote request or product inquiry): rate-limit the IP, validate, judge
 * spam, store (with its e-mails queued), and hand the slow work — SMTP and CRM — to the background
 * so the visitor gets an answer at once. If the background work is lost (the function is frozen,
 * the CRM is down), the scheduled jobs deliver and sync from what was stored.
 *
 * Spam (honeypot filled, or the form sent faster than a person can fill it) is answered exactly
 * like a real lead, and stored flagged with its reason — never mailed, never synced — so a false
 * positive can still be found and released by the admin. Its photos wait for that release: its
 * answer carries a claim, not an upload token (photo-claims.ts).
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
import { createPhotoClaim } from "./photo-claims.ts";
import { syncLeadPhotos } from "./photo-sync.ts";
import { alertLead } from "../alerts/lead-alerts.ts";
import { leadEstimate } from "./estimate.ts";
import { queueLeadText, recordSmsConsent, smsConsentOf, textLead } from "./texts.ts";
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

/**
 * What a caller adds to a lead's own transaction (issue 35: a visit booked with it). `within` runs
 * right after the lead is stored; if it throws (the slot was just taken), nothing is stored at all.
 * Its mails and text are sent with the lead's. `ownConfirmation`: the caller confirms to the visitor
 * itself (the visit's e-mail and text), so the lead's confirmation and text are not queued.
 */
export interface SubmitExtras {
  within?: (q: Queryable, lead: { id: string; spam: boolean }) => Promise<{ mailIds?: number[]; textId?: string | null } | void>;
  ownConfirmation?: boolean;
}

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
  opts: { answer?: (data: LeadAnswerData) => unknown; idempotency?: { key: string; endpoint: string } } & SubmitExtras = {},
): Promise<Submitted> {
  const answerOf = opts.answer ?? ((data: LeadAnswerData) => ({ status: true, data }));
  const store = async (q: Queryable) => {
    const lead: NewLead = { ...newLead(input, scope), confirm: !opts.ownConfirmation };
    // From /estimate: the estimate is computed here, with the live price rules (issue 36).
    if (input.kind === "quote" && input.body.estimate) lead.estimate = await leadEstimate(q, input.body.estimate);
    const stored = await insertLead(q, lead);
    // 'Text me about this request' (issue 34): the consent is kept with the lead, and its text
    // queued with it, unless the lead is held (its text waits for 'Not spam').
    const consent = smsConsentOf(input.body);
    let textId: string | null = null;
    if (consent && lead.phone) {
      const textLeadRow = { id: stored.id, kind: input.kind, phone: lead.phone, subject: lead.subject ?? "", page: lead.page, language: lead.language };
      await recordSmsConsent(q, textLeadRow, consent);
      if (!lead.spamReason && !opts.ownConfirmation) textId = await queueLeadText(q, textLeadRow);
    }
    const extra = opts.within ? await opts.within(q, { id: stored.id, spam: !!lead.spamReason }) : undefined;
    if (extra?.mailIds) stored.mailIds.push(...extra.mailIds);
    if (extra?.textId) textId = extra.textId;
    const data: LeadAnswerData = { status: true };
    // A held lead's photos wait on the visitor's device until 'Not spam' (photo-claims.ts): its
    // answer has a claim where a token would be, of the same shape, so it looks like any other.
    if (lead.photos) data.photoToken = lead.spamReason ? await createPhotoClaim(q, stored.id, lead.photos) : await createPhotoToken(q, stored.id, stored.createdAt);
    return { stored, lead, textId, answer: { status: 200, body: answerOf(data) } };
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
  const { stored, lead, answer, textId } = fresh;
  if (lead.spamReason) {
    scope.log.warn(`Lead ${stored.id} (${input.kind}) flagged as spam (${lead.spamReason}); stored, not mailed or synced`);
    // The office hears of it (decision 15: never dropped silently), as a lead to check.
    const alert = alertLead(db, stored.id, "held", scope.log);
    if (scope.waitUntil) scope.waitUntil(alert);
    return { ...answer, stored: { id: stored.id, spam: true } };
  }
  scope.log.info(`Lead ${stored.id} (${input.kind}) stored; CRM sync ${stored.crmState}`);
  // Staff alerts first (issue 34: on a phone within seconds), then e-mails and the CRM.
  const background = alertLead(db, stored.id, "new", scope.log).then(() => afterStore(db, stored.id, stored.mailIds, stored.crmState === "pending"));
  if (scope.waitUntil) scope.waitUntil(background);
  // The visitor's text, beside the staff alert (within a minute; the alerts job retries it).
  if (textId) {
    const text = textLead(db, textId);
    if (scope.waitUntil) scope.waitUntil(text);
  }
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
    language: b.language ?? "en",
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
