/**
 * The HTTP adapter both public lead endpoints share (quote request, product inquiry): rate-limit
 * the caller's IP, read and check the body, submit it (the slow work goes to `waitUntil`), answer.
 *
 * With an Idempotency-Key header (issue 13) a repeat of the key gets the first answer again (same
 * status and body, photo token included), never a second lead; the same key with another body is
 * 422; a malformed key is 400. Such a request is counted against the IP's limit once, when it is
 * first stored (idempotency.ts), so the retries of an offline phone's outbox are never refused.
 */
import type { Config } from "@netlify/functions";
import { handle } from "../http/handler.ts";
import { json } from "../http/response.ts";
import { readJson } from "../http/validate.ts";
import { getDb } from "../db/index.ts";
import { inquirySchema, quoteRequestSchema } from "./schemas.ts";
import type { LeadAnswerData, LeadKind } from "../../lib/contracts/lead.ts";
import { idempotencyKey } from "./idempotency.ts";
import { LEAD_BODY_LIMIT, rateLimitLeads, submitLead, type LeadInput } from "./submit.ts";
import { visitLeadCookie } from "../visits/tokens.ts";

/** `answer` makes the JSON body of a success, which the spec words differently for each form. */
export function leadEndpoint(path: Config["path"], kind: LeadKind, answer: (data: LeadAnswerData) => unknown) {
  // An Idempotency-Key is kept per endpoint: the function's (first) path.
  const endpoint = (typeof path === "string" ? path : path?.[0]) ?? `/api/${kind}`;
  return handle(
    path,
    async (req, { log, ip }, ctx) => {
      const db = await getDb();
      const key = idempotencyKey(req);
      if (!key) await rateLimitLeads(db, ip);
      const input: LeadInput =
        kind === "quote"
          ? { kind, body: await readJson(req, quoteRequestSchema, LEAD_BODY_LIMIT) }
          : { kind, body: await readJson(req, inquirySchema, LEAD_BODY_LIMIT) };
      const out = await submitLead(
        db,
        input,
        { ip, log, userAgent: req.headers.get("user-agent"), waitUntil: ctx?.waitUntil?.bind(ctx) },
        { answer, idempotency: key ? { key, endpoint } : undefined },
      );
      const res = json(out.body, { status: out.status });
      // Issue 35: a site visit booked from this browser next is this request's (a held one's too, so
      // the answers look alike). The request is stored already: nothing about the cookie may fail it.
      if (kind === "quote" && out.stored) {
        try {
          res.headers.append("Set-Cookie", await visitLeadCookie(out.stored.id, new URL(req.url).protocol === "https:"));
        } catch (e) {
          log.warn(`Lead ${out.stored.id}: no site-visit cookie (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      return res;
    },
    ["POST"],
  );
}
