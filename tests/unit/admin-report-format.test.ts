// How the reports write business durations, the office's days and a source's name in Hebrew (issue 28).
import { describe, expect, it } from "vitest";
import { formatDays, formatDuration, sourceName } from "../../src/islands/admin/report-format.ts";

describe("formatDuration", () => {
  it.each([
    [0, "פחות מדקה"],
    [29, "פחות מדקה"],
    [45 * 60, "45 דק׳"],
    [3600, "1 שע׳"],
    [2 * 3600 + 15 * 60, "2 שע׳ ו-15 דק׳"],
    // Minutes are rounded, and 59.5 minutes are an hour.
    [3570, "1 שע׳"],
    [1234 * 3600, "1,234 שע׳"],
  ])("%i seconds: %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("formatDays", () => {
  it("a run of days from its first to its last", () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe("מיום שני עד יום שישי");
  });
  it("other days as a list", () => {
    expect(formatDays([1, 3])).toBe("יום שני ויום רביעי");
    expect(formatDays([1, 2, 4])).toBe("יום שני, יום שלישי ויום חמישי");
  });
});

describe("sourceName", () => {
  it("UTM tags with a dash for a missing one; buckets in Hebrew", () => {
    expect(sourceName("utm", { keys: ["google", null, "docks"], special: null })).toBe("google / — / docks");
    expect(sourceName("utm", { keys: [null, null, null], special: "none" })).toBe("ללא תגיות UTM");
    expect(sourceName("referrer", { keys: [null], special: "direct" })).toBe("ישירה (ללא אתר מפנה)");
    expect(sourceName("referrer", { keys: [null], special: "internal" })).toBe("מעבר בתוך האתר");
    expect(sourceName("page", { keys: ["/contact"], special: null })).toBe("/contact");
  });
});
