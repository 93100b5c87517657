import type { Config } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { THRESHOLDS, VITALS_RANGES, vitalsSummary, type VitalsRange } from "../src/server/vitals/vitals.ts";
import { failedList, list } from "../src/server/http/respond.ts";

const query = z.object({ range: z.enum(Object.keys(VITALS_RANGES) as [VitalsRange, ...VitalsRange[]]).default("7d") });

export const config: Config = { path: "/api/admin/vitals" };

/** The 75th percentile of each web vital per page over the range, rated good / needs-improvement / poor. */
export default handle(
  config.path,
  async (req, { log }) => {
    await requireAdmin(req);
    const { range } = readQuery(req, query);
    try {
      return list(await vitalsSummary(await getDb(), range), { range, thresholds: THRESHOLDS });
    } catch (e) {
      return failedList(log, "Failed to fetch web vitals", e);
    }
  },
  ["GET"],
);
