import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { bearerToken } from "../src/server/auth/guard.ts";
import { revokeSession, sessionFromToken } from "../src/server/auth/sessions.ts";

export const config: Config = { path: "/api/auth/out" };

/**
 * Revokes the caller's session. Answers 200 even for a dead or missing token: the outcome the
 * caller wants (no live session) holds either way, and a 401 here would re-trigger the client's logout.
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const token = bearerToken(req);
    const db = await getDb();
    const session = token ? await sessionFromToken(db, token) : null;
    if (session) {
      await revokeSession(db, session.id);
      log.info(`log-out ${session.user.email}`);
    }
    return json({ status: true, message: "Logged out" });
  },
  ["POST"],
);
