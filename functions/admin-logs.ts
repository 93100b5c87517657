import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { logQuery, tailLogs } from "../src/server/logs/tail.ts";
import { failedList, list } from "../src/server/http/respond.ts";

export const config: Config = { path: "/api/admin/logs/raw" };

/** The admin log viewer: the newest `tail` lines of the chosen window, oldest first. */
export default handle(
  config.path,
  async (req, { log }) => {
    await requireAdmin(req);
    const input = readQuery(req, logQuery);
    try {
      const w = await tailLogs(await getDb(), input);
      return list(w.lines, { from: w.from, to: w.to });
    } catch (e) {
      return failedList(log, "Failed to fetch raw logs", e);
    }
  },
  ["GET"],
);
