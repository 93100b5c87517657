import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runJob, runMailRetry } from "../src/server/jobs/index.ts";

/** Every 10 minutes: retries outbox messages the SMTP server did not take. */
export default async () => runJob("Mail retry", createLogger("job/mail-retry"), getDb, runMailRetry);

export const config: Config = { schedule: "*/10 * * * *" };
