import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runAlertsJob, runJob } from "../src/server/jobs/index.ts";

/** Every minute: staff alerts that are due (retries), the next person for leads nobody has called, and visitors' texts that are due (retries). */
export default async () => {
  const log = createLogger("job/alerts");
  return runJob("Alerts", log, getDb, (db) => runAlertsJob(db, log));
};

export const config: Config = { schedule: "* * * * *" };
