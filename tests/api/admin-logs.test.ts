import { beforeAll, describe, expect, it } from "vitest";
import { useTestDb } from "../helpers/db.ts";
import { call } from "../helpers/http.ts";
import { userWithSession } from "../helpers/auth.ts";
import logsRaw from "../../functions/admin-logs.ts";

const db = useTestDb();
let admin: string;

/** A fixed-offset zone where it is now about midday, so "now minus five hours" is still today. */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
const tz = middayZone();

async function seed(rows: [tsSql: string, level: string, source: string, message: string][]) {
  for (const [ts, level, source, message] of rows)
    await db().query(`INSERT INTO log (ts, level, source, message) VALUES (${ts}, $1, $2, $3)`, [level, source, message]);
}

async function lines(query: string) {
  const r = await call(logsRaw, "GET", `/api/admin/logs/raw?${query}`, { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.json.data.data as string[];
}
const messages = (ls: string[]) => ls.map((l) => l.replace(/^\[[^\]]+\]\[[A-Z]+\]\[[^\]]+\] /, ""));

beforeAll(async () => {
  admin = (await userWithSession(db(), { role: "admin" })).token;
  await seed([
    ["now() - interval '5 hours'", "INFO", "/api/public/contact", "five hours ago"],
    ["now() - interval '2 hours'", "WARN", "/api/auth/in", "two hours ago"],
    ["now() - interval '30 minutes'", "ERROR", "/api/public/contact", "Zoho lead creation failed: 100% timeout"],
    ["now() - interval '2 minutes'", "DEBUG", "/api/admin/query", "two minutes ago"],
    ["'2024-05-01T00:30:00Z'", "INFO", "/api/a", "may first 00:30Z"],
    ["'2024-05-01T10:00:00Z'", "INFO", "/api/a", "may first 10:00Z"],
    ["'2024-05-01T23:00:00Z'", "ERROR", "/api/b", "may first 23:00Z"],
    ["'2024-05-01T23:57:00Z'", "WARN", "/api/b", "may first 23:57Z"],
    ["'2024-05-01T23:59:30Z'", "DEBUG", "/api/b", "may first 23:59:30Z"],
    ["'2024-05-02T02:00:00Z'", "INFO", "/api/c", "may second 02:00Z"],
  ]);
});

