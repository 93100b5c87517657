import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { manageSchema } from "../src/lib/visit-schemas.ts";
import { limitIp, VISIT_MANAGE_PER_IP } from "../src/server/visits/limits.ts";
import { cancelVisit, rescheduleVisit, viewVisit } from "../src/server/visits/manage.ts";
import { SlotTaken } from "../src/server/visits/store.ts";
import { slotTakenAnswer } from "../src/server/visits/answers.ts";
import { visitSettings } from "../src/server/visits/settings.ts";
import { readVisitToken } from "../src/server/visits/tokens.ts";

export const config: Config = { path: "/api/public/visits/manage" };

/**
 * The visitor's link to a visit (issue 35): {token, action: view | reschedule (with slot) | cancel}.
 * The token travels in the body, never in an address a log keeps. 400/410 with a `reason` for a
 * link that no longer works, 409 with the next free slots when the new slot was taken meanwhile.
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx) => {
    const db = await getDb();
    await limitIp(db, VISIT_MANAGE_PER_IP, ip);
    const body = await readJson(req, manageSchema, 8 * 1024);
    const scope = { log, waitUntil: ctx?.waitUntil?.bind(ctx), origin: new URL(req.url).origin };
    if (body.action === "view") return json({ status: true, data: await viewVisit(db, body.token) });
    if (body.action === "cancel") return json({ status: true, data: await cancelVisit(db, body.token, scope) });
    try {
      return json({ status: true, data: await rescheduleVisit(db, body.token, body.slot, scope) });
    } catch (e) {
      if (!(e instanceof SlotTaken)) throw e;
      const check = await readVisitToken(body.token);
      return slotTakenAnswer(db, await visitSettings(db), e, new Date(body.slot), check.ok ? check.visitId : undefined);
    }
  },
  ["POST"],
);
