/**
 * Real-user web vitals (architecture decision 9): samples from consented visitors' browsers, and
 * their 75th percentile per page and metric, rated with Google's thresholds
 * (https://web.dev/articles/vitals: good at or below the first number, poor above the second).
 */
import { z } from "zod";
import { METRICS, type Metric, type Rating, type VitalRow } from "../../lib/contracts/admin.ts";
import type { Queryable } from "../db/index.ts";


export const THRESHOLDS: Record<Metric, [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

/** Largest value accepted per metric: anything above is a broken measurement, not a slow page. */
const MAX_VALUE: Record<Metric, number> = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 };

export function rate(metric: Metric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

export const vitalSample = z
  .object({
    metric: z.enum(METRICS),
    value: z.number().finite().min(0),
    // A path on this site: one leading '/', never '//' (another host), bounded.
    path: z
      .string()
      .max(200, "at most 200 characters")
      .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/, "a page path on this site, such as /services"),
  })
  .strict()
  .refine((s) => s.value <= MAX_VALUE[s.metric], { message: "value out of range", path: ["value"] });
export type VitalSample = z.infer<typeof vitalSample>;

/** One path per page: no trailing slash (except the home page). */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/** A visitor sends at most four metrics per page view; this allows a busy reader and stops a flood. */
export const VITALS_LIMIT = { name: "vitals", max: 100, windowSeconds: 600 };

export async function recordVital(q: Queryable, s: VitalSample): Promise<void> {
  await q.query("INSERT INTO web_vitals (metric, value, path) VALUES ($1, $2, $3)", [s.metric, s.value, normalisePath(s.path)]);
}

export const VITALS_RANGES = { "1d": 1, "7d": 7, "28d": 28 } as const;
export type VitalsRange = keyof typeof VITALS_RANGES;
/** Pages shown at most, busiest first. */
export const VITALS_MAX_PAGES = 50;

export async function vitalsSummary(q: Queryable, range: VitalsRange): Promise<VitalRow[]> {
  const r = await q.query<{ path: string; metric: Metric; p75: number; samples: string }>(
    `WITH recent AS (
       SELECT path, metric, value FROM web_vitals WHERE ts >= now() - make_interval(days => $1)),
     busiest AS (
       SELECT path FROM recent GROUP BY path ORDER BY count(*) DESC, path LIMIT $2)
     SELECT r.path, r.metric, percentile_cont(0.75) WITHIN GROUP (ORDER BY r.value) AS p75, count(*) AS samples
       FROM recent r JOIN busiest b ON b.path = r.path
      GROUP BY r.path, r.metric
      ORDER BY r.path, r.metric`,
    [VITALS_RANGES[range], VITALS_MAX_PAGES],
  );
  return r.rows.map((row) => {
    const p75 = Number(row.p75);
    return { path: row.path, metric: row.metric, p75, samples: Number(row.samples), rating: rate(row.metric, p75) };
  });
}
