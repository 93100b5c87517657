import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runJob, runMaintenance } from "../src/server/jobs/index.ts";

/** Daily: drops logs older than 30 days, expired rate-limit counters and log-in throttles, old spam and old web-vitals samples. */
export default async () => runJob("Maintenance", createLogger("job/maintenance"), getDb, runMaintenance);

export const config: Config = { schedule: "@daily" };
