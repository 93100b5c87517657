import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check } from "../src/server/http/validate.ts";
import { HttpError, notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { zohoFromEnv } from "../src/server/crm/config.ts";
import { recordFirstContact } from "../src/server/leads/first-contact.ts";
import { pushStatusChange } from "../src/server/leads/status-sync.ts";

export const config: Config = { path: "/api/admin/leads/:id/contacted" };

const params = z.object({ id: z.uuid("not a lead id") });

/**
 * 'התקשרתי': records the first call to a lead, with its time (a second tap keeps the first). A new
 * lead becomes 'contacted', written to Zoho like any status change. A held lead answers 409.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { id } = check(params, { id: ctx?.params?.id ?? "" });
    const db = await getDb();
    const cfg = zohoFromEnv();
    const r = await recordFirstContact(db, id, session.user, !!cfg);
    if (!r.ok && r.reason === "not-found") throw notFound("No such lead");
    if (!r.ok) throw new HttpError(409, "This lead is held as spam: press 'Not spam' first", { field: "id" });
    if (!r.already) log.info(`Lead ${id}: first contact recorded by ${session.user.email}${r.entry ? " (new → contacted)" : ""}`);
    if (cfg && r.entry) await pushStatusChange(db, r.entry.id, cfg).catch(() => "failed");
    return json({ status: true, data: { id, firstContactAt: r.firstContactAt, by: r.by, already: r.already, status: r.status } });
  },
  ["POST"],
);
