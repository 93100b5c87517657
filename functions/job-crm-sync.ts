import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runCrmRetry, runJob } from "../src/server/jobs/index.ts";

/** Every 5 minutes: syncs leads whose CRM sync is due (first try lost, or a failure's backoff over). */
export default async () => {
  const log = createLogger("job/crm-sync");
  return runJob("CRM sync retry", log, getDb, (db) => runCrmRetry(db, log));
};

export const config: Config = { schedule: "*/5 * * * *" };
