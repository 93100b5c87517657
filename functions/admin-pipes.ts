import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { pipeReports } from "../src/server/pipes/alerts.ts";
import type { PipesAnswer } from "../src/lib/contracts/pipes.ts";

export const config: Config = { path: "/api/admin/pipes" };

/** Whether leads get out (Zoho CRM sync, mail): the dashboard's banner when a pipe is down. Admins only. */
export default handle(
  config.path,
  async (req) => {
    await requireAdmin(req);
    const now = new Date();
    const data: PipesAnswer = { pipes: await pipeReports(await getDb(), now), checkedAt: now.toISOString() };
    return json({ status: true, data });
  },
  ["GET"],
);
