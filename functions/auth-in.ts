import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { loginBody } from "../src/server/auth/schemas.ts";
import { LOGIN_SUCCESS, logIn } from "../src/server/auth/login.ts";

export const config: Config = { path: "/api/auth/in" };

/** Log-in with e-mail and password → a session token and the user. */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    const body = await readJson(req, loginBody);
    const data = await logIn(await getDb(), body, { ip, userAgent: req.headers.get("user-agent") ?? undefined });
    log.info(`log-in ${data.user.email} (${data.user.role})`);
    return json({ status: true, data, message: LOGIN_SUCCESS });
  },
  ["POST"],
);
