import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { googleBody } from "../src/server/auth/schemas.ts";
import { googleSignUp } from "../src/server/auth/google.ts";

export const config: Config = { path: "/api/sign/google" };

/** Sign-up with a Google ID token (verified on the server); an existing account is simply found. */
export default handle(
  config.path,
  async (req, { log, ip }) => {
    const body = await readJson(req, googleBody);
    const { created } = await googleSignUp(await getDb(), body, { ip });
    log.info(created ? "sign-up with Google" : "sign-up with Google: account already there");
    return json(
      { status: true, message: created ? "Sign-up successful! Welcome aboard." : "You already have an account: signing you in" },
      { status: created ? 201 : 200 },
    );
  },
  ["POST"],
);
