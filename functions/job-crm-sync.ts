import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runCrmRetry, runJob } from "../src/server/jobs/index.ts";
import { pushDueStatusChanges } from "../src/server/leads/status-sync.ts";
import { retryDuePhotos } from "../src/server/leads/photo-sync.ts";

/**
 * Every 5 minutes: syncs leads whose CRM sync is due (first try lost, or a failure's backoff over),
 * then writes the office's status changes to the leads that Zoho now knows, then attaches the
 * quote photos whose lead Zoho now knows (issue 13).
 */
export default async () => {
  const log = createLogger("job/crm-sync");
  return runJob("CRM sync retry", log, getDb, async (db) => {
    const leads = await runCrmRetry(db, log);
    const s = await pushDueStatusChanges(db, { log });
    const p = await retryDuePhotos(db, { log, deadlineMs: 6_000 });
    return `${leads}; status changes: ${s.tried} tried, ${s.done} written, ${s.failed} failed; photos: ${p.tried} tried, ${p.synced} attached, ${p.failed} failed`;
  });
};

export const config: Config = { schedule: "*/5 * * * *" };
