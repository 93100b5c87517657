import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { withSecurityHeaders } from "../src/server/http/response.ts";
import { readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { leadsCsv, leadsQuery, listLeads } from "../src/server/leads/admin-list.ts";
import { failedList, list } from "../src/server/http/respond.ts";
import { businessHours } from "../src/server/reports/hours.ts";

export const config: Config = { path: "/api/admin/leads" };

/**
 * Stored leads with their CRM sync state: a page as JSON (newest first, each with its wait against
 * the one-business-day promise and its other requests), or all of them as CSV.
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const { page, pageSize, format, ...filter } = readQuery(req, leadsQuery);
    try {
      const db = await getDb();
      if (format === "csv") {
        const csv = await leadsCsv(db, filter);
        log.info(`Leads exported as CSV by ${session.user.email}`);
        const day = new Date().toISOString().slice(0, 10);
        return new Response(csv, {
          headers: withSecurityHeaders({
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
          }),
        });
      }
      const { leads, total, recent, held } = await listLeads(db, page, pageSize, filter, await businessHours(db));
      return list(leads, { page, pageSize, total, recent, held });
    } catch (e) {
      return failedList(log, "Failed to fetch leads", e);
    }
  },
  ["GET"],
);
