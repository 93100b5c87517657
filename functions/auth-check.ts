import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { requireUser } from "../src/server/auth/guard.ts";

export const config: Config = { path: "/api/auth/check" };

/** The signed-in user behind the bearer token, or 401 (the client then logs out). */
export default handle(
  config.path,
  async (req) => {
    const { user, expiresAt } = await requireUser(req);
    return json({ status: true, data: { user: { email: user.email, name: user.name, role: user.role }, expiresAt } });
  },
  ["GET"],
);
