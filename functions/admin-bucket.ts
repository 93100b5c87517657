import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { listBucket } from "../src/server/images/bucket.ts";
import { failedList, list } from "../src/server/http/respond.ts";

export const config: Config = { path: "/api/admin/bucket" };

/** The stored objects (product images), newest first. */
export default handle(
  config.path,
  async (req, { log }) => {
    await requireAdmin(req);
    try {
      return list(await listBucket(await getDb()));
    } catch (e) {
      return failedList(log, "Failed to fetch bucket contents", e);
    }
  },
  ["GET"],
);
