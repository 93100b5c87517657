import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { resetRequestBody } from "../src/server/auth/schemas.ts";
import { RESET_SENT, requestReset } from "../src/server/auth/reset.ts";

export const config: Config = { path: "/api/auth/resetpswd" };

/**
 * Sends a one-time link to choose a new password: the same answer, in the same time, whether or
 * not the account exists (the link is made and mailed after the answer).
 */
export default handle(
  config.path,
  async (req, { ip, log }, ctx) => {
    const body = await readJson(req, resetRequestBody);
    const later = (work: Promise<unknown>) => {
      const logged = work.catch(async (e) => {
        log.error(`Password reset mail failed: ${e instanceof Error ? e.message : String(e)}`);
        await log.flush();
      });
      // Without a platform to keep the function alive (local servers), the work just runs on.
      ctx?.waitUntil?.(logged);
    };
    await requestReset(await getDb(), body, { ip, origin: new URL(req.url).origin }, later);
    return json({ status: true, message: RESET_SENT });
  },
  ["POST"],
);
