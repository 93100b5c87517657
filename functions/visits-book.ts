import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { bookingSchema } from "../src/server/visits/schemas.ts";
import { limitIp, VISIT_BOOK_PER_IP } from "../src/server/visits/limits.ts";
import { bookVisit, SlotTaken } from "../src/server/visits/book.ts";
import { confirmVisit } from "../src/server/visits/confirm.ts";
import { slotTakenAnswer } from "../src/server/visits/answers.ts";
import { visitSettings } from "../src/server/visits/settings.ts";
import { clearVisitLeadCookie, VISIT_LEAD_COOKIE } from "../src/server/visits/tokens.ts";
import { readCookie } from "../src/server/auth/device.ts";

export const config: Config = { path: "/api/public/visits" };

/**
 * A visitor books the free site visit (issue 35): 201 booked, 200 when the ZIP is outside the
 * service area (the request reaches the office as a lead), 409 with the next free slots when the slot
 * was taken meanwhile, 400 naming the field for bad input. Right after a quote request from this
 * browser (its cookie) with the same e-mail, the visit is that request's: no second lead.
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx) => {
    const db = await getDb();
    await limitIp(db, VISIT_BOOK_PER_IP, ip);
    const body = await readJson(req, bookingSchema, 32 * 1024);
    try {
      const url = new URL(req.url);
      const cookie = readCookie(req.headers.get("cookie"), VISIT_LEAD_COOKIE);
      const scope = { ip, log, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx) };
      const out = await bookVisit(db, body, scope, (q, visit) => confirmVisit(q, visit, url.origin), new Date(), cookie);
      const res = json({ status: true, data: out.data }, { status: out.status });
      if (cookie && out.visit) res.headers.append("Set-Cookie", clearVisitLeadCookie(url.protocol === "https:"));
      return res;
    } catch (e) {
      if (!(e instanceof SlotTaken)) throw e;
      log.info(`Site visit slot ${body.slot} refused: ${e.reason}`);
      return slotTakenAnswer(db, await visitSettings(db), e, new Date(body.slot));
    }
  },
  ["POST"],
);
