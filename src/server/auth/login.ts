/**
 * Log-in with e-mail and password. One answer for an unknown e-mail and a wrong password (and the
 * same time: a dummy hash is checked), request caps per IP and per (account, IP), and a growing
 * delay after repeated failures of either.
 *
 * A stranger cannot lock the owner out: what locks is the pair (account, the IP that failed) and an
 * IP that fails on many accounts. The account as a whole only has a brake: after many failures from
 * anywhere, every attempt on it waits a moment first (slowing a guesser spread over many
 * addresses), but a log-in from an address that has not failed still goes through.
 */
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { checkThrottle, clearFailures, clearFailuresStartingWith, countFailure, failureCount, recordFailure, type Throttle } from "./throttle.ts";
import { createSession, displayName, type Role } from "./sessions.ts";
import { applyConfiguredAdmin, findUserByEmail, normalizeEmail, recordLogin, setPasswordHash, type UserRow } from "../users/users.ts";
import { ipNetwork } from "../http/ip.ts";

/** Log-in attempts per IP per minute, whatever their outcome. */
export const LOGIN_IP_REQUESTS: Limit = { name: "login-ip", max: 30, windowSeconds: 60 };
/** Log-in attempts on one account from one IP per minute, whatever their outcome. */
export const LOGIN_PAIR_REQUESTS: Limit = { name: "login-account-ip", max: 10, windowSeconds: 60 };
/** Failures on one account from one IP: 5 free, then 30 s, 60 s, 120 s… up to an hour. */
export const LOGIN_PAIR_THROTTLE: Throttle = { name: "login-fail-account-ip", freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };
/** Failures on one account from anywhere: counted for the brake, never a lock. */
export const LOGIN_ACCOUNT_BRAKE = { name: "login-fail-account", freeFailures: 10, delayMs: 1000, forgetAfterSeconds: 3600 } as const;
/** Failures from one IP (many accounts): 20 free, then 30 s, 60 s… up to an hour. */
export const LOGIN_IP_THROTTLE: Throttle = { name: "login-fail-ip", freeFailures: 20, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };

const brakeKey = (email: string) => `${LOGIN_ACCOUNT_BRAKE.name}:${email}`;

/** Forgets an account's failures from every address (after its owner proved the mailbox). */
export async function clearAccountFailures(q: Queryable, email: string): Promise<void> {
  await clearFailuresStartingWith(q, LOGIN_PAIR_THROTTLE, `${normalizeEmail(email)}|`);
  await q.query("DELETE FROM login_throttle WHERE key = $1", [brakeKey(normalizeEmail(email))]);
}

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
  // Per network: an IPv6 client's whole /64 is one subject (src/server/http/ip.ts).
  const network = ipNetwork(meta.ip);
  const pair = `${email}|${network}`;
  await enforce(q, scaled(LOGIN_IP_REQUESTS), network);
  await enforce(q, scaled(LOGIN_PAIR_REQUESTS), pair);
  await checkThrottle(q, LOGIN_IP_THROTTLE, network);
  await checkThrottle(q, LOGIN_PAIR_THROTTLE, pair);
  if ((await failureCount(q, brakeKey(email), LOGIN_ACCOUNT_BRAKE.forgetAfterSeconds)) >= LOGIN_ACCOUNT_BRAKE.freeFailures) {
    await new Promise((r) => setTimeout(r, LOGIN_ACCOUNT_BRAKE.delayMs));
  }

  const user = await findUserByEmail(q, email);
  const ok = user?.password_hash ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await recordFailure(q, LOGIN_PAIR_THROTTLE, pair);
    await recordFailure(q, LOGIN_IP_THROTTLE, network);
    await countFailure(q, brakeKey(email), LOGIN_ACCOUNT_BRAKE.forgetAfterSeconds);
    throw new HttpError(401, LOGIN_FAILED);
  }
  await clearFailures(q, LOGIN_PAIR_THROTTLE, pair);
  // Hashes made with an older, cheaper cost are upgraded while the password is at hand.
  if (user.password_hash && needsRehash(user.password_hash)) await setPasswordHash(q, user.id, await hashPassword(input.password));
  return startSession(q, user, meta);
}
