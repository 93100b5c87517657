/**
 * Who is alerted when (issue 34): the office's weekly rota, quiet hours and on-call person, all
 * read as Cape Coral's clock (America/New_York, daylight saving included).
 *
 *  - In quiet hours, or when nobody's shift covers the moment, only the on-call person is alerted.
 *  - Otherwise everyone whose shift covers it is.
 *  - A lead nobody has called after 15 business minutes alerts the next person of the escalation
 *    order, then the next after 15 more, until the list ends (escalation.ts).
 *
 * Pure: the settings and an instant in, user ids out.
 */
import { z } from "zod";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock.ts";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME, "a time as HH:MM (24-hour)");
const userId = z.uuid("not a staff member");

export const shiftSchema = z
  .object({
    /** ISO weekday: 1 Monday … 7 Sunday. */
    day: z.number().int().min(1, "a weekday 1-7").max(7, "a weekday 1-7"),
    from: time,
    /** "24:00" is not allowed: a shift to midnight ends at 23:59. A shift ending before it starts runs past midnight. */
    to: time,
    userId,
  })
  .refine((s) => s.from !== s.to, { message: "a shift must not start and end at the same time", path: ["to"] });

export const alertSettingsSchema = z.object({
  rota: z.array(shiftSchema).max(200, "at most 200 shifts"),
  quiet: z.object({ from: time, to: time }).nullable(),
  onCall: userId.nullable(),
  /** Alerted one after another, 15 business minutes apart, while a new lead waits for a call. */
  escalation: z.array(userId).max(10, "at most 10 people"),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
export type Shift = z.infer<typeof shiftSchema>;

/** No rota yet: nobody is on duty, nobody on call (an admin's devices still get their own tests). */
export const EMPTY_SETTINGS: AlertSettings = { rota: [], quiet: null, onCall: null, escalation: [] };

/** The local weekday (1-7) and "HH:MM" of an instant in Cape Coral. */
export function localClock(at: Date, timeZone = OFFICE_TIME_ZONE): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  return { day, time: `${get("hour")}:${get("minute")}` };
}

/** Whether "HH:MM" lies in [from, to), a range that may run past midnight. */
export function inRange(t: string, from: string, to: string): boolean {
  return from < to ? t >= from && t < to : t >= from || t < to;
}

const previousDay = (day: number) => (day === 1 ? 7 : day - 1);

/** Whether a shift covers the local moment (a shift past midnight covers the next morning). */
export function covers(shift: Shift, day: number, t: string): boolean {
  if (shift.from < shift.to) return shift.day === day && t >= shift.from && t < shift.to;
  return (shift.day === day && t >= shift.from) || (shift.day === previousDay(day) && t < shift.to);
}

export interface Recipients {
  userIds: string[];
  /** Why these: their shift, or the on-call person (quiet hours or nobody on duty). */
  reason: "on-duty" | "on-call" | "nobody";
}

/** Who gets an alert raised at `at`. */
export function recipientsAt(settings: AlertSettings, at: Date): Recipients {
  const { day, time: t } = localClock(at);
  const quiet = settings.quiet && inRange(t, settings.quiet.from, settings.quiet.to);
  const onDuty = quiet ? [] : [...new Set(settings.rota.filter((s) => covers(s, day, t)).map((s) => s.userId))];
  if (onDuty.length) return { userIds: onDuty, reason: "on-duty" };
  if (settings.onCall) return { userIds: [settings.onCall], reason: "on-call" };
  return { userIds: [], reason: "nobody" };
}
