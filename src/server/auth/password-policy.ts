/**
 * What a new password must be (ASVS 5.0 §6.2): 8 to 128 characters, any characters allowed,
 * no composition rules, and not one of the most common passwords (a list shipped with the project).
 */
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const common = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (isCommonPassword(password)) return "This password is too common; choose a less guessable one";
  if (email && password.toLowerCase() === email.toLowerCase()) return "Password must not be your e-mail address";
  return null;
}

/** Password field of a new password (sign-up, new password). */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Password field of a log-in: anything up to the maximum (old passwords may predate the rules). */
export const loginPasswordSchema = z.string().min(1, "Password is required").max(PASSWORD_MAX * 4);
