import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { check } from "../src/server/http/validate.ts";
import { HttpError, notFound } from "../src/server/http/errors.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { zohoFromEnv } from "../src/server/crm/config.ts";
import { releaseLead } from "../src/server/leads/held.ts";
import { afterStore } from "../src/server/leads/submit.ts";
import { textLead } from "../src/server/leads/texts.ts";

export const config: Config = { path: "/api/admin/leads/:id/release" };

const params = z.object({ id: z.uuid("not a lead id") });

/**
 * The office's 'Not spam' (decision 15): a lead held as possible spam becomes a real one. Its
 * e-mails and CRM sync then happen as for a new lead: sent after the answer (waitUntil), and by
 * the scheduled jobs if that is cut short. A lead that is not held answers 409.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const session = await requireAdmin(req);
    const { id } = check(params, { id: ctx?.params?.id ?? "" });
    const db = await getDb();
    const r = await releaseLead(db, id, session.user.email, !!zohoFromEnv());
    if (!r.ok && r.reason === "not-found") throw notFound("No such lead");
    if (!r.ok) throw new HttpError(409, "This lead is not held as spam", { field: "id" });
    log.info(`Lead ${id} released from the spam hold (${r.heldReason}) by ${session.user.email}; ${r.mailIds.length} e-mail(s) queued, CRM sync ${r.sync ? "queued" : "off"}`);
    const background = Promise.all([afterStore(db, id, r.mailIds, r.sync), r.textId ? textLead(db, r.textId) : null]);
    if (ctx?.waitUntil) ctx.waitUntil(background);
    else await background;
    return json({ status: true, data: { id, released: true } });
  },
  ["POST"],
);
