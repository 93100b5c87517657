import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { HttpError } from "../src/server/http/errors.ts";
import { json } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { hit } from "../src/server/rate-limit/index.ts";
import { LEAD_PHOTO_CLAIM_PER_IP, redeemPhotoClaim } from "../src/server/leads/photo-claims.ts";
import { PHOTO_TOKEN_HEADER, type PhotoTokenAnswer } from "../src/lib/contracts/lead.ts";
import { ipNetwork } from "../src/server/http/ip.ts";

export const config: Config = { path: "/api/leads/photos/token" };

/** The photo endpoints' error shape: `{status:false, error}` (and `message`, as every other endpoint has). */
function refusal(status: number, text: string, retryAfter?: number): Response {
  return json({ status: false, error: text, message: text }, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : {} });
}

/**
 * The browser asks whether a held request's photos may come now (issue 33, item 4): the claim its
 * answer carried in X-Photo-Token, no body. 202 `{waiting: true}` while the office has not
 * released the request; 200 with a new upload token once it has; 401 for an unknown claim (or one
 * whose request was deleted as spam), 410 once its 30 days are over; 429 past the IP's asks.
 */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    try {
      const claim = req.headers.get(PHOTO_TOKEN_HEADER)?.trim() || null;
      if (!claim) return refusal(401, "This upload link is not valid.");
      const db = await getDb();
      const limited = await hit(db, LEAD_PHOTO_CLAIM_PER_IP, ipNetwork(ip));
      if (!limited.allowed) return refusal(429, "Too many requests from this connection. Please try again in a few minutes.", limited.retryAfter);
      const r = await redeemPhotoClaim(db, claim);
      if (r.state === "waiting") return json({ status: true, data: { waiting: true } satisfies PhotoTokenAnswer }, { status: 202 });
      log.info(`Lead ${r.leadId}: photo token ${r.first ? "issued" : "issued again"} for its claim (released from the spam hold)`);
      return json({ status: true, data: { photoToken: r.token } satisfies PhotoTokenAnswer });
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) return refusal(e.status, e.message, e.extra.retryAfter);
      throw e;
    }
  },
  ["POST"],
);
