import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { withSecurityHeaders } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { enforce } from "../src/server/rate-limit/index.ts";
import { VITALS_LIMIT, recordVital, vitalSample } from "../src/server/vitals/vitals.ts";
import { ipNetwork } from "../src/server/http/ip.ts";

export const config: Config = { path: "/api/vitals" };

/**
 * The web-vitals beacon of consented visitors. sendBeacon posts a Blob (application/json) or a
 * string (text/plain), so both are read as JSON; nothing else. The only write a form on another
 * site could make here is a timing sample, and its Origin is refused all the same (handler.ts).
 */
export default handle(
  config.path,
  async (req, { ip }) => {
    const db = await getDb();
    await enforce(db, VITALS_LIMIT, ipNetwork(ip));
    await recordVital(db, await readJson(req, vitalSample, 1024, { types: ["application/json", "text/plain"] }));
    return new Response(null, { status: 204, headers: withSecurityHeaders() });
  },
  ["POST"],
);
