/**
 * The free site visit's slots (issue 35, decision 18), computed by Cape Coral's clock. Pure: the
 * office's settings, the moment, and the visits already booked in; slots out.
 *
 * A day's slots start at each range's start and follow one another every visit + buffer minutes, as
 * long as the visit itself ends within the range. The first bookable day is today + minDaysAhead and
 * the last today + maxDaysAhead, both by the local date. A day off, a weekday without hours, a day
 * with maxPerDay visits, and a slot that would overlap a booked visit (its time on site and its
 * travel buffer) are not offered. What this module offers is not what prevents a double booking:
 * the database's exclusion constraint on visits does that (store.ts); this only says what looks free.
 */
import type { VisitSettings } from "../../lib/visit-schemas.ts";
import { addDays, isoWeekday, toHhmm, toMinutes, OFFICE_TIME_ZONE, wallClock, zonedInstant } from "../../lib/wall-clock.ts";

export interface Slot {
  start: Date;
  end: Date;
  /** The end of its travel buffer: the next visit may start from here. */
  blockedUntil: Date;
  /** Local date (YYYY-MM-DD) and time ("HH:MM") in Cape Coral. */
  date: string;
  time: string;
}

/** A booked visit as the slot computation needs it. */
export interface Busy {
  start: Date;
  blockedUntil: Date;
  /** Its local date (counts against that day's maxPerDay). */
  date: string;
}

/** Every slot of a local date by the weekly hours (booked or not; none on a day off). */
export function daySlots(settings: VisitSettings, date: string, zone = OFFICE_TIME_ZONE): Slot[] {
  if (settings.daysOff.some((d) => d.date === date)) return [];
  const weekday = isoWeekday(date);
  const step = settings.visitMinutes + settings.bufferMinutes;
  const slots: Slot[] = [];
  for (const range of settings.weekly.filter((h) => h.day === weekday).sort((a, b) => a.from.localeCompare(b.from))) {
    for (let m = toMinutes(range.from); m + settings.visitMinutes <= toMinutes(range.to); m += step) {
      const start = zonedInstant(date, m, zone);
      if (!start) continue; // a time that does not exist that day (clocks spring forward)
      if (slots.some((s) => s.start.getTime() === start.getTime())) continue; // ranges that overlap
      slots.push({
        start,
        end: new Date(start.getTime() + settings.visitMinutes * 60_000),
        blockedUntil: new Date(start.getTime() + step * 60_000),
        date,
        time: toHhmm(m),
      });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The local dates a visitor may book on now: today + minDaysAhead … today + maxDaysAhead. */
export function bookableDates(settings: VisitSettings, now: Date, zone = OFFICE_TIME_ZONE): string[] {
  const today = wallClock(now, zone).date;
  const dates: string[] = [];
  for (let n = settings.minDaysAhead; n <= settings.maxDaysAhead; n++) dates.push(addDays(today, n));
  return dates;
}

const overlaps = (a: { start: Date; blockedUntil: Date }, b: { start: Date; blockedUntil: Date }) => a.start < b.blockedUntil && b.start < a.blockedUntil;

/** Whether a slot is free of the booked visits and its day is not full. */
export function isFree(settings: VisitSettings, slot: Slot, busy: Busy[]): boolean {
  if (busy.filter((b) => b.date === slot.date).length >= settings.maxPerDay) return false;
  return !busy.some((b) => overlaps(slot, b));
}

/** The free slots a visitor may pick now, earliest first (slots starting before `now` never). */
export function freeSlots(settings: VisitSettings, now: Date, busy: Busy[], zone = OFFICE_TIME_ZONE): Slot[] {
  return bookableDates(settings, now, zone)
    .flatMap((date) => daySlots(settings, date, zone))
    .filter((s) => s.start > now && isFree(settings, s, busy));
}

/**
 * Why a visitor may not book `start` now, in words that finish "The slot …" (the 400's message), or
 * null when it is a slot of the office's hours within the booking window. Taken or not is for the
 * database to say.
 */
export function slotProblem(settings: VisitSettings, now: Date, start: Date, zone = OFFICE_TIME_ZONE): string | null {
  if (start <= now) return "is in the past";
  const { date } = wallClock(start, zone);
  const dates = bookableDates(settings, now, zone);
  if (date < dates[0]) return `is too soon: visits can be booked from ${dates[0]}`;
  if (date > dates[dates.length - 1]) return `is too far ahead: visits can be booked up to ${dates[dates.length - 1]}`;
  if (settings.daysOff.some((d) => d.date === date)) return "is on a day the office does not visit";
  if (!daySlots(settings, date, zone).some((s) => s.start.getTime() === start.getTime())) return "is not one of the office's visit times";
  return null;
}

/** The slot of the office's grid that starts at `start`, if there is one. */
export function slotAt(settings: VisitSettings, start: Date, zone = OFFICE_TIME_ZONE): Slot | null {
  return daySlots(settings, wallClock(start, zone).date, zone).find((s) => s.start.getTime() === start.getTime()) ?? null;
}

/** A visit of the office's own choosing (a caller's time): any local date and time, the settings' length and buffer. */
export function officeSlot(settings: VisitSettings, date: string, time: string, zone = OFFICE_TIME_ZONE): Slot | null {
  const start = zonedInstant(date, toMinutes(time), zone);
  if (!start) return null;
  return {
    start,
    end: new Date(start.getTime() + settings.visitMinutes * 60_000),
    blockedUntil: new Date(start.getTime() + (settings.visitMinutes + settings.bufferMinutes) * 60_000),
    date,
    time,
  };
}

/** When the reminder goes: 9:00 local on the day before the visit; null when that is already past at booking. */
export const REMINDER_MINUTES = 9 * 60;
export function reminderDue(visitStart: Date, bookedAt: Date, zone = OFFICE_TIME_ZONE): Date | null {
  const due = zonedInstant(addDays(wallClock(visitStart, zone).date, -1), REMINDER_MINUTES, zone);
  return due && due > bookedAt ? due : null;
}
