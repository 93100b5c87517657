import type { Config } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { dashboardStats } from "../src/server/admin/stats.ts";
import { windowQuery } from "../src/server/logs/window.ts";

const query = z.object(windowQuery);

export const config: Config = { path: "/api/admin/stats" };

/** The dashboard cards' real counts for the selected window. */
export default handle(
  config.path,
  async (req) => {
    await requireAdmin(req);
    const input = readQuery(req, query);
    return json({ status: true, data: await dashboardStats(await getDb(), input) });
  },
  ["GET"],
);
