import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runJob, runMailRetry } from "../src/server/jobs/index.ts";

/** Every 10 minutes: retries outbox messages the SMTP server did not take, then tells the office if mail has been down for an hour. */
export default async () => {
  const log = createLogger("job/mail-retry");
  return runJob("Mail retry", log, getDb, (db) => runMailRetry(db, log));
};

export const config: Config = { schedule: "*/10 * * * *" };
