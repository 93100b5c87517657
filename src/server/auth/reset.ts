/**
 * Password reset by one-time link (decision 3): 32 random bytes, only their SHA-256 stored,
 * valid 30 minutes, single use; using it sets the new password and revokes every session.
 * The request answers the same whether or not the account exists.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable, Db } from "../db/index.ts";
import { badRequest } from "../http/errors.ts";
import { enforce, type Limit } from "../rate-limit/index.ts";
import { scaled } from "./limits.ts";
import { sendMail } from "../mail/index.ts";
import { hashPassword } from "./password.ts";
import { refusePassword } from "./password-policy.ts";
import { revokeAllSessions } from "./sessions.ts";
import { clearAccountFailures } from "./login.ts";
import { findUserByEmail, markEmailVerified, normalizeEmail, setPasswordHash } from "../users/users.ts";
import { siteBase } from "../settings/context.ts";
import { ipNetwork } from "../http/ip.ts";

/** Reset requests per IP per hour. */
export const RESET_IP: Limit = { name: "reset-ip", max: 10, windowSeconds: 3600 };
/** Reset requests per e-mail per hour (counted whether or not the account exists). */
export const RESET_EMAIL: Limit = { name: "reset-email", max: 3, windowSeconds: 3600 };
/** New-password submissions per IP per hour. */
export const NEW_PASSWORD_IP: Limit = { name: "newpswd-ip", max: 20, windowSeconds: 3600 };

export const RESET_TTL_MINUTES = 30;
export const RESET_SENT = `If an account exists for this e-mail, a link to choose a new password is on its way. It works once, for ${RESET_TTL_MINUTES} minutes.`;
export const RESET_LINK_DEAD = "This reset link has expired or was already used. Please ask for a new one.";
export const PASSWORD_CHANGED = "Your password has been changed. Please log in.";

export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Asks for a reset link. The answer is the same, and comes in the same time, whether or not the
 * account exists: only the rate limits run before it; finding the account, storing the link and
 * mailing it happen after the answer (`later`, Netlify's context.waitUntil), so no timing tells
 * a stranger which addresses have an account.
 */
export async function requestReset(
  db: Db,
  input: { email: string },
  meta: { ip: string; origin: string },
  later: (work: Promise<unknown>) => void,
): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforce(db, scaled(RESET_IP), ipNetwork(meta.ip));
  await enforce(db, scaled(RESET_EMAIL), email);
  // Started after this turn of the event loop, so nothing of it runs before the answer is made.
  later(new Promise((r) => setImmediate(r)).then(() => mailResetLink(db, email, meta)));
}

/** The account's new one-time link, stored and mailed (nothing for an unknown address). */
export async function mailResetLink(db: Db, email: string, meta: { ip: string; origin: string }): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await db.tx(async (q) => {
    // Only the newest link works.
    await q.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [user.id]);
    await q.query(
      "INSERT INTO password_resets (user_id, token_hash, expires_at, ip) VALUES ($1, $2, now() + make_interval(mins => $3), $4)",
      [user.id, hashResetToken(token), RESET_TTL_MINUTES, meta.ip],
    );
  });
  // The token travels in the fragment, so it never reaches server logs or a Referer header.
  const link = `${siteBase(meta.origin)}/newpswd#token=${token}`;
  await sendMail(db, {
    to: user.email,
    subject: "Choose a new password",
    kind: "password-reset",
    text: [
      "Someone (hopefully you) asked to reset the password of your Coastal Marine account.",
      "",
      `Choose a new password here (the link works once, for ${RESET_TTL_MINUTES} minutes):`,
      link,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked to reset the password of your Coastal Marine account.</p>
<p><a href="${link}">Choose a new password</a> (the link works once, for ${RESET_TTL_MINUTES} minutes).</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  });
}

/** Uses a reset link: checks it, sets the password, revokes every session, tells the owner. */
export async function completeReset(db: Db, input: { token: string; password: string }, meta: { ip: string }): Promise<void> {
  await enforce(db, scaled(NEW_PASSWORD_IP), ipNetwork(meta.ip));
  const email = await db.tx(async (q: Queryable) => {
    const r = await q.query<{ id: string; user_id: string; email: string }>(
      `SELECT pr.id, pr.user_id, u.email FROM password_resets pr JOIN users u ON u.id = pr.user_id
        WHERE pr.token_hash = $1 AND pr.used_at IS NULL AND pr.expires_at > now() FOR UPDATE OF pr`,
      [hashResetToken(input.token)],
    );
    const row = r.rows[0];
    if (!row) throw badRequest(RESET_LINK_DEAD, "token");
    refusePassword(input.password, [row.email]);
    await q.query("UPDATE password_resets SET used_at = now() WHERE id = $1", [row.id]);
    await setPasswordHash(q, row.user_id, await hashPassword(input.password));
    await revokeAllSessions(q, row.user_id);
    // Whoever opened the link reads that mailbox.
    await markEmailVerified(q, row.user_id);
    await clearAccountFailures(q, row.email);
    return row.email;
  });
  await sendMail(db, {
    to: email,
    subject: "Your password was changed",
    kind: "password-changed",
    text: "The password of your Coastal Marine account was just changed and every device was signed out.\nIf this was not you, reset your password at once and contact us.",
  });
}