describe("GET /api/admin/logs/raw on today's entries", () => {
  it.each([
    // Default range is one hour.
    ["", ["Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    ["range=5m", ["two minutes ago"]],
    ["range=1h", ["Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    ["range=4h", ["two hours ago", "Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    ["range=1d", ["five hours ago", "two hours ago", "Zoho lead creation failed: 100% timeout", "two minutes ago"]],
  ])("applies the range (%s), newest last", async (range, expected) => {
    expect(messages(await lines(`tz=${encodeURIComponent(tz)}&${range}`))).toEqual(expected);
  });

  it("formats lines as [timestamp][LEVEL][source] message", async () => {
    const [line] = await lines(`tz=${encodeURIComponent(tz)}&range=5m`);
    expect(line).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\]\[DEBUG\]\[\/api\/admin\/query\] two minutes ago$/);
  });

  it.each([
    ["tail=1", ["two minutes ago"]],
    ["tail=2", ["Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    // Spec §5: a line count that is not a number falls back to 50.
    ["tail=abc", ["five hours ago", "two hours ago", "Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    ["tail=", ["five hours ago", "two hours ago", "Zoho lead creation failed: 100% timeout", "two minutes ago"]],
    ["tail=-3", ["five hours ago", "two hours ago", "Zoho lead creation failed: 100% timeout", "two minutes ago"]],
  ])("keeps the newest lines of the window (%s)", async (tail, expected) => {
    expect(messages(await lines(`tz=${encodeURIComponent(tz)}&range=1d&${tail}`))).toEqual(expected);
  });

  it.each([
    ["zoho", ["Zoho lead creation failed: 100% timeout"]],
    // Matches the source path and the level too, case-insensitively.
    ["%2Fapi%2Fauth", ["two hours ago"]],
    ["error", ["Zoho lead creation failed: 100% timeout"]],
    // % and _ are literal characters, not wildcards.
    ["100%25", ["Zoho lead creation failed: 100% timeout"]],
    ["two_", []],
    ["nothing-like-this", []],
  ])("filters by text (grep=%s)", async (grep, expected) => {
    expect(messages(await lines(`tz=${encodeURIComponent(tz)}&range=1d&grep=${grep}`))).toEqual(expected);
  });

  it("combines grep, tail and range", async () => {
    expect(messages(await lines(`tz=${encodeURIComponent(tz)}&range=4h&grep=ago&tail=1`))).toEqual(["two minutes ago"]);
  });
});

describe("GET /api/admin/logs/raw on a past day", () => {
  it.each([
    ["range=1d", ["may first 00:30Z", "may first 10:00Z", "may first 23:00Z", "may first 23:57Z", "may first 23:59:30Z"]],
    // On a past day the range ends at midnight.
    ["range=1h", ["may first 23:00Z", "may first 23:57Z", "may first 23:59:30Z"]],
    ["range=5m", ["may first 23:57Z", "may first 23:59:30Z"]],
    ["range=1d&tail=2", ["may first 23:57Z", "may first 23:59:30Z"]],
    ["range=1d&grep=%2Fapi%2Fb&tail=2", ["may first 23:57Z", "may first 23:59:30Z"]],
  ])("selectedDate=2024-05-01 in UTC, %s", async (q, expected) => {
    expect(messages(await lines(`selectedDate=2024-05-01&tz=UTC&${q}`))).toEqual(expected);
  });

  it("takes the day's boundaries in the given time zone", async () => {
    // 2024-05-01 in Florida runs from 04:00Z to 04:00Z the next day (daylight saving time).
    const r = await call(logsRaw, "GET", "/api/admin/logs/raw?selectedDate=2024-05-01&tz=America%2FNew_York&range=1d", { token: admin });
    expect(messages(r.json.data.data)).toEqual(["may first 10:00Z", "may first 23:00Z", "may first 23:57Z", "may first 23:59:30Z", "may second 02:00Z"]);
    expect(r.json.data.from).toBe("2024-05-01T04:00:00.000Z");
    expect(r.json.data.to).toBe("2024-05-02T04:00:00.000Z");
  });

  it("answers an empty list for a day without entries", async () => {
    expect(await lines("selectedDate=2023-01-01&range=1d")).toEqual([]);
  });
});

describe("GET /api/admin/logs/raw input checks", () => {
  it.each([
    ["range=2h", "range"],
    ["selectedDate=2024-13-01", "selectedDate"],
    ["selectedDate=2024-02-30", "selectedDate"],
    ["selectedDate=01%2F05%2F2024", "selectedDate"],
    ["tz=Mars%2FOlympus", "tz"],
    [`grep=${"x".repeat(201)}`, "grep"],
    // Issue 24: values Postgres refuses (a 500/503 before) are the caller's mistake, named.
    ["selectedDate=0000-01-01", "selectedDate"],
    ["selectedDate=1999-12-31", "selectedDate"],
    ["tz=US%2FPacific-New", "tz"],
    ["grep=%00", "grep"],
    ["grep=a%00b", "grep"],
    ["grep=%1B%5B31m", "grep"],
  ])("answers 400 for %s", async (q, field) => {
    const r = await call(logsRaw, "GET", `/api/admin/logs/raw?${q}`, { token: admin });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: false, field });
  });

  it("refuses other methods", async () => {
    expect((await call(logsRaw, "POST", "/api/admin/logs/raw", { token: admin, body: {} })).status).toBe(405);
  });

  it("takes the edges of the accepted days and canonical zones Intl does not list (UTC, Etc/GMT+5)", async () => {
    for (const q of ["selectedDate=2000-01-01&tz=UTC", "selectedDate=2100-12-31&tz=Etc%2FGMT%2B5", "tz=Asia%2FCalcutta"]) {
      const r = await call(logsRaw, "GET", `/api/admin/logs/raw?${q}`, { token: admin });
      expect(r.status, `${q}: ${r.text}`).toBe(200);
    }
  });
});

describe("log lines with control characters (issue 24)", () => {
  it("are stored with the characters escaped, and shown", async () => {
    const { createLogger } = await import("../../src/server/logs/logger.ts");
    const log = createLogger("/api/test-nul", undefined, async () => db());
    log.warn("name was a\u0000b\u0007c\ttab");
    await log.flush();
    const stored = await db().query<{ message: string }>("SELECT message FROM log WHERE source = '/api/test-nul'");
    expect(stored.rows.map((r) => r.message)).toEqual(["name was a\\u0000b\\u0007c\ttab"]);
  });
});
