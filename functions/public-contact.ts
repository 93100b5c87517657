import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { quoteRequestSchema } from "../src/lib/lead-schemas.ts";
import { LEAD_BODY_LIMIT, rateLimitLeads, submitLead } from "../src/server/leads/submit.ts";

/** A quote request from the contact page or the landing contact section (spec §7: contact call). */
export default handle(
  "/api/public/contact",
  async (req, { log, ip }, ctx) => {
    const db = await getDb();
    await rateLimitLeads(db, ip);
    const body = await readJson(req, quoteRequestSchema, LEAD_BODY_LIMIT);
    await submitLead(db, { kind: "quote", body }, { ip, log, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx) });
    return json({ status: true, data: { status: true } });
  },
  ["POST"],
);

export const config: Config = { path: "/api/public/contact" };
