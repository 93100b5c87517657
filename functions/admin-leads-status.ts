import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { HttpError, notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { zohoFromEnv } from "../src/server/crm/config.ts";
import { changeLeadStatus, leadStatusHistory, statusChangeSchema } from "../src/server/leads/status.ts";
import { pushStatusChange } from "../src/server/leads/status-sync.ts";

export const config: Config = { path: "/api/admin/leads/:id/status" };

const params = z.object({ id: z.uuid("not a lead id") });

/**
 * A lead's workflow status. GET: the status and its history (newest first). POST {status, note}:
 * moves the lead on, recorded with the admin and the time, and writes it to the Zoho lead when
 * CRM sync is on (now if the lead is synced, else by the scheduled sync once it is).
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { id } = check(params, { id: ctx?.params?.id ?? "" });
    const db = await getDb();
    if (req.method === "GET") {
      const found = await leadStatusHistory(db, id);
      if (!found) throw notFound("No such lead");
      return json({ status: true, data: { id, ...found } });
    }
    const change = await readJson(req, statusChangeSchema);
    const cfg = zohoFromEnv();
    const r = await changeLeadStatus(db, id, change, session.user, !!cfg);
    if (!r.ok && r.reason === "not-found") throw notFound("No such lead");
    if (!r.ok) throw new HttpError(409, `A lead that is '${r.from}' cannot become '${change.status}'`, { field: "status" });
    log.info(`Lead ${id} status ${r.entry.from} → ${r.status} by ${session.user.email}`);
    if (cfg) {
      // Best effort now; the scheduled CRM sync retries whatever is still pending.
      r.entry.crm = (await pushStatusChange(db, r.entry.id, cfg).catch(() => "failed")) === "done" ? "done" : r.entry.crm;
    }
    return json({ status: true, data: { id, status: r.status, entry: r.entry } });
  },
  ["GET", "POST"],
);
