import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { HttpError } from "../src/server/http/errors.ts";
import { readBodyBytes } from "../src/server/http/validate.ts";
import { withSecurityHeaders } from "../src/server/http/response.ts";
import { getDb } from "../src/server/db/index.ts";
import { twilioCredentials } from "../src/server/sms/twilio.ts";
import { candidateUrls, formParams, handleInbound, validSignature } from "../src/server/sms/inbound.ts";

export const config: Config = { path: "/api/sms/inbound" };

/** A text's form from Twilio is a few hundred bytes (a 1,600-character message and its fields fit many times over). */
const INBOUND_BODY_LIMIT = 32 * 1024;

/**
 * Twilio's webhook for texts to the company's number (issue 34): STOP, START and HELP. Twilio
 * posts a form without an Origin (so the API's JSON and cross-site rules do not apply here); the
 * request is read only when its X-Twilio-Signature is Twilio's for the site's public address
 * (SITE_URL) and this body, with the account's auth token: anything else is 403. Answers TwiML.
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const creds = twilioCredentials();
    if (!creds) throw new HttpError(403, "Texts are not set up here: no request can be verified", { field: "x-twilio-signature" });
    const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") throw new HttpError(415, "Content-Type must be application/x-www-form-urlencoded", { field: "content-type" });
    const body = new TextDecoder().decode(await readBodyBytes(req, INBOUND_BODY_LIMIT));
    const params = formParams(body);
    if (!validSignature(creds.authToken, req.headers.get("x-twilio-signature"), candidateUrls(req.url), params) || params.AccountSid !== creds.accountSid) {
      log.warn("Inbound text refused: no valid Twilio signature");
      throw new HttpError(403, "Not a request from Twilio", { field: "x-twilio-signature" });
    }
    const db = await getDb();
    const r = await handleInbound(db, params);
    if (r.keyword) log.info(`Inbound text: ${r.keyword}`);
    const headers = withSecurityHeaders({ "Content-Type": "text/xml; charset=utf-8" });
    return new Response(r.twiml, { status: 200, headers });
  },
  ["POST"],
);
