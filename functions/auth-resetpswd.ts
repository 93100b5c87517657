import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { resetRequestBody } from "../src/server/auth/schemas.ts";
import { RESET_SENT, requestReset } from "../src/server/auth/reset.ts";

export const config = { path: "/api/auth/resetpswd" } satisfies Config;

/** Sends a one-time link to choose a new password; the same answer whether or not the account exists. */
export default handle(
  config.path,
  async (req, { ip }) => {
    const body = await readJson(req, resetRequestBody);
    await requestReset(await getDb(), body, { ip, origin: new URL(req.url).origin });
    return json({ status: true, message: RESET_SENT });
  },
  ["POST"],
);
