import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { HttpError, badRequest } from "../src/server/http/errors.ts";
import { readBodyBytes, requireJsonType } from "../src/server/http/validate.ts";
import { getDb } from "../src/server/db/index.ts";
import { liveRules } from "../src/server/estimate/rules.ts";
import { estimateHtml, pageSite, problemHtml } from "../src/server/estimate/page.ts";
import { answersFromForm, computeEstimate, parseAnswers } from "../src/lib/estimate.ts";
import { badTextPath } from "../src/lib/text.ts";
import { ESTIMATE_BODY_MAX_BYTES } from "../src/lib/contracts/estimate.ts";
import type { Locale } from "../src/lib/i18n/locales.ts";

export const config: Config = { path: "/api/estimate" };

const FORM = "application/x-www-form-urlencoded";

/**
 * The estimator on the server (issue 36), computed with the live price rules:
 *   POST /api/estimate  JSON answers → {status, data: estimate}; 400 naming the field to correct.
 *   POST /api/estimate  the /estimate page's form without JavaScript (urlencoded) → an HTML page
 *                       with the range, or the answer to correct (400).
 * A form body is taken on this endpoint only (every other one wants JSON), at most 4 KB, and only
 * from the site's own page: the browser's Origin must be ours (the handler refuses another site's,
 * and a form post without one is refused here). It stores nothing.
 * `?lang=es` (the form of /es/estimate, issue 37): the answer's words, and the page, in Spanish.
 */
export default handle(
  config.path,
  async (req) => {
    const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const form = type === FORM;
    if (!form) requireJsonType(req);
    else if (!req.headers.get("origin")) throw new HttpError(403, "A form is taken from this site's own /estimate page only", { field: "origin" });
    const locale: Locale = new URL(req.url).searchParams.get("lang") === "es" ? "es" : "en";
    const text = new TextDecoder().decode(await readBodyBytes(req, ESTIMATE_BODY_MAX_BYTES));
    let raw: Record<string, unknown>;
    if (form) raw = answersFromForm(new URLSearchParams(text));
    else {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw badRequest("Body must be valid JSON");
      }
      if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Invalid input: the answers must be an object");
      raw = body as Record<string, unknown>;
    }
    // The answers are checked before the rules are read: a refusal costs no query.
    const bad = badTextPath(raw);
    const parsed = bad ? { problem: { field: bad.path.map(String).join(".") || "body", message: `This answer ${bad.problem}.` } } : parseAnswers(raw, locale);
    const db = await getDb();
    if ("problem" in parsed) {
      if (form) return problemHtml(parsed.problem, await pageSite(db), locale);
      throw badRequest(`Invalid ${parsed.problem.field}: ${parsed.problem.message}`, parsed.problem.field);
    }
    const { version, rules } = await liveRules(db);
    const estimate = computeEstimate(rules, parsed.answers, version, locale);
    return form ? estimateHtml(estimate, await pageSite(db), locale) : json({ status: true, data: estimate });
  },
  ["POST"],
);
