/**
 * The lead bodies as the server checks them: the shared schemas (src/lib/lead-schemas.ts) with the
 * phone parsed strictly (phone.ts), which the browser's light check leaves to the server.
 */
import { z } from "zod";
import { inquirySchema as sharedInquiry, quoteRequestSchema as sharedQuote } from "../../lib/lead-schemas.ts";
import { phoneProblem } from "../phone/parse.ts";

/** Adds the strict parse to a phone rule; an empty (optional) phone is left to that rule. */
function strictPhone<S extends z.ZodType<string | undefined>>(rule: S) {
  return rule.superRefine((value, ctx) => {
    const problem = value ? phoneProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

export const quoteRequestSchema = sharedQuote.extend({ phone: strictPhone(sharedQuote.shape.phone) });
export const inquirySchema = sharedInquiry.extend({ phone: strictPhone(sharedInquiry.shape.phone) });
