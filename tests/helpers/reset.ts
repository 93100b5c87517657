import { expect } from "vitest";
import type { Queryable } from "../../src/server/db/index.ts";
import { call } from "./http.ts";
import { withBackground } from "./leads.ts";
import resetFn from "../../functions/auth-resetpswd.ts";
import newFn from "../../functions/auth-newpswd.ts";

/** Asks for a reset link for `email`, reads it from the outbox and sets `password` with it. */
export async function newPasswordFromResetLink(q: Queryable, email: string, password: string): Promise<void> {
  const bg = withBackground(resetFn);
  expect((await call(bg.fn, "POST", "/api/auth/resetpswd", { body: { email }, ip: "192.0.2.200" })).status).toBe(200);
  await bg.settle();
  const mail = await q.query<{ text_body: string }>("SELECT text_body FROM outbox WHERE kind = 'password-reset' AND to_address = $1 ORDER BY id DESC LIMIT 1", [email.toLowerCase()]);
  const token = /\/newpswd#token=([\w-]{43})/.exec(mail.rows[0]?.text_body ?? "")?.[1];
  expect(token, `no reset link mailed to ${email}`).toBeTruthy();
  const r = await call(newFn, "POST", "/api/auth/newpswd", { body: { token, password }, ip: "192.0.2.200" });
  expect(r.status, r.text).toBe(200);
}
