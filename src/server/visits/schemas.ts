/**
 * The visit bodies as the server checks them: the shared schemas (src/lib/visit-schemas.ts) with the
 * phone parsed strictly (phone/parse.ts), which the browser's light check leaves to the server.
 */
import { bookingSchema as sharedBooking, officeBookingSchema as sharedOffice, visitorFields } from "../../lib/visit-schemas.ts";
import { phoneProblem } from "../phone/parse.ts";
import { consentRule } from "../leads/schemas.ts";

const strictPhone = visitorFields.phone.superRefine((value, ctx) => {
  const problem = phoneProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The texting consent's rules are the quote form's: a number we can text, and the wording's version. */
export const bookingSchema = sharedBooking.extend({ phone: strictPhone }).superRefine(consentRule);
export const officeBookingSchema = sharedOffice.superRefine((b, ctx) => {
  const problem = b.caller ? phoneProblem(b.caller.phone) : null;
  if (problem) ctx.addIssue({ code: "custom", path: ["caller", "phone"], message: problem });
});
