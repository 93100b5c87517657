/**
 * A quote request sent from /estimate (issue 36) carries the visitor's answers; the estimate kept
 * with the lead is computed here, on the server, from those answers and the live price rules: the
 * browser's own figure is never taken (it may come from an older build, or from anyone).
 */
import type { Queryable } from "../db/index.ts";
import { badRequest } from "../http/errors.ts";
import { liveRules } from "../estimate/rules.ts";
import { computeEstimate, parseAnswers } from "../../lib/estimate.ts";
import type { Estimate } from "../../lib/contracts/estimate.ts";

export async function leadEstimate(q: Queryable, answers: Record<string, unknown>): Promise<Estimate> {
  const parsed = parseAnswers(answers);
  // The schema refused these already (estimateRule); said again here for any other caller.
  if ("problem" in parsed) throw badRequest(`Invalid estimate.${parsed.problem.field}: ${parsed.problem.message}`, `estimate.${parsed.problem.field}`);
  const { version, rules } = await liveRules(q);
  return computeEstimate(rules, parsed.answers, version);
}
