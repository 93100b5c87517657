/**
 * Log-in with e-mail and password. One answer for an unknown e-mail and a wrong password (and the
 * same time: a dummy hash is checked), request caps per network and per (account, network), and
 * growing locks after repeated failures (issue 33).
 *
 * Who may try, and what their failures cost:
 *  - A browser that has signed in to the account before (a device cookie, ./device.ts) is a
 *    trusted client: a stranger's failures never stop it. Its own failures lock that cookie alone.
 *  - Anyone else is an untrusted client. Per (account, network) and per network (many accounts),
 *    failures lock as before. Per account, across every address: every attempt is counted before
 *    the password is checked, in one statement, so parallel guesses count; after 10 failures each
 *    further one waits twice as long as the last (30 s, 60 s… up to an hour), and the account's
 *    owner gets one e-mail when this starts. The counter is forgotten an hour after its last
 *    failure or lock. A guesser with any number of addresses gets at most 16 guesses in an hour
 *    (`npm run bench:login`).
 *  - The owner's correct log-in from an address where the account signed in within 90 days (a
 *    known address, the same network) is not held by the account's brake either: a stranger
 *    elsewhere cannot keep the office out. Only that address's own failures lock it.
 *  - On a new device at a new address, the owner waits like anyone else.
 */
import type { Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { checkThrottle, clearFailures, clearFailuresStartingWith, recordFailure, refundAttempt, reserveAttempt, type Throttle } from "./throttle.ts";
import { createSession, displayName, type Role } from "./sessions.ts";
import { applyConfiguredAdmin, findUserByEmail, normalizeEmail, recordLogin, setPasswordHash, type UserRow } from "../users/users.ts";
import { ipNetwork } from "../http/ip.ts";
import { LOGIN_DEVICE_THROTTLE, issueDeviceCookie, trustedDevice } from "./device.ts";
import { sendMail } from "../mail/index.ts";
import { siteBase } from "../settings/context.ts";

/** Log-in attempts per IP per minute, whatever their outcome. */
export const LOGIN_IP_REQUESTS: Limit = { name: "login-ip", max: 30, windowSeconds: 60 };
/** Log-in attempts on one account from one IP per minute, whatever their outcome. */
export const LOGIN_PAIR_REQUESTS: Limit = { name: "login-account-ip", max: 10, windowSeconds: 60 };
/** Log-in attempts with one device cookie per minute, whatever their outcome. */
export const LOGIN_DEVICE_REQUESTS: Limit = { name: "login-device", max: 10, windowSeconds: 60 };
/** Failures on one account from one IP: 5 free, then 30 s, 60 s, 120 s… up to an hour. */
export const LOGIN_PAIR_THROTTLE: Throttle = { name: "login-fail-account-ip", freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };
/**
 * Untrusted attempts on one account from anywhere: 10 free, then 30 s, 60 s… up to an hour,
 * forgotten an hour after the last failure or lock. (A 15-minute memory would let a patient
 * guesser make 10 guesses every 15 minutes, 40 an hour.)
 */
export const LOGIN_ACCOUNT_THROTTLE: Throttle = { name: "login-fail-account", freeFailures: 10, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 3600 };
/** Failures from one IP (many accounts): 20 free, then 30 s, 60 s… up to an hour. */
export const LOGIN_IP_THROTTLE: Throttle = { name: "login-fail-ip", freeFailures: 20, baseDelaySeconds: 30, maxDelaySeconds: 3600, forgetAfterSeconds: 86_400 };
/** How long an address where the account signed in stays known. */
export const KNOWN_ADDRESS_DAYS = 90;

/** Forgets an account's failures from every address (after its owner proved the mailbox). */
export async function clearAccountFailures(q: Queryable, email: string): Promise<void> {
  await clearFailuresStartingWith(q, LOGIN_PAIR_THROTTLE, `${normalizeEmail(email)}|`);
  await clearFailures(q, LOGIN_ACCOUNT_THROTTLE, normalizeEmail(email));
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

export interface PasswordLoginMeta extends RequestMeta {
  /** The request's Cookie header (the device cookie). */
  cookie?: string | null;
  /** Whether the request came over https (the device cookie is then Secure). */
  https?: boolean;
  /** The site's origin, for the link in the owner's e-mail. */
  origin?: string;
  /** Runs work after the answer (Netlify's context.waitUntil); awaited in place when absent. */
  later?: (work: Promise<unknown>) => void;
}

/** Opens a session for a user who has just proven who they are (password or Google). */
export async function startSession(q: Queryable, user: UserRow, meta: RequestMeta): Promise<LoginAnswer> {
  const role = await applyConfiguredAdmin(q, user);
  await recordLogin(q, user.id);
  const { token } = await createSession(q, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  return { token, user: { email: user.email, name: displayName(user), role } };
}

/** Whether the account has signed in from this network within KNOWN_ADDRESS_DAYS. */
async function knownAddress(q: Queryable, email: string, network: string): Promise<boolean> {
  const r = await q.query<{ ip: string }>(
    `SELECT DISTINCT s.ip FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE u.email = $1 AND s.ip IS NOT NULL AND s.created_at > now() - make_interval(days => $2)
      LIMIT 200`,
    [email, KNOWN_ADDRESS_DAYS],
  );
  return r.rows.some((row) => ipNetwork(row.ip) === network);
}

/** Tells the account's owner, once when the brake starts, that someone is guessing its password. */
export async function mailBrakeStarted(q: Queryable, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(q, email);
  if (!user) return;
  const reset = `${siteBase(origin)}/resetpswd`;
  await sendMail(q, {
    to: user.email,
    subject: "Someone is trying to log in to your account",
    kind: "login-brake",
    text: [
      `Someone has just tried ${LOGIN_ACCOUNT_THROTTLE.freeFailures} wrong passwords for your Coastal Marine account, from devices that have never signed in to it.`,
      "",
      "From now on every further try from a new device waits longer. Browsers you have signed in with before are not affected: log in there as usual.",
      "",
      "If this was you, there is nothing to do. If not, your password is safe as long as it is not easy to guess; to change it, use:",
      reset,
    ].join("\n"),
  });
}

/** What a password log-in gives: the answer, and the device cookie to set (Set-Cookie). */
export interface PasswordLogin {
  answer: LoginAnswer;
  deviceCookie: string;
}

export async function logIn(q: Queryable, input: { email: string; password: string }, meta: PasswordLoginMeta): Promise<PasswordLogin> {
  const email = normalizeEmail(input.email);
  // Per network: an IPv6 client's whole /64 is one subject (src/server/http/ip.ts).
  const network = ipNetwork(meta.ip);
  const pair = `${email}|${network}`;
  const device = await trustedDevice(q, email, meta.cookie);
  let reserved = false;
  if (device) {
    await enforce(q, scaled(LOGIN_DEVICE_REQUESTS), device);
  } else {
    await enforce(q, scaled(LOGIN_IP_REQUESTS), network);
    await enforce(q, scaled(LOGIN_PAIR_REQUESTS), pair);
    await checkThrottle(q, LOGIN_IP_THROTTLE, network);
    await checkThrottle(q, LOGIN_PAIR_THROTTLE, pair);
    if (!(await knownAddress(q, email, network))) {
      const { failures } = await reserveAttempt(q, LOGIN_ACCOUNT_THROTTLE, email);
      reserved = true;
      // Exactly one attempt sees the count reach the limit (the statement is atomic).
      if (failures === LOGIN_ACCOUNT_THROTTLE.freeFailures) {
        const mail = mailBrakeStarted(q, email, meta.origin ?? "");
        if (meta.later) meta.later(mail);
        else await mail.catch(() => {}); // a mail that fails is retried by the mail job, never the log-in
      }
    }
  }

  const user = await findUserByEmail(q, email);
  const ok = user?.password_hash ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
  if (!user || !ok) {
    if (device) {
      await recordFailure(q, LOGIN_DEVICE_THROTTLE, device);
    } else {
      await recordFailure(q, LOGIN_PAIR_THROTTLE, pair);
      await recordFailure(q, LOGIN_IP_THROTTLE, network);
    }
    throw new HttpError(401, LOGIN_FAILED);
  }
  if (reserved) await refundAttempt(q, LOGIN_ACCOUNT_THROTTLE, email);
  if (device) await clearFailures(q, LOGIN_DEVICE_THROTTLE, device);
  else await clearFailures(q, LOGIN_PAIR_THROTTLE, pair);
  // Hashes made with an older, cheaper cost are upgraded while the password is at hand.
  if (user.password_hash && needsRehash(user.password_hash)) await setPasswordHash(q, user.id, await hashPassword(input.password));
  const answer = await startSession(q, user, meta);
  return { answer, deviceCookie: await issueDeviceCookie(email, meta.https ?? false) };
}
