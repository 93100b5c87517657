import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { inquirySchema } from "../src/lib/lead-schemas.ts";
import { LEAD_BODY_LIMIT, rateLimitLeads, submitLead } from "../src/server/leads/submit.ts";

export const INQUIRY_THANKS = "Thank you for your inquiry";

/** A product inquiry from a product detail page. */
export default handle(
  "/api/public/inquiry",
  async (req, { log, ip }, ctx) => {
    const db = await getDb();
    await rateLimitLeads(db, ip);
    const body = await readJson(req, inquirySchema, LEAD_BODY_LIMIT);
    await submitLead(db, { kind: "inquiry", body }, { ip, log, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx) });
    return json({ status: true, message: INQUIRY_THANKS });
  },
  ["POST"],
);

export const config: Config = { path: "/api/public/inquiry" };
