import { describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { withBackground } from "../helpers/leads.ts";
import { freshEmail, userWithPassword } from "../helpers/accounts.ts";
import resetFn from "../../functions/auth-resetpswd.ts";
import newFn from "../../functions/auth-newpswd.ts";
import authIn from "../../functions/auth-in.ts";
import authCheck from "../../functions/auth-check.ts";
import { RESET_LINK_DEAD, RESET_SENT, hashResetToken, requestReset } from "../../src/server/auth/reset.ts";

const db = useTestDb();
let ipN = 0;
const freshIp = () => `203.0.113.${++ipN}`;

async function requestLink(email: string) {
  // The link is made and mailed after the answer (context.waitUntil): wait for that work too.
  const bg = withBackground(resetFn);
  const r = await call(bg.fn, "POST", "/api/auth/resetpswd", { body: { email }, ip: freshIp() });
  await bg.settle();
  const mail = await db().query<{ text_body: string; to_address: string }>(
    "SELECT text_body, to_address FROM outbox WHERE kind = 'password-reset' AND to_address = $1 ORDER BY id DESC LIMIT 1",
    [email.toLowerCase()],
  );
  const token = /\/newpswd#token=([\w-]{43})/.exec(mail.rows[0]?.text_body ?? "")?.[1];
  return { r, token, mail: mail.rows[0] };
}
const choose = (token: string, password: string) => call(newFn, "POST", "/api/auth/newpswd", { body: { token, password }, ip: freshIp() });
const login = (email: string, password: string) => call(authIn, "POST", "/api/auth/in", { body: { email, password }, ip: freshIp() });

describe("password reset by one-time link", () => {
  it("mails a link that sets the new password once and revokes every session", async () => {
    const u = await userWithPassword(db());
    const session = (await login(u.email, u.password)).json.data.token;
    const { r, token, mail } = await requestLink(u.email);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, message: RESET_SENT });
    expect(mail.to_address).toBe(u.email);
    expect(mail.text_body).toContain("http://localhost:8888/newpswd#token=");
    expect(token).toBeTruthy();
    // Only the hash is stored.
    const stored = await db().query<{ token_hash: string }>("SELECT token_hash FROM password_resets WHERE user_id = $1", [u.id]);
    expect(stored.rows[0].token_hash).toBe(hashResetToken(token!));
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const done = await choose(token!, "a brand new passphrase");
    expect(done.status).toBe(200);
    expect(done.json.status).toBe(true);
    expect((await call(authCheck, "GET", "/api/auth/check", { token: session })).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    expect((await login(u.email, "a brand new passphrase")).status).toBe(200);
    const notice = await db().query("SELECT 1 FROM outbox WHERE kind = 'password-changed' AND to_address = $1", [u.email]);
    expect(notice.rows).toHaveLength(1);
  });

  it("refuses a reused link", async () => {
    const u = await userWithPassword(db());
    const { token } = await requestLink(u.email);
    expect((await choose(token!, "first new passphrase")).status).toBe(200);
    const again = await choose(token!, "second new passphrase");
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(RESET_LINK_DEAD);
  });

  it("refuses an expired link (older than 30 minutes)", async () => {
    const u = await userWithPassword(db());
    const { token } = await requestLink(u.email);
    await db().query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    const r = await choose(token!, "too late passphrase");
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(RESET_LINK_DEAD);
  });

  it("stores links valid for 30 minutes, and only the newest link works", async () => {
    const u = await userWithPassword(db());
    const first = (await requestLink(u.email)).token!;
    const second = (await requestLink(u.email)).token!;
    const ttl = await db().query<{ m: number }>("SELECT EXTRACT(EPOCH FROM (expires_at - created_at))::float8 / 60 AS m FROM password_resets WHERE token_hash = $1", [hashResetToken(second)]);
    expect(Math.round(Number(ttl.rows[0].m))).toBe(30);
    expect((await choose(first, "older link passphrase")).status).toBe(400);
    expect((await choose(second, "newer link passphrase")).status).toBe(200);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const email = freshEmail("nobody");
    const { r, mail } = await requestLink(email);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, message: RESET_SENT });
    expect(mail).toBeUndefined();
  });

  it("keeps the link usable when the new password is refused", async () => {
    const u = await userWithPassword(db());
    const { token } = await requestLink(u.email);
    const weak = await choose(token!, "12345678");
    expect(weak.status).toBe(400);
    expect(weak.json.field).toBe("password");
    expect((await choose(token!, "a strong replacement")).status).toBe(200);
  });

  it.each([
    ["a made-up token", { token: "A".repeat(43), password: "whatever passphrase" }],
    ["a malformed token", { token: "short", password: "whatever passphrase" }],
    ["no token", { password: "whatever passphrase" }],
  ])("refuses %s with 400", async (_case, body) => {
    const r = await call(newFn, "POST", "/api/auth/newpswd", { body, ip: freshIp() });
    expect(r.status).toBe(400);
    expect(r.json.status).toBe(false);
  });

  it("a reset proves the mailbox, so ADMIN_EMAIL becomes admin at the next log-in", async () => {
    const u = await userWithPassword(db(), { email: freshEmail("owner") });
    process.env.ADMIN_EMAIL = u.email;
    try {
      expect((await login(u.email, u.password)).json.data.user.role).toBe("user");
      const { token } = await requestLink(u.email);
      await choose(token!, "owner's new passphrase");
      expect((await login(u.email, "owner's new passphrase")).json.data.user.role).toBe("admin");
    } finally {
      delete process.env.ADMIN_EMAIL;
    }
  });
});

describe("asking for a reset link", () => {
  it("answers before anything about the account is looked up or written: the same for an account and for none", async () => {
    const u = await userWithPassword(db());
    for (const email of [u.email, freshEmail("nobody")]) {
      const held: Promise<unknown>[] = [];
      // The answer is ready here; the work it left for later has not touched the database yet.
      await requestReset(db(), { email }, { ip: freshIp(), origin: "http://localhost:8888" }, (w) => held.push(w));
      expect(held).toHaveLength(1);
      const links = () => db().query("SELECT 1 FROM password_resets pr JOIN users u ON u.id = pr.user_id WHERE u.email = $1", [email]);
      expect((await links()).rowCount).toBe(0);
      await Promise.all(held);
      expect((await links()).rowCount).toBe(email === u.email ? 1 : 0);
    }
  });
});
