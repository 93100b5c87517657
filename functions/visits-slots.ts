import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { type SlotsAnswer } from "../src/lib/contracts/visits.ts";
import { OFFICE_TIME_ZONE } from "../src/lib/wall-clock.ts";
import { limitIp, VISIT_SLOTS_PER_IP } from "../src/server/visits/limits.ts";
import { visitSettings } from "../src/server/visits/settings.ts";
import { bookableDates } from "../src/server/visits/slots.ts";
import { openSlots, publicSlot } from "../src/server/visits/book.ts";

export const config: Config = { path: "/api/public/visits/slots" };

/** The free site visit's open times (issue 35): the next days' free slots in Cape Coral's time. Never cached: a booking takes one. */
export default handle(
  config.path,
  async (_req, { ip }) => {
    const db = await getDb();
    await limitIp(db, VISIT_SLOTS_PER_IP, ip);
    const settings = await visitSettings(db);
    const now = new Date();
    const dates = bookableDates(settings, now);
    const data: SlotsAnswer = {
      zone: OFFICE_TIME_ZONE,
      visitMinutes: settings.visitMinutes,
      from: dates[0],
      to: dates[dates.length - 1],
      slots: (await openSlots(db, settings, now)).map(publicSlot),
    };
    return json({ status: true, data });
  },
  ["GET"],
);
