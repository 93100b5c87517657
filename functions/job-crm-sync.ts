import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runCrmJob, runJob } from "../src/server/jobs/index.ts";

/**
 * Every 5 minutes: syncs leads whose CRM sync is due (first try lost, or a failure's backoff over),
 * then writes the office's status changes to the leads that Zoho now knows, then attaches the
 * quote photos whose lead Zoho now knows (issue 13), all within one budget (the platform stops a
 * scheduled function after 30 s); then tells the office if the sync has been down for an hour.
 */
export default async () => {
  const log = createLogger("job/crm-sync");
  return runJob("CRM sync retry", log, getDb, (db) => runCrmJob(db, log));
};

export const config: Config = { schedule: "*/5 * * * *" };
