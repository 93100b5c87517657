/** The shapes of the admin dashboard's endpoints, as the server answers and the dashboard reads them. */
import type { CrmState, LeadDetails, LeadKind } from "./lead.ts";
import type { LeadStatus } from "../lead-status.ts";
import type { LeadSms } from "./sms.ts";
import type { LeadVisit } from "./visits.ts";

/** The log's levels, the most serious first. */
export const LOG_LEVELS = ["ERROR", "WARN", "INFO", "DEBUG"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** GET admin/stats: the cards' figures, counted at the time of the call. */
export interface DashboardStats {
  products: number;
  users: number;
  activeSessions: number;
  /** Sessions opened since midnight in the admin's time zone (each log-in opens one). */
  loginsToday: number;
  /** ERROR log entries in the selected window. */
  errors: number;
  /** The window's log entries by level: one kind of thing counted, so the chart compares like with like. */
  levels: Record<LogLevel, number>;
  lastErrorAt: string | null;
  /** The latest admin log-in today, or null when no admin has logged in today. */
  adminLoginToday: { at: string; email: string } | null;
  window: { from: string; to: string };
}

/** GET admin/leads: one stored lead with its CRM sync state and its place in the office's workflow. */
export interface AdminLead extends LeadDetails {
  id: string;
  createdAt: string;
  productId: string | null;
  sourcePage: string | null;
  /** Why the lead is held as possible spam ('honeypot', 'too-fast'), or null for a real lead. */
  spamReason: string | null;
  /** A held lead is deleted after this unless released (decision 15: 30 days after it arrived). */
  deleteAfter: string | null;
  /** A lead the office released from the spam hold: when, by whom, and why it had been held. */
  released: { at: string; by: string; reason: string } | null;
  /** The office's first call ('התקשרתי', issue 34): when and by whom. */
  firstContact: { at: string; by: string } | null;
  /** 'preview': kept on a deploy preview, where the CRM sync is off (src/server/settings/context.ts). */
  crmState: CrmState | "preview";
  /**
   * Whether 'Retry' can do anything now: the lead is waiting or was refused, or it was kept out of
   * a CRM that has since been connected. A lead kept out while no CRM is connected is not offered it.
   */
  crmRetry: boolean;
  attempts: number;
  lastError: string | null;
  status: LeadStatus;
  statusChangedAt: string | null;
  /** Photos stored with the quote request (issue 13); GET admin/leads/:id/photos lists them. */
  photoCount: number;
  /** Issue 34: whether the visitor asked for texts (a consent record is stored), and where the text about this lead stands. Read-only. */
  sms: LeadSms;
  /** Issue 36: the /estimate estimate the request came with, as the server computed it, or null. */
  estimate: LeadEstimate | null;
  /** Issue 35: the lead's site visit (its next one, else its latest), or null. Read-only. */
  visit: LeadVisit | null;
  /** Issue 37: the language of the page it was sent from (the office answers in it). */
  language: "en" | "es";
  /** Issue 39: the job's amount in dollars, written when the lead was quoted or won, or null. */
  amount: number | null;
  /** Issue 39: the wait for a first answer against the one-business-day promise; null once answered (or held). */
  answerDue: LeadAnswerDue | null;
  /** Issue 39: the lead's other requests by the same e-mail or phone, newest first. */
  related: RelatedLead[];
}

/** How long an unanswered lead has waited, in the office's business hours (published on the site). */
export interface LeadAnswerDue {
  waitingSeconds: number;
  /** One business day: the promise ("within one business day"). */
  promiseSeconds: number;
  overdue: boolean;
  /** False when the site publishes no hours (then every hour counts). */
  businessHours: boolean;
}

/**
 * Another request by the same e-mail or phone: 'duplicate' within DUPLICATE_WINDOW_DAYS of this one
 * (the same job asked again), else 'earlier' or 'later' (a returning customer).
 */
export interface RelatedLead {
  id: string;
  createdAt: string;
  status: LeadStatus;
  kind: LeadKind;
  fullName: string;
  relation: "duplicate" | "earlier" | "later";
}

/** A lead's online estimate as the card, the CSV and the e-mail show it. */
export interface LeadEstimate {
  low: number;
  high: number;
  /** "Online estimate: $48,000–$106,000 (ballpark, …)", the answers, the permits (src/lib/estimate.ts estimateLines). */
  lines: string[];
  /** Computed with sample prices (the office had not confirmed them). */
  sample: boolean;
}

/** GET/POST admin/leads/:id/status: one change of a lead's status, with its note, who and when. */
export interface StatusEntry {
  id: string;
  from: LeadStatus;
  to: LeadStatus;
  /** Empty when the change carried none (a note is required only for lost). */
  note: string;
  /** The job's amount in dollars the change set (quoted, won), or null. */
  amount: number | null;
  by: string;
  at: string;
  /** Whether the change has reached the Zoho lead. */
  crm: "pending" | "done" | "superseded" | "disabled";
}

/** GET admin/bucket: one stored object (a product picture). */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  createdAt: string;
}

export const METRICS = ["LCP", "INP", "CLS", "TTFB"] as const;
export type Metric = (typeof METRICS)[number];
export type Rating = "good" | "needs-improvement" | "poor";

/** GET admin/vitals: the 75th percentile of one metric on one page. */
export interface VitalRow {
  path: string;
  metric: Metric;
  p75: number;
  samples: number;
  rating: Rating;
}
