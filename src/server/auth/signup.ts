/** Sign-up with e-mail and password: terms accepted, password rules, limits per IP and per e-mail. */
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { hashPassword } from "./password.ts";
import { refusePassword } from "./password-policy.ts";
import { createUser, EmailTakenError, normalizeEmail } from "../users/users.ts";
import { ipNetwork } from "../http/ip.ts";

/** Sign-ups per IP per hour. */
export const SIGNUP_IP: Limit = { name: "signup-ip", max: 5, windowSeconds: 3600 };
/** Sign-up attempts per e-mail per hour. */
export const SIGNUP_EMAIL: Limit = { name: "signup-email", max: 3, windowSeconds: 3600 };

export const SIGNUP_SUCCESS = "Sign-up successful! Welcome aboard.";

/** Runs a sign-up's insert and turns a taken e-mail into the API's 409. */
export async function insertOr409<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof EmailTakenError) throw new HttpError(409, e.message, { field: "email" });
    throw e;
  }
}

export async function signUp(
  q: Queryable,
  input: { email: string; password: string; updates: boolean; name?: string },
  meta: { ip: string },
): Promise<{ id: string; email: string }> {
  const email = normalizeEmail(input.email);
  await enforce(q, scaled(SIGNUP_IP), ipNetwork(meta.ip));
  await enforce(q, scaled(SIGNUP_EMAIL), email);
  refusePassword(input.password, [email, input.name ?? ""]);
  const passwordHash = await hashPassword(input.password);
  const user = await insertOr409(() => createUser(q, { email, passwordHash, name: input.name, acceptedTerms: true, wantsUpdates: input.updates }));
  return { id: user.id, email: user.email };
}
