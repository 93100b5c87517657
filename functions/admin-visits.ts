import type { Config } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson, readQuery } from "../src/server/http/validate.ts";
import { badRequest } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { calendarDate } from "../src/lib/visit-schemas.ts";
import { officeBookingSchema } from "../src/server/visits/schemas.ts";
import { CALENDAR_MAX_DAYS, officeBook, visitsBetween, visitsOfLead } from "../src/server/visits/admin.ts";
import { SlotTaken } from "../src/server/visits/store.ts";
import { slotTakenAnswer } from "../src/server/visits/answers.ts";
import { visitSettings } from "../src/server/visits/settings.ts";
import { addDays } from "../src/lib/wall-clock.ts";

export const config: Config = { path: "/api/admin/visits" };

const listQuery = z.union([z.object({ lead: z.uuid("is not a lead id") }).strict(), z.object({ from: calendarDate, to: calendarDate }).strict()]);

/**
 * The office's calendar (issue 35), admins only. GET ?from=&to= (local days, at most 62): the visits
 * with their leads; GET ?lead=: one lead's visits. POST: books a visit for a caller ({date, time,
 * caller}) or a lead ({date, time, leadId}), with the booking's constraint (409 with the next free
 * slots); the visitor gets the confirmation with its invite.
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    if (req.method === "POST") {
      const body = await readJson(req, officeBookingSchema, 32 * 1024);
      const scope = { by: session.user.email, log, ip, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx), origin: new URL(req.url).origin };
      try {
        return json({ status: true, data: { visit: await officeBook(db, body, scope) } }, { status: 201 });
      } catch (e) {
        if (!(e instanceof SlotTaken)) throw e;
        return slotTakenAnswer(db, await visitSettings(db), e, new Date(`${body.date}T12:00:00Z`));
      }
    }
    const q = readQuery(req, listQuery);
    if ("lead" in q) return json({ status: true, data: await visitsOfLead(db, q.lead) });
    if (q.to < q.from) throw badRequest("Invalid to: must not be before from", "to");
    if (q.to > addDays(q.from, CALENDAR_MAX_DAYS - 1)) throw badRequest(`Invalid to: at most ${CALENDAR_MAX_DAYS} days at once`, "to");
    return json({ status: true, data: await visitsBetween(db, q.from, q.to) });
  },
  ["GET", "POST"],
);
