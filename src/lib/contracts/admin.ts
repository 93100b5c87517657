/** The shapes of the admin dashboard's endpoints, as the server answers and the dashboard reads them. */
import type { CrmState, LeadDetails } from "./lead.ts";
import type { LeadStatus } from "../lead-status.ts";

/** GET admin/stats: the cards' figures, counted at the time of the call. */
export interface DashboardStats {
  products: number;
  users: number;
  activeSessions: number;
  /** Sessions opened since midnight in the admin's time zone (each log-in opens one). */
  loginsToday: number;
  /** ERROR log entries in the selected window. */
  errors: number;
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
  /** 'preview': kept on a deploy preview, where the CRM sync is off (src/server/settings/context.ts). */
  crmState: CrmState | "preview";
  attempts: number;
  lastError: string | null;
  status: LeadStatus;
  statusChangedAt: string | null;
  /** Photos stored with the quote request (issue 13); GET admin/leads/:id/photos lists them. */
  photoCount: number;
}

/** GET/POST admin/leads/:id/status: one change of a lead's status, with its note, who and when. */
export interface StatusEntry {
  id: string;
  from: LeadStatus;
  to: LeadStatus;
  note: string;
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
