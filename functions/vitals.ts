import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { withSecurityHeaders } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { enforce } from "../src/server/rate-limit/index.ts";
import { VITALS_LIMIT, recordVital, vitalSample } from "../src/server/vitals/vitals.ts";

export const config: Config = { path: "/api/vitals" };

/**
 * The web-vitals beacon of consented visitors. sendBeacon posts a Blob (application/json) or a
 * string (text/plain), so the body is read as JSON whatever its content type.
 */
export default handle(
  config.path,
  async (req, { ip }) => {
    const db = await getDb();
    await enforce(db, VITALS_LIMIT, ip);
    await recordVital(db, await readJson(req, vitalSample, 1024));
    return new Response(null, { status: 204, headers: withSecurityHeaders() });
  },
  ["POST"],
);
