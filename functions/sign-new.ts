import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { signUpBody } from "../src/server/auth/schemas.ts";
import { SIGNUP_SUCCESS, signUp } from "../src/server/auth/signup.ts";

export const config: Config = { path: "/api/sign/new" };

/** Sign-up with e-mail and password (terms accepted, updates optional). */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    const body = await readJson(req, signUpBody);
    const user = await signUp(await getDb(), { email: body.email, password: body.password, updates: body.updates, name: body.name }, { ip });
    log.info(`sign-up ${user.email}`);
    return json({ status: true, message: SIGNUP_SUCCESS }, { status: 201 });
  },
  ["POST"],
);
