import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { googleBody } from "../src/server/auth/schemas.ts";
import { googleLogIn } from "../src/server/auth/google.ts";
import { LOGIN_SUCCESS, startSession } from "../src/server/auth/login.ts";

export const config: Config = { path: "/api/auth/ingsi" };

/** Log-in with a Google ID token → the same answer as auth/in. */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    const body = await readJson(req, googleBody);
    const db = await getDb();
    const user = await googleLogIn(db, body.credential, { ip });
    const data = await startSession(db, user, { ip, userAgent: req.headers.get("user-agent") ?? undefined });
    log.info(`log-in with Google ${data.user.email} (${data.user.role})`);
    return json({ status: true, data, message: LOGIN_SUCCESS });
  },
  ["POST"],
);
