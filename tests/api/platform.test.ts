import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { handle } from "../../src/server/http/handler.ts";
import { readJson } from "../../src/server/http/validate.ts";
import { json } from "../../src/server/http/response.ts";
import { hit } from "../../src/server/rate-limit/index.ts";
import { sendMail } from "../../src/server/mail/index.ts";
import { createLogger, pruneLogs } from "../../src/server/logs/logger.ts";
import { requireAdmin } from "../../src/server/auth/guard.ts";
import { userWithSession } from "../helpers/auth.ts";
import { signSessionToken } from "../../src/server/auth/tokens.ts";

const db = useTestDb();

const echo = handle(
  "/api/test/echo",
  async (req, { log }) => {
    const body = await readJson(req, z.object({ name: z.string().min(1).max(20) }).strict(), 64);
    log.info(`echo ${body.name}`);
    return json({ status: true, data: body });
  },
  ["POST"],
);

describe("http handler", () => {
  it.each([
    ["malformed JSON", "{nope", 400],
    ["wrong type", { name: 5 }, 400],
    ["missing field", {}, 400],
    ["unknown field", { name: "a", extra: 1 }, 400],
    ["oversized body", { name: "x".repeat(100) }, 413],
  ])("answers %s with a clear 4xx", async (_case, body, status) => {
    const r = await call(echo, "POST", "/api/test/echo", { body });
    expect(r.status).toBe(status);
    expect(r.json.status).toBe(false);
    expect(typeof r.json.message).toBe("string");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a good body, sets a request id and stores the log line", async () => {
    const r = await call(echo, "POST", "/api/test/echo", { body: { name: "dock" } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: true, data: { name: "dock" } });
    const rid = r.headers.get("x-request-id");
    expect(rid).toBeTruthy();
    const logs = await db().query("SELECT level, source, message FROM log WHERE request_id = $1", [rid]);
    expect(logs.rows).toEqual([{ level: "INFO", source: "/api/test/echo", message: "echo dock" }]);
  });

  it("refuses other methods with 405", async () => {
    expect((await call(echo, "GET", "/api/test/echo")).status).toBe(405);
  });

  it("hides unexpected errors behind a 500 without detail", async () => {
    const boom = handle("/api/test/boom", async () => {
      throw new Error("secret internals");
    });
    const r = await call(boom, "GET", "/api/test/boom");
    expect(r.status).toBe(500);
    expect(r.text).not.toContain("secret internals");
  });
});

describe("rate limit", () => {
  it("allows max hits per window, then answers with a retry time", async () => {
    const limit = { name: "t-limit", max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(db(), limit, "198.51.100.1"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfter).toBeGreaterThan(0);
    expect(results[3].retryAfter).toBeLessThanOrEqual(60);
    expect((await hit(db(), limit, "198.51.100.2")).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const limit = { name: "t-window", max: 1, windowSeconds: 60 };
    await hit(db(), limit, "a");
    await db().query("UPDATE rate_limit SET window_start = now() - interval '61 seconds' WHERE key = 't-window:a'");
    expect((await hit(db(), limit, "a")).allowed).toBe(true);
  });
});

describe("mail", () => {
  it("keeps every message in the outbox when no SMTP is configured", async () => {
    const r = await sendMail(db(), { to: "office@example.com", subject: "New lead", text: "hello", kind: "lead-notify" }, null);
    expect(r.delivered).toBe(true);
    const row = await db().query("SELECT to_address, subject, kind, sent_at FROM outbox WHERE id = $1", [r.id]);
    expect(row.rows[0]).toMatchObject({ to_address: "office@example.com", subject: "New lead", kind: "lead-notify" });
  });

  it("records a failed SMTP delivery for retry instead of dropping it", async () => {
    const smtp = { host: "127.0.0.1", port: 1, secure: false, requireTLS: true, from: "a@b.c" };
    const r = await sendMail(db(), { to: "x@example.com", subject: "s", text: "t" }, smtp);
    expect(r.delivered).toBe(false);
    const row = await db().query<{ sent_at: Date | null; attempts: number; last_error: string }>(
      "SELECT sent_at, attempts, last_error FROM outbox WHERE id = $1",
      [r.id],
    );
    expect(row.rows[0].sent_at).toBeNull();
    expect(row.rows[0].attempts).toBe(1);
    expect(row.rows[0].last_error).toBeTruthy();
  });
});

describe("logs retention", () => {
  it("deletes entries older than 30 days and keeps newer ones", async () => {
    const log = createLogger("/api/test/retention");
    log.warn("fresh");
    await log.flush();
    await db().query("INSERT INTO log (ts, level, source, message) VALUES (now() - interval '31 days', 'INFO', '/x', 'old')");
    expect(await pruneLogs(db())).toBeGreaterThanOrEqual(1);
    const left = await db().query<{ message: string }>("SELECT message FROM log WHERE source IN ('/x', '/api/test/retention')");
    expect(left.rows.map((r) => r.message)).toEqual(["fresh"]);
  });
});

describe("guard", () => {
  const admin = handle("/api/test/admin", async (req) => {
    const s = await requireAdmin(req);
    return json({ status: true, data: s.user.email });
  });

  it.each([
    ["no token", undefined, 401],
    ["garbage token", "abc.def.ghi", 401],
  ])("answers %s with %i", async (_c, token, status) => {
    expect((await call(admin, "GET", "/api/test/admin", { token })).status).toBe(status);
  });

  it("refuses a signed-in user with 403 and admits an admin", async () => {
    const u = await userWithSession(db());
    const a = await userWithSession(db(), { role: "admin" });
    expect((await call(admin, "GET", "/api/test/admin", { token: u.token })).status).toBe(403);
    const ok = await call(admin, "GET", "/api/test/admin", { token: a.token });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toBe(a.email);
  });

  it("refuses a revoked session and a token for an unknown session", async () => {
    const a = await userWithSession(db(), { role: "admin" });
    await db().query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [a.sessionId]);
    expect((await call(admin, "GET", "/api/test/admin", { token: a.token })).status).toBe(401);
    const forged = await signSessionToken(crypto.randomUUID(), new Date(Date.now() + 60_000));
    expect((await call(admin, "GET", "/api/test/admin", { token: forged })).status).toBe(401);
  });
});
