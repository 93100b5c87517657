import { describe, expect, it } from "vitest";
import { localDate, parseLogLine, tailOrDefault } from "../../src/islands/admin/log-line.ts";

describe("parseLogLine", () => {
  it("reads the four parts of a known line", () => {
    expect(parseLogLine("[2025-06-01T12:00:00.000Z][ERROR][/api/public/contact] Zoho lead creation failed: [x]")).toEqual({
      ts: "2025-06-01T12:00:00.000Z",
      level: "ERROR",
      source: "/api/public/contact",
      message: "Zoho lead creation failed: [x]",
    });
  });

  it.each(["INFO", "DEBUG", "ERROR", "WARN"])("keeps %s lines", (level) => {
    expect(parseLogLine(`[t][${level}][/s] m`)?.level).toBe(level);
  });

  // Spec §3: lines without one of the four level tags are hidden.
  it.each(["[t][TRACE][/s] m", "[t][info][/s] m", "plain text", "", "[t][/s] m"])("hides %j", (line) => {
    expect(parseLogLine(line)).toBeNull();
  });
});

describe("tailOrDefault", () => {
  it.each([
    ["50", 50],
    ["7", 7],
    ["", 50],
    ["abc", 50],
    ["0", 50],
    ["-5", 50],
    ["2.5", 50],
  ])("%j → %i", (input, n) => {
    expect(tailOrDefault(input)).toBe(n);
  });
});

describe("localDate", () => {
  it("writes the local calendar date as YYYY-MM-DD", () => {
    expect(localDate(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
  });
});
