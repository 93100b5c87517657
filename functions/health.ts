import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";

/** Liveness and database reachability, for uptime checks. */
export default handle(
  "/api/health",
  async () => {
    const db = await getDb();
    await db.query("SELECT 1");
    return json({ status: true, data: { db: db.driver } });
  },
  ["GET"],
);

export const config: Config = { path: "/api/health" };
