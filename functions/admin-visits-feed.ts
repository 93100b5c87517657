import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { createFeed, feedState, revokeFeed } from "../src/server/visits/feed.ts";

export const config: Config = { path: "/api/admin/visits/feed" };

/**
 * This admin's private calendar feed (issue 35). GET: whether one is active. POST: a new address
 * (shown in this answer only; the old one stops working). DELETE: revokes it.
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    if (req.method === "POST") {
      const state = await createFeed(db, session.user.id, new URL(req.url).origin);
      log.info(`Calendar feed made by ${session.user.email} (any earlier one revoked)`);
      return json({ status: true, data: state }, { status: 201 });
    }
    if (req.method === "DELETE") {
      const revoked = await revokeFeed(db, session.user.id);
      if (revoked) log.info(`Calendar feed revoked by ${session.user.email}`);
      return json({ status: true, data: await feedState(db, session.user.id) });
    }
    return json({ status: true, data: await feedState(db, session.user.id) });
  },
  ["GET", "POST", "DELETE"],
);
