import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { deliverNow, queueAlert } from "../src/server/alerts/push.ts";

export const config: Config = { path: "/api/admin/alerts/test" };

/** Sends a test alert to every device of this admin now, and says how each went. */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    const ids = await queueAlert(db, [session.user.id], `test:${crypto.randomUUID()}`, {
      title: "בדיקת התראות",
      body: "ההתראות עובדות במכשיר הזה.",
      url: "/admin#alerts",
      tag: "test",
    });
    const r = ids.length ? await deliverNow(db, ids, { log, withinMs: 5000 }) : { tried: 0, sent: 0, retry: 0, gone: 0, failed: 0 };
    log.info(`Test alert by ${session.user.email}: ${r.sent}/${ids.length} sent`);
    return json({ status: true, data: { devices: ids.length, ...r } });
  },
  ["POST"],
);
