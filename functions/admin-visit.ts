import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { officeChangeSchema } from "../src/lib/visit-schemas.ts";
import { officeChange } from "../src/server/visits/admin.ts";
import { SlotTaken } from "../src/server/visits/store.ts";
import { slotTakenAnswer } from "../src/server/visits/answers.ts";
import { visitSettings } from "../src/server/visits/settings.ts";

export const config: Config = { path: "/api/admin/visit/:id" };

const params = z.object({ id: z.uuid("is not a visit id") });

/**
 * One visit (issue 35), admins only. PATCH {date, time}: moves it (the booking's constraint: 409 with
 * the next free slots); PATCH {status}: scheduled, done, no-show or cancelled. The visitor hears of a
 * move or a cancellation by e-mail; Zoho's event follows.
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { id } = check(params, { id: ctx?.params?.id ?? "" });
    const change = await readJson(req, officeChangeSchema);
    const db = await getDb();
    const scope = { by: session.user.email, log, ip, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx), origin: new URL(req.url).origin };
    try {
      const visit = await officeChange(db, id, change, scope);
      if (!visit) throw notFound("No such visit");
      return json({ status: true, data: { visit } });
    } catch (e) {
      if (!(e instanceof SlotTaken)) throw e;
      return slotTakenAnswer(db, await visitSettings(db), e, "date" in change ? new Date(`${change.date}T12:00:00Z`) : new Date(), id);
    }
  },
  ["PATCH"],
);
