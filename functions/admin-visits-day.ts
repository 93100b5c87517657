import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check, readQuery } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { calendarDate } from "../src/lib/visit-schemas.ts";
import { daySlotsFor } from "../src/server/visits/admin.ts";

export const config: Config = { path: "/api/admin/visits/day/:date" };

const params = z.object({ date: calendarDate });
const query = z.object({ except: z.uuid("is not a visit id").optional() }).strict();

/** The office's grid of one day, each slot free or not (?except=<visit>: that visit's own time counts as free), for booking or moving a visit (issue 35). */
export default handle(
  config.path,
  async (req, _scope, ctx: Context | undefined) => {
    await requireAdmin(req);
    const { date } = check(params, { date: ctx?.params?.date ?? "" });
    const { except } = readQuery(req, query);
    return json({ status: true, data: await daySlotsFor(await getDb(), date, except) });
  },
  ["GET"],
);
