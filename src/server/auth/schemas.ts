/** Request bodies of the account endpoints. Unknown fields are refused (strict). */
import { z } from "zod";
import { loginPasswordSchema, newPasswordSchema } from "./password-policy.ts";

export const emailSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .min(1, "E-mail is required")
  .max(254, "E-mail is too long")
  .pipe(z.email("Enter a valid e-mail address"));

export const loginBody = z.strictObject({ email: emailSchema, password: loginPasswordSchema });

export const signUpBody = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  acceptTerms: z.literal(true, { error: "You must accept the user agreement" }),
  updates: z.boolean().optional().default(false),
  name: z.string().trim().max(100).optional(),
});

/** A Google ID token as the Sign-In button hands it over (a compact JWS). */
export const googleBody = z.strictObject({
  credential: z.string().min(20).max(4096).regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "Not a Google credential"),
  acceptTerms: z.boolean().optional(),
  updates: z.boolean().optional(),
});

export const resetRequestBody = z.strictObject({ email: emailSchema });

export const newPasswordBody = z.strictObject({
  token: z.string().regex(/^[\w-]{43}$/, "This reset link is not valid"),
  password: newPasswordSchema,
});
