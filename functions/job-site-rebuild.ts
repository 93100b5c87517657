import type { Config } from "@netlify/functions";
import { getDb } from "../src/server/db/index.ts";
import { createLogger } from "../src/server/logs/logger.ts";
import { runJob } from "../src/server/jobs/index.ts";
import { rebuildSettings, runSiteRebuild } from "../src/server/publish/rebuild.ts";

/**
 * Every minute: fires the site rebuild a burst of catalogue changes set due (src/server/publish),
 * so the last change of a burst is on the public pages within a few minutes.
 */
export default async () => {
  const log = createLogger("job/site-rebuild");
  // No hook here (a preview, a local run): nothing to fire, and no reason to wake the database.
  if (!rebuildSettings()) return new Response(null, { status: 204 });
  return runJob("Site rebuild", log, getDb, (db) => runSiteRebuild(db, log));
};

export const config: Config = { schedule: "* * * * *" };
