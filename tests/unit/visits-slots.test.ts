// Issue 35, item 1: the visit slots are computed by Cape Coral's clock (America/New_York), so a
// visit keeps its wall-clock time across the November and March changes, and the settings decide
// which slots exist and which are free.
import { describe, expect, it } from "vitest";
import { addDays, isoWithOffset, offsetMinutes, wallClock, zonedInstant } from "../../src/lib/wall-clock.ts";
import { bookableDates, daySlots, freeSlots, officeSlot, reminderDue, slotProblem, type Busy } from "../../src/server/visits/slots.ts";
import { DEFAULT_VISIT_SETTINGS, SEED_ZIPS } from "../../src/server/visits/settings.ts";
import { visitSettingsSchema, type VisitSettings } from "../../src/lib/visit-schemas.ts";

const S: VisitSettings = DEFAULT_VISIT_SETTINGS;
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("Cape Coral's clock", () => {
  it.each([
    // [local date, local time, the instant, why]
    ["2026-10-30", 600, "2026-10-30T14:00:00.000Z", "a Friday before the November change (EDT, UTC-4)"],
    ["2026-11-02", 600, "2026-11-02T15:00:00.000Z", "the Monday after it (EST, UTC-5)"],
    ["2026-11-01", 90, "2026-11-01T05:30:00.000Z", "1:30 happens twice on Nov 1: its first time (EDT)"],
    ["2026-11-01", 180, "2026-11-01T08:00:00.000Z", "3:00 after the fall back (EST)"],
    ["2026-03-06", 600, "2026-03-06T15:00:00.000Z", "a Friday before the March change (EST)"],
    ["2026-03-09", 600, "2026-03-09T14:00:00.000Z", "the Monday after it (EDT)"],
    ["2026-03-08", 180, "2026-03-08T07:00:00.000Z", "3:00 right after clocks spring forward"],
    ["2026-03-08", 150, null, "2:30 does not exist on Mar 8"],
  ])("%s at minute %i is %s (%s)", (date, minutes, expected, _why) => {
    const t = zonedInstant(date, minutes);
    expect(iso(t)).toBe(expected);
    if (t) expect(wallClock(t)).toMatchObject({ date, minutes });
  });

  it("names its offset for Zoho's date-times", () => {
    expect(offsetMinutes(at("2026-07-01T12:00:00Z"))).toBe(-240);
    expect(offsetMinutes(at("2026-12-01T12:00:00Z"))).toBe(-300);
    expect(isoWithOffset(at("2026-11-02T15:00:00Z"))).toBe("2026-11-02T10:00:00-05:00");
    expect(isoWithOffset(at("2026-10-30T14:00:00Z"))).toBe("2026-10-30T10:00:00-04:00");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("a day's slots (weekdays 8:00-16:00, 60 min on site + 30 min to drive)", () => {
  it("follow one another every 90 minutes while the visit ends within the hours", () => {
    expect(daySlots(S, "2026-11-03").map((s) => s.time)).toEqual(["08:00", "09:30", "11:00", "12:30", "14:00"]);
    expect(daySlots(S, "2026-11-07")).toEqual([]); // a Saturday
  });

  it("keep their wall-clock times on both sides of the November change", () => {
    const before = daySlots(S, "2026-10-30").map((s) => s.start.toISOString());
    const after = daySlots(S, "2026-11-02").map((s) => s.start.toISOString());
    expect(before[0]).toBe("2026-10-30T12:00:00.000Z"); // 8:00 EDT
    expect(after[0]).toBe("2026-11-02T13:00:00.000Z"); // 8:00 EST
    expect(daySlots(S, "2026-11-02").map((s) => wallClock(s.start).minutes)).toEqual([480, 570, 660, 750, 840]);
  });

  it("keep their wall-clock times on both sides of the March change", () => {
    expect(daySlots(S, "2026-03-06")[0].start.toISOString()).toBe("2026-03-06T13:00:00.000Z"); // 8:00 EST
    expect(daySlots(S, "2026-03-09")[0].start.toISOString()).toBe("2026-03-09T12:00:00.000Z"); // 8:00 EDT
  });

  it("skip a time that does not exist, and take an hour that happens twice once", () => {
    const night: VisitSettings = { ...S, weekly: [{ day: 7, from: "01:00", to: "04:00" }], visitMinutes: 60, bufferMinutes: 0 };
    expect(daySlots(night, "2026-03-08").map((s) => s.time)).toEqual(["01:00", "03:00"]);
    const fall = daySlots(night, "2026-11-01");
    expect(fall.map((s) => s.time)).toEqual(["01:00", "02:00", "03:00"]);
    expect(fall.map((s) => s.start.toISOString())).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T07:00:00.000Z", "2026-11-01T08:00:00.000Z"]);
  });

  it("take several ranges a day (a lunch break) and none on a day off", () => {
    const split: VisitSettings = { ...S, weekly: [{ day: 2, from: "13:00", to: "15:00" }, { day: 2, from: "08:00", to: "11:00" }], daysOff: [{ date: "2026-11-10", label: "Veterans Day" }] };
    expect(daySlots(split, "2026-11-03").map((s) => s.time)).toEqual(["08:00", "09:30", "13:00"]);
    expect(daySlots(split, "2026-11-10")).toEqual([]);
  });
});

describe("free slots and the booking window", () => {
  // Monday 2026-10-26, 15:00 in Cape Coral.
  const now = at("2026-10-26T19:00:00Z");

  it("start at today + 2 days and end at today + 21, by the local date", () => {
    const dates = bookableDates(S, now);
    expect(dates[0]).toBe("2026-10-28");
    expect(dates.at(-1)).toBe("2026-11-16");
    // Late on Monday evening in Cape Coral is already Tuesday in UTC: the window is still Monday's.
    expect(bookableDates(S, at("2026-10-27T03:30:00Z"))[0]).toBe("2026-10-28");
  });

  it("leave out a booked visit's time and buffer, and a day that is full", () => {
    const slots = daySlots(S, "2026-11-03");
    const busy: Busy[] = [{ start: slots[1].start, blockedUntil: slots[1].blockedUntil, date: "2026-11-03" }];
    const free = freeSlots(S, now, busy).filter((s) => s.date === "2026-11-03");
    expect(free.map((s) => s.time)).toEqual(["08:00", "11:00", "12:30", "14:00"]);
    // A visit the office put at 10:00 (off the grid) blocks 09:30 and 11:00 too (10:00-11:30).
    const office = officeSlot(S, "2026-11-03", "10:00")!;
    expect(freeSlots(S, now, [{ ...office, date: "2026-11-03" }]).filter((s) => s.date === "2026-11-03").map((s) => s.time)).toEqual(["08:00", "12:30", "14:00"]);
    const four = slots.slice(0, 4).map((s) => ({ start: s.start, blockedUntil: s.blockedUntil, date: s.date }));
    expect(freeSlots(S, now, four).some((s) => s.date === "2026-11-03")).toBe(false);
  });

  it.each([
    ["2026-10-26T14:00:00Z", "is in the past"],
    ["2026-10-27T14:00:00Z", "is too soon: visits can be booked from 2026-10-28"],
    ["2026-11-20T15:00:00Z", "is too far ahead: visits can be booked up to 2026-11-16"],
    ["2026-11-03T15:15:00Z", "is not one of the office's visit times"], // 10:15
    ["2026-11-07T15:00:00Z", "is not one of the office's visit times"], // a Saturday
    ["2026-11-03T22:00:00Z", "is not one of the office's visit times"], // 17:00, after hours
    ["2026-11-03T16:00:00Z", null], // 11:00 EST
  ])("a booking for %s: %s", (start, problem) => {
    expect(slotProblem(S, now, at(start))).toBe(problem);
  });

  it("refuses a day off", () => {
    const off = { ...S, daysOff: [{ date: "2026-11-03", label: "Election Day" }] };
    expect(slotProblem(off, now, at("2026-11-03T16:00:00Z"))).toBe("is on a day the office does not visit");
  });
});

describe("the reminder: 9:00 local the day before", () => {
  it.each([
    ["2026-11-02T15:00:00Z", "2026-11-01T14:00:00.000Z", "Monday after the November change: Sunday 9:00 EST"],
    ["2026-10-30T14:00:00Z", "2026-10-29T13:00:00.000Z", "a Friday in EDT"],
    ["2026-03-09T14:00:00Z", "2026-03-08T13:00:00.000Z", "Monday after the March change: Sunday 9:00 EDT"],
    ["2026-03-06T15:00:00Z", "2026-03-05T14:00:00.000Z", "a Friday in EST"],
  ])("a visit at %s is reminded at %s (%s)", (start, due) => {
    expect(iso(reminderDue(at(start), at("2026-01-01T00:00:00Z")))).toBe(due);
  });

  it("is not sent when the visit is booked after that moment", () => {
    expect(reminderDue(at("2026-11-03T15:00:00Z"), at("2026-11-02T15:00:00Z"))).toBeNull();
  });
});

describe("the settings", () => {
  it("seed Cape Coral's and nearby Lee County's ZIP codes, all labelled sample", () => {
    expect(S.zips).toEqual(expect.arrayContaining(["33904", "33909", "33914", "33990", "33991", "33993"]));
    expect(S.sampleZips).toEqual(SEED_ZIPS);
    expect(visitSettingsSchema.parse(S)).toEqual(S);
  });

  it.each([
    [{ ...S, weekly: [{ day: 1, from: "16:00", to: "08:00" }] }, "weekly.0.to"],
    [{ ...S, maxDaysAhead: 1 }, "maxDaysAhead"],
    [{ ...S, zips: ["33904", "33904"], sampleZips: [] }, "zips"],
    [{ ...S, sampleZips: ["99999"] }, "sampleZips"],
    [{ ...S, zips: ["3390"] }, "zips.0"],
    [{ ...S, visitMinutes: 5 }, "visitMinutes"],
    [{ ...S, daysOff: [{ date: "2026-02-30", label: "" }] }, "daysOff.0.date"],
  ])("refuse a bad value, naming it (%#)", (value, path) => {
    const r = visitSettingsSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path.join(".")).toBe(path);
  });
});
