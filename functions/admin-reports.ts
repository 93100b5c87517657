import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json, jsonError, withSecurityHeaders } from "../src/server/http/response.ts";
import { check, readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { describeError } from "../src/server/http/respond.ts";
import { REPORT_TABLES } from "../src/lib/contracts/reports.ts";
import { reportQuery } from "../src/server/reports/period.ts";
import { readReport, reportFileName } from "../src/server/reports/report.ts";

export const config: Config = { path: "/api/admin/reports/:table" };

const params = z.object({ table: z.enum(REPORT_TABLES, `must be one of ${REPORT_TABLES.join(", ")}`) });

/**
 * The back office's reports (issue 28), one table per call: sources, services, speed (to answer,
 * in business hours) or weekly (the chart), for a period (?period=month|30d|90d|year|custom&from&to,
 * days in ?tz), sources grouped by ?group=utm|page|referrer; ?format=csv for the file.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { table } = check(params, { table: ctx?.params?.table ?? "" });
    const query = readQuery(req, reportQuery);
    const now = new Date();
    let report: Awaited<ReturnType<typeof readReport>>;
    try {
      report = await readReport(await getDb(), table, query, req.url, now);
    } catch (e) {
      log.error(`Failed to read the ${table} report: ${describeError(e)}`);
      return jsonError(503, "Failed to read the report");
    }
    if (query.format !== "csv") return json({ status: true, data: report.data });
    log.info(`Report ${table} exported as CSV by ${session.user.email}`);
    return new Response(report.csv(), {
      headers: withSecurityHeaders({
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${reportFileName(table, query, now)}"`,
      }),
    });
  },
  ["GET"],
);
