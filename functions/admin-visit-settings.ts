import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { visitSettingsSchema } from "../src/lib/visit-schemas.ts";
import { saveVisitSettings, storedVisitSettings, visitSettingsHistory } from "../src/server/visits/settings.ts";

export const config: Config = { path: "/api/admin/visits/settings" };

/**
 * The office's visit settings (issue 35, item 1), admins only. GET: the settings in force (the
 * defaults until saved), who saved them last, and the latest changes. PUT: saves them (kept in the
 * history); the ZIP codes sent in sampleZips stay labelled sample, the others are confirmed.
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    if (req.method === "PUT") {
      const saved = await saveVisitSettings(db, await readJson(req, visitSettingsSchema, 64 * 1024), session.user.email);
      const s = saved.settings;
      log.info(`Visit settings saved by ${session.user.email}: ${s.weekly.length} range(s), ${s.daysOff.length} day(s) off, ${s.visitMinutes}+${s.bufferMinutes} min, ${s.maxPerDay} a day, ${s.minDaysAhead}-${s.maxDaysAhead} days ahead, ${s.zips.length} ZIP(s) (${s.sampleZips.length} sample)`);
      return json({ status: true, data: { ...saved, history: await visitSettingsHistory(db) } });
    }
    return json({ status: true, data: { ...(await storedVisitSettings(db)), history: await visitSettingsHistory(db) } });
  },
  ["GET", "PUT"],
);
