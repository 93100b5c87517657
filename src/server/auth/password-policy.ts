/**
 * What a new password must be (ASVS 5.0 §6.2): 8 to 128 characters, no composition rules, and
 * hard enough to guess. "Hard enough" is zxcvbn-ts's judgement (a maintained estimator with the
 * common-password lists of breach corpora and English words, names and keyboard patterns): a
 * score of 3 or more of 4, which refuses the most common passwords (its 30,000-entry list covers
 * the top 10,000) and weak patterns such as repeats, sequences, dates and single words. The
 * reason is one of the contract's (src/lib/contracts/password.ts), so each screen can say it in
 * its own language. Used by sign-up, the new-password screen and the account seeds.
 */
import { z } from "zod";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { HttpError } from "../http/errors.ts";
import { hasControlChars } from "../../lib/text.ts";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_REASON_EN, isPasswordReason, type PasswordReason } from "../../lib/contracts/password.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

/** The lowest zxcvbn score accepted (0 = too guessable … 4 = very unguessable). */
export const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use (about 0.2 s to index the dictionaries), then kept for the instance. */
function zxcvbn(): ZxcvbnFactory {
  if (estimator) return estimator;
  // Its warnings come back as their keys (the translations map each key to itself).
  const keys = Object.fromEntries(Object.keys(en.translations.warnings).map((k) => [k, k]));
  estimator = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: { ...en.translations, warnings: keys as typeof en.translations.warnings },
  });
  return estimator;
}

/** Why a new password is refused, or null when it is acceptable. `userInputs` (e-mail, name) count against it. */
export function passwordReason(password: string, userInputs: string[] = []): PasswordReason | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return "too-short";
  if (length > PASSWORD_MAX) return "too-long";
  // The same rule as every other text field (src/lib/text.ts): NUL and the like, never typed.
  if (hasControlChars(password)) return "control";
  const email = userInputs.find((u) => u.includes("@"));
  if (email && password.toLowerCase() === email.toLowerCase()) return "email";
  const inputs = userInputs.flatMap((u) => [u, ...u.toLowerCase().split(/[@.\s_+-]+/)]).filter((u) => u.length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning;
  return isPasswordReason(warning) ? warning : "weak";
}

/** The English reason (the API's message), or null. */
export function passwordProblem(password: string, email?: string): string | null {
  const reason = passwordReason(password, email ? [email] : []);
  return reason ? PASSWORD_REASON_EN[reason] : null;
}

/** The API's 400 for a refused new password: the field, the English text and the reason. */
export function refusePassword(password: string, userInputs: string[]): void {
  const reason = passwordReason(password, userInputs);
  if (reason) throw new HttpError(400, PASSWORD_REASON_EN[reason], { field: "password", reason });
}

/** Password field of a new password (sign-up, new password): its shape; the strength is checked with the e-mail known. */
export const newPasswordSchema = z.string().max(PASSWORD_MAX * 4);

/** Password field of a log-in: anything up to the maximum (old passwords may predate the rules). */
export const loginPasswordSchema = z.string().min(1, "Password is required").max(PASSWORD_MAX * 4);
