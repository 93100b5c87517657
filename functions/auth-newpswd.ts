import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { newPasswordBody } from "../src/server/auth/schemas.ts";
import { PASSWORD_CHANGED, completeReset } from "../src/server/auth/reset.ts";

export const config: Config = { path: "/api/auth/newpswd" };

/** Uses a reset link's token to set a new password; every session of the account is revoked. */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    const body = await readJson(req, newPasswordBody);
    await completeReset(await getDb(), body, { ip });
    log.info("password changed through a reset link");
    return json({ status: true, message: PASSWORD_CHANGED });
  },
  ["POST"],
);
