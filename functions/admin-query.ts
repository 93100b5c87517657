import type { Config } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { QUERY_MAX_LENGTH, QueryRefused, runConsoleQuery } from "../src/server/admin/query-console.ts";
import { failedList } from "../src/server/http/respond.ts";
import { text } from "../src/lib/text.ts";

const body = z.object({ query: text().max(QUERY_MAX_LENGTH, `at most ${QUERY_MAX_LENGTH} characters`) }).strict();

export const config: Config = { path: "/api/admin/query" };

/** The read-only query console. Every run is logged with who ran what and how it ended. */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const { query } = await readJson(req, body, QUERY_MAX_LENGTH * 4 + 1024);
    log.info(`Query console: ${session.user.email} ran: ${query.replace(/\s+/g, " ").trim().slice(0, 1000)}`);
    try {
      const r = await runConsoleQuery(await getDb(), query);
      log.info(`Query console: ${r.rows.length}${r.truncated ? "+" : ""} rows in ${r.ms} ms`);
      return json({ status: true, data: { data: r.rows, columns: r.columns, truncated: r.truncated, ms: r.ms } });
    } catch (e) {
      if (e instanceof QueryRefused) {
        (e.status >= 500 ? log.error : log.warn)(`Failed to execute query: ${e.message}`);
        return json({ status: false, message: e.message, data: { data: [] } }, { status: e.status });
      }
      return failedList(log, "Failed to execute query", e);
    }
  },
  ["POST"],
);
