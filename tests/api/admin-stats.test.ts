import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import statsFn from "../../functions/admin-stats.ts";

const db = useTestDb();
let admin: { token: string; email: string; id: string };

/** A fixed-offset zone (Etc/GMT±N) whose local time is now between 11:00 and 13:00. */
const MIDDAY_ZONE = (() => {
  const ahead = ((12 - new Date().getUTCHours() + 36) % 24) - 12; // hours east of UTC, -12..11
  return ahead === 0 ? "UTC" : `Etc/GMT${ahead > 0 ? "-" : "+"}${Math.abs(ahead)}`; // POSIX names: east is "-"
})();
const stats = async (q = "") => {
  const r = await call(statsFn, "GET", `/api/admin/stats${q}`, { token: admin.token });
  expect(r.status, r.text).toBe(200);
  return r.json.data;
};

beforeAll(async () => {
  admin = await userWithSession(db(), { role: "admin", email: "admin@example.com" });
});

describe("GET /api/admin/stats", () => {
  it("counts what is in the database", async () => {
    const u1 = await userWithSession(db());
    const u2 = await userWithSession(db());
    await userWithSession(db());
    // One revoked, one expired: neither is active.
    await db().query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [u1.sessionId]);
    await db().query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1", [u2.sessionId]);
    // An old log-in does not count as today's.
    await db().query(
      "INSERT INTO sessions (user_id, created_at, expires_at) VALUES ($1, now() - interval '3 days', now() - interval '2 days')",
      [u1.id],
    );
    await db().query("INSERT INTO products (id, name) VALUES ('p-1', 'Dock bumper'), ('p-2', 'Boat lift remote')");
    const s = await stats("?tz=UTC");
    expect(s.products).toBe(2);
    expect(s.users).toBe(4);
    expect(s.activeSessions).toBe(2);
    const todayStart = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
    const openedToday = await db().query<{ n: string }>("SELECT count(*) AS n FROM sessions WHERE created_at >= $1", [todayStart]);
    expect(s.loginsToday).toBe(Number(openedToday.rows[0].n));
    expect(s.loginsToday).toBe(4);
  });

  it("reports no errors and no last error on a clean log", async () => {
    const s = await stats();
    expect(s.errors).toBe(0);
    expect(s.lastErrorAt).toBeNull();
  });

  it("counts errors in the selected range and the time of the last one", async () => {
    await db().query(`INSERT INTO log (ts, level, source, message) VALUES
      (now() - interval '2 minutes', 'ERROR', '/api/x', 'recent'),
      (now() - interval '3 minutes', 'WARN', '/api/x', 'not an error'),
      (now() - interval '90 minutes', 'ERROR', '/api/x', 'older'),
      ('2024-05-01T12:00:00Z', 'ERROR', '/api/x', 'long ago')`);
    // In a zone where it is mid-day now: the dashboard clips a range to the selected day, so in the
    // site's own zone a 4-hour window reaches back only to midnight (this failed every night from
    // 00:00 to 01:30 in Cape Coral, when the 90-minute-old error is yesterday's).
    expect((await stats(`?range=5m&tz=${encodeURIComponent(MIDDAY_ZONE)}`)).errors).toBe(1);
    expect((await stats(`?range=4h&tz=${encodeURIComponent(MIDDAY_ZONE)}`)).errors).toBe(2);
    expect((await stats("?range=1d&selectedDate=2024-05-01&tz=UTC")).errors).toBe(1);
    // The chart's figures: the window's entries by level, each level counted (0 when none).
    expect((await stats(`?range=5m&tz=${encodeURIComponent(MIDDAY_ZONE)}`)).levels).toEqual({ ERROR: 1, WARN: 1, INFO: expect.any(Number), DEBUG: expect.any(Number) });
    expect((await stats("?range=1d&selectedDate=2024-05-01&tz=UTC")).levels).toEqual({ ERROR: 1, WARN: 0, INFO: 0, DEBUG: 0 });
    const last = await db().query<{ ts: Date }>("SELECT max(ts) AS ts FROM log WHERE level = 'ERROR'");
    expect((await stats()).lastErrorAt).toBe(last.rows[0].ts.toISOString());
  });

  it("tells when an admin logged in today", async () => {
    const s = await stats("?tz=UTC");
    expect(s.adminLoginToday).toMatchObject({ email: "admin@example.com" });
    expect(Date.now() - Date.parse(s.adminLoginToday.at)).toBeLessThan(60_000);
  });

  it("answers null when no admin logged in today", async () => {
    await db().query("UPDATE sessions SET created_at = now() - interval '2 days' WHERE user_id = $1", [admin.id]);
    expect((await stats("?tz=UTC")).adminLoginToday).toBeNull();
  });

  it("refuses a bad range or date", async () => {
    expect((await call(statsFn, "GET", "/api/admin/stats?range=7d", { token: admin.token })).status).toBe(400);
    expect((await call(statsFn, "GET", "/api/admin/stats?selectedDate=yesterday", { token: admin.token })).status).toBe(400);
  });

  // Issue 24: values that passed the schema but Postgres refused (500/503 before), named in a 400.
  it.each([
    ["selectedDate=0000-01-01", "selectedDate"],
    ["selectedDate=2101-01-01", "selectedDate"],
    ["tz=US%2FPacific-New", "tz"],
    ["tz=%00", "tz"],
  ])("answers 400 naming the field for %s", async (q, field) => {
    const r = await call(statsFn, "GET", `/api/admin/stats?${q}`, { token: admin.token });
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ status: false, field });
    expect(r.json.message).toMatch(new RegExp(`^Invalid ${field}: `));
  });
});
