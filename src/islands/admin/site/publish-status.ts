/**
 * After "Publish" the site is rebuilt; the back office knows it is live when the build's
 * /content-version.json reports the published version (or a later one).
 */

/** How often the live site's version is asked for while publishing. */
export const POLL_MS = 5_000;
/** After this long without the new version, the rebuild is late. */
export const LATE_MS = 10 * 60_000;

export interface PublishJob {
  version: number;
  /** When it was published (ms since the epoch). */
  since: number;
}

export type Phase = "publishing" | "live" | "late";

/** Where a publish stands, from the version the live site reports (null: not known yet). */
export function publishPhase(job: PublishJob, liveBuild: number | null, now: number): Phase {
  if (liveBuild !== null && liveBuild >= job.version) return "live";
  return now - job.since >= LATE_MS ? "late" : "publishing";
}

/**
 * The publish still under way when the panel opens (a publish made earlier, the page reloaded):
 * the live site reports an older version than the latest published.
 */
export function unfinishedPublish(latest: { version: number; publishedAt: string }, liveBuild: number | null): PublishJob | null {
  if (liveBuild === null || liveBuild >= latest.version) return null;
  const since = Date.parse(latest.publishedAt);
  return { version: latest.version, since: Number.isFinite(since) ? since : Date.now() };
}
