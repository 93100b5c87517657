import type { Config, Context } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { jsonError, withSecurityHeaders } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { readFeed } from "../src/server/visits/feed.ts";
import { limitIp, VISIT_MANAGE_PER_IP } from "../src/server/visits/limits.ts";

export const config: Config = { path: "/api/visits/feed/:token" };

/**
 * A staff member's private calendar feed of the site visits (issue 35), for Google Calendar or
 * Outlook to subscribe to: text/calendar, or 404 for a token that is unknown or revoked.
 */
export default handle(
  config.path,
  async (_req, { ip }, ctx: Context | undefined) => {
    const db = await getDb();
    await limitIp(db, VISIT_MANAGE_PER_IP, ip);
    const token = (ctx?.params?.token ?? "").replace(/\.ics$/, "");
    const ics = await readFeed(db, token);
    if (!ics) return jsonError(404, "No such calendar feed (it may have been revoked)");
    return new Response(ics, {
      headers: withSecurityHeaders({ "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="site-visits.ics"', "Cache-Control": "private, max-age=300" }),
    });
  },
  ["GET"],
);
