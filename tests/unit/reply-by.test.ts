import { describe, expect, it } from "vitest";
import { replyBy, replyByText } from "../../src/lib/reply-by";
import site from "../../content/site.json" with { type: "json" };

const hours = site.hours;
/** Cape Coral wall time → instant, for readable cases (EST is UTC-5 in these weeks, EDT UTC-4). */
const at = (iso: string) => new Date(iso);

describe("replyBy: one business day of the published office hours", () => {
  it.each([
    // Friday evening: nobody is in until Monday 8:00, so the promise runs out Monday at closing.
    ["Friday evening", "2026-11-27T19:30:00-05:00", "2026-11-30T17:00:00-05:00"],
    // Saturday: the same.
    ["Saturday", "2026-11-28T10:00:00-05:00", "2026-11-30T17:00:00-05:00"],
    // Before opening on a working day: that day's hours are the business day.
    ["Tuesday before opening", "2026-12-01T06:15:00-05:00", "2026-12-01T17:00:00-05:00"],
    // During the day: seven hours that day, the other two the next morning.
    ["Tuesday 10:00", "2026-12-01T10:00:00-05:00", "2026-12-02T10:00:00-05:00"],
    // Friday at 15:00: two hours Friday, seven more on Monday.
    ["Friday 15:00", "2026-11-27T15:00:00-05:00", "2026-11-30T15:00:00-05:00"],
    // Across the spring change of clocks (Sunday 8 March 2026): Monday 17:00 is EDT.
    ["Friday night before DST", "2026-03-06T22:00:00-05:00", "2026-03-09T17:00:00-04:00"],
  ])("%s", (_case, received, due) => {
    expect(replyBy(at(received), hours)?.toISOString()).toBe(at(due).toISOString());
  });

  it("has no answer for hours that describe no working time", () => {
    expect(replyBy(new Date(), { days: [], opens: "08:00", closes: "17:00" })).toBeNull();
    expect(replyBy(new Date(), { days: ["Monday"], opens: "17:00", closes: "08:00" })).toBeNull();
  });
});

describe("replyByText", () => {
  const friday = at("2026-11-27T19:30:00-05:00");
  it.each([
    ["en", friday, "by 5:00 PM on Monday, November 30"],
    ["es", friday, "el lunes 30 de noviembre, antes de las 5:00 p.m."],
    ["en", at("2026-12-01T10:00:00-05:00"), "tomorrow (Wednesday) by 10:00 AM"],
    ["en", at("2026-12-01T06:15:00-05:00"), "today by 5:00 PM"],
  ] as const)("%s, received %s: %s", (locale, received, text) => {
    expect(replyByText(replyBy(received, hours)!, received, locale)).toBe(text);
  });
});
