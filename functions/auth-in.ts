import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { loginBody } from "../src/server/auth/schemas.ts";
import { LOGIN_SUCCESS, logIn } from "../src/server/auth/login.ts";
import { isHttps } from "../src/server/auth/device.ts";

export const config: Config = { path: "/api/auth/in" };

/**
 * Log-in with e-mail and password → a session token and the user, and a device cookie that keeps
 * this browser trusted for the account (src/server/auth/device.ts).
 */
export default handle(
  config.path,
  async (req, { log, ip }, ctx) => {
    const body = await readJson(req, loginBody);
    const later = (work: Promise<unknown>) => {
      const logged = work.catch(async (e) => {
        log.error(`Log-in brake mail failed: ${e instanceof Error ? e.message : String(e)}`);
        await log.flush();
      });
      // Without a platform to keep the function alive (local servers), the work just runs on.
      ctx?.waitUntil?.(logged);
    };
    const { answer, deviceCookie } = await logIn(await getDb(), body, {
      ip,
      userAgent: req.headers.get("user-agent") ?? undefined,
      cookie: req.headers.get("cookie"),
      https: isHttps(req),
      origin: new URL(req.url).origin,
      later,
    });
    log.info(`log-in ${answer.user.email} (${answer.user.role})`);
    const res = json({ status: true, data: answer, message: LOGIN_SUCCESS });
    res.headers.append("Set-Cookie", deviceCookie);
    return res;
  },
  ["POST"],
);
