/**
 * The lead bodies as the server checks them: the shared schemas (src/lib/lead-schemas.ts) with the
 * phone parsed strictly (phone.ts), which the browser's light check leaves to the server, and the
 * rules of the texting consent (issue 34): a consent needs a US number to text and the version of
 * the wording the form showed.
 */
import { z } from "zod";
import { inquirySchema as sharedInquiry, quoteRequestSchema as sharedQuote } from "../../lib/lead-schemas.ts";
import { phoneProblem } from "../phone/parse.ts";
import { textableProblem } from "../sms/numbers.ts";
import { parseAnswers } from "../../lib/estimate.ts";

/** Adds the strict parse to a phone rule; an empty (optional) phone is left to that rule. */
function strictPhone<S extends z.ZodType<string | undefined>>(rule: S) {
  return rule.superRefine((value, ctx) => {
    const problem = value ? phoneProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/**
 * A ticked 'Text me about this request' covers the phone number given: without one (the inquiry's
 * phone is optional), or with one we cannot text, the request is refused at the phone field, where
 * the visitor can fix it (or untick the box); the wording's version must come with it.
 */
export function consentRule(body: { phone?: string; smsConsent?: boolean; smsConsentVersion?: string }, ctx: z.RefinementCtx) {
  if (!body.smsConsent) return;
  if (!body.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "is needed to get text messages: enter a mobile number, or untick 'Text me about this request'" });
  else {
    const problem = phoneProblem(body.phone) ? null : textableProblem(body.phone);
    if (problem) ctx.addIssue({ code: "custom", path: ["phone"], message: problem });
  }
  if (!body.smsConsentVersion) ctx.addIssue({ code: "custom", path: ["smsConsentVersion"], message: "is required with smsConsent (the version of the wording the form showed)" });
}

/** The estimator's answers a quote carries (issue 36): each one checked, a refusal named at its field ("estimate.feet"). */
export function estimateRule(body: { estimate?: Record<string, unknown> }, ctx: z.RefinementCtx) {
  if (!body.estimate) return;
  const parsed = parseAnswers(body.estimate);
  if ("problem" in parsed) ctx.addIssue({ code: "custom", path: ["estimate", parsed.problem.field], message: parsed.problem.message });
}

export const quoteRequestSchema = sharedQuote
  .extend({ phone: strictPhone(sharedQuote.shape.phone) })
  .superRefine(consentRule)
  .superRefine(estimateRule);
export const inquirySchema = sharedInquiry.extend({ phone: strictPhone(sharedInquiry.shape.phone) }).superRefine(consentRule);
