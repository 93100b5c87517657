import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check } from "../src/server/http/validate.ts";
import { HttpError, notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { requeueLead } from "../src/server/leads/crm-queue.ts";

const params = z.object({ id: z.uuid("not a lead id") });

export const config: Config = { path: "/api/admin/leads/:id/retry" };

/** The admin's "retry": puts a lead back in the CRM sync queue, due now (409 for a lead held as spam). */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { id } = check(params, { id: ctx?.params?.id ?? "" });
    const state = await requeueLead(await getDb(), id);
    if (!state) throw notFound("No such lead");
    if (state === "held") throw new HttpError(409, "This lead is held as possible spam: release it with 'Not spam' first", { field: "id" });
    log.info(`Lead ${id} re-queued for CRM sync by ${session.user.email} (now ${state})`);
    return json({ status: true, data: { id, crmState: state } });
  },
  ["POST"],
);
