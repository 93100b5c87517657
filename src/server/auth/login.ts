/**
 * Log-in with e-mail and password. One answer for an unknown e-mail and a wrong password (and the
 * same time: a dummy hash is checked), request caps per IP and per account, and a growing delay
 * after repeated failures of either.
 */
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { checkThrottle, clearFailures, recordFailure, type Throttle } from "./throttle.ts";
import { createSession, displayName, type Role } from "./sessions.ts";
import { applyConfiguredAdmin, findUserByEmail, normalizeEmail, recordLogin, setPasswordHash, type UserRow } from "../users/users.ts";

/** Log-in attempts per IP per minute, whatever their outcome. */
export const LOGIN_IP_REQUESTS: Limit = { name: "login-ip", max: 30, windowSeconds: 60 };
/** Log-in attempts per account per minute, whatever their outcome. */
export const LOGIN_ACCOUNT_REQUESTS: Limit = { name: "login-account", max: 10, windowSeconds: 60 };
/** Failures of one account: 5 free, then 30 s, 60 s, 120 s… up to an hour. */
export const LOGIN_ACCOUNT_THROTTLE: Throttle = { name: "login-fail-account", freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };
/** Failures from one IP (many accounts): 20 free, then 30 s, 60 s… up to an hour. */
export const LOGIN_IP_THROTTLE: Throttle = { name: "login-fail-ip", freeFailures: 20, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };

export const LOGIN_FAILED = "Wrong e-mail or password";
export const LOGIN_SUCCESS = "Login Sucsess"; // spelled as the spec has it (§8)

export interface LoginAnswer {
  token: string;
  user: { email: string; name: string; role: Role };
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** Opens a session for a user who has just proven who they are (password or Google). */
export async function startSession(q: Queryable, user: UserRow, meta: RequestMeta): Promise<LoginAnswer> {
  const role = await applyConfiguredAdmin(q, user);
  await recordLogin(q, user.id);
  const { token } = await createSession(q, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  return { token, user: { email: user.email, name: displayName(user), role } };
}

export async function logIn(q: Queryable, input: { email: string; password: string }, meta: RequestMeta): Promise<LoginAnswer> {
  const email = normalizeEmail(input.email);
  await enforce(q, scaled(LOGIN_IP_REQUESTS), meta.ip);
  await enforce(q, scaled(LOGIN_ACCOUNT_REQUESTS), email);
  await checkThrottle(q, LOGIN_IP_THROTTLE, meta.ip);
  await checkThrottle(q, LOGIN_ACCOUNT_THROTTLE, email);

  const user = await findUserByEmail(q, email);
  const ok = user?.password_hash ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await recordFailure(q, LOGIN_ACCOUNT_THROTTLE, email);
    await recordFailure(q, LOGIN_IP_THROTTLE, meta.ip);
    throw new HttpError(401, LOGIN_FAILED);
  }
  await clearFailures(q, LOGIN_ACCOUNT_THROTTLE, email);
  // Hashes made with an older, cheaper cost are upgraded while the password is at hand.
  if (user.password_hash && needsRehash(user.password_hash)) await setPasswordHash(q, user.id, await hashPassword(input.password));
  return startSession(q, user, meta);
}
