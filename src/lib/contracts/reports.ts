/**
 * The back office's reports (issue 28): where leads come from and which bring won jobs, per
 * service and product, and how fast the office answers. Shapes as GET admin/reports/:table answers
 * them and the dashboard reads them.
 */
import type { LeadKind } from "./lead.ts";

/** This month, the last 30 or 90 days (today included), this year, or two days of one's own. */
export const REPORT_PERIODS = ["month", "30d", "90d", "year", "custom"] as const;
export type ReportPeriodChoice = (typeof REPORT_PERIODS)[number];

/** What a lead's source is: its UTM source / medium / campaign, the page it was sent from, or the referrer's host. */
export const REPORT_GROUPINGS = ["utm", "page", "referrer"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_TABLES = ["sources", "services", "speed", "weekly", "visits", "languages", "money"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** The longest custom period, in days: three years keep every table's query well under its budget. */
export const REPORT_MAX_DAYS = 1096;
/** The sources table shows this many groups (the CSV has them all): UTM values are anyone's to invent. */
export const REPORT_MAX_ROWS = 100;
/** The chart follows this many sources, the first of the sources table. */
export const REPORT_CHART_SOURCES = 5;

/** The days a report covers, both included (YYYY-MM-DD in `timeZone`, the admin's). */
export interface ReportPeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** Leads in each status now, all of them, and the won share (won / total; 0 when there are none). */
export interface StatusCounts {
  new: number;
  contacted: number;
  quoted: number;
  won: number;
  lost: number;
  total: number;
  wonRate: number;
}

/**
 * A source without a value of its own: 'none' (no UTM tags, or no page recorded), 'direct' (no
 * referrer), 'internal' (the referrer is this site: the visitor came through another of its pages).
 */
export type SourceSpecial = "none" | "direct" | "internal";

export interface SourceKey {
  /** utm: [source, medium, campaign] (lower-case, null where a tag is missing); page: [path]; referrer: [host]. */
  keys: (string | null)[];
  special: SourceSpecial | null;
}

export interface SourceRow extends SourceKey, StatusCounts {}

export interface SourcesReport {
  period: ReportPeriod;
  group: ReportGrouping;
  /** By won count, then by leads; at most REPORT_MAX_ROWS. */
  rows: SourceRow[];
  /** How many groups there are in all. */
  groups: number;
}

export interface ServiceRow extends StatusCounts {
  kind: LeadKind;
  /** The service's title (a quote) or the product's id (an inquiry); null for a quote whose subject is not a service of the catalogue ('Other'). */
  id: string | null;
  /** The product's name in the catalogue (or as the inquiry named it); null for a quote. */
  name: string | null;
}

export interface ServicesReport {
  period: ReportPeriod;
  rows: ServiceRow[];
}

/** The office's hours from the site's content (site.json `hours`), in the company's time zone. */
export interface BusinessHours {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[];
  opens: string;
  closes: string;
  timeZone: string;
}

/** Leads that arrived in a week (or in the whole period) and how long the office took to answer them, in business seconds. */
export interface SpeedRow {
  /** The week's Sunday (YYYY-MM-DD); null for the whole period. */
  week: string | null;
  leads: number;
  answered: number;
  /** Of these leads, still without any status change. */
  waiting: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface SpeedReport {
  period: ReportPeriod;
  /** null: the content names no hours, so every hour counts. */
  hours: BusinessHours | null;
  weeks: SpeedRow[];
  total: SpeedRow;
  /** Every lead still waiting for its first status change now, whatever the period. */
  waitingNow: { count: number; oldest: { id: string; since: string; seconds: number } | null };
}

export interface WeeklySource extends SourceKey {
  /** One number per week of `weeks`. */
  leads: number[];
  won: number[];
}

export interface WeeklyReport {
  period: ReportPeriod;
  group: ReportGrouping;
  /** Each week's Sunday (YYYY-MM-DD), oldest first. */
  weeks: string[];
  /** The first REPORT_CHART_SOURCES sources of the sources table, in its order. */
  sources: WeeklySource[];
}

/**
 * Site visits (issue 35) of a week of the period (or of the whole period), by the visit's day in
 * Cape Coral: how they were booked, how they went, and how long after the lead they took place.
 */
export interface VisitsRow {
  /** The week's Sunday (YYYY-MM-DD); null for the whole period. */
  week: string | null;
  visits: number;
  online: number;
  office: number;
  scheduled: number;
  done: number;
  noShow: number;
  cancelled: number;
  /** no-show / (done + no-show); null when none has happened yet. */
  noShowRate: number | null;
  /** Days from the lead's arrival to its visit (cancelled visits left out). */
  medianDays: number | null;
  averageDays: number | null;
}

export interface VisitsReport {
  period: ReportPeriod;
  weeks: VisitsRow[];
  total: VisitsRow;
}

/** Leads and won jobs by the language of the page they came from (issue 37): English, then Spanish. */
export interface LanguageRow extends StatusCounts {
  language: "en" | "es";
}

export interface LanguagesReport {
  period: ReportPeriod;
  rows: LanguageRow[];
}

/** A sum of the office's amounts (issue 39): the dollars, the leads they come from, and those with no amount written. */
export interface MoneyFigure {
  amount: number;
  leads: number;
  withoutAmount: number;
}

/**
 * The money in the period's leads (issue 39), from the amounts the office writes when it quotes or
 * wins a lead: the pipeline (leads quoted and still open), the won value and the average won job.
 */
export interface MoneyReport {
  period: ReportPeriod;
  pipeline: MoneyFigure;
  won: MoneyFigure;
  /** The won value over the won leads with an amount; null when there are none. */
  averageJob: number | null;
}
