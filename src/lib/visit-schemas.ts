/**
 * The free site visit (issue 35, decision 18): the office's visit settings, a visitor's booking and
 * the office's booking or change of a visit. Shared by the server (validation) and the islands
 * (types), so both agree. Every string is bounded text Postgres can store; unknown fields are
 * refused. The server adds the strict phone parse (src/server/visits/schemas.ts).
 */
import { z } from "zod";
import { email, smsConsentFields, sourceFields } from "./lead-schemas.ts";
import { DETAILS_MAX, PHONE_MAX } from "./contracts/lead.ts";
import { hasControlChars } from "./text.ts";

const LINE_BREAK = /[\r\n]/;

/** One line (or several) of bounded, storable text, trimmed. */
function text(max: number, opts: { min?: number; multiline?: boolean } = {}) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.isWellFormed() && !hasControlChars(s), "contains characters that are not allowed")
    .refine((s) => opts.multiline || !LINE_BREAK.test(s), "must be a single line")
    .transform((s) => s.trim())
    .refine((s) => s.length >= (opts.min ?? 0), opts.min ? "is required" : "is too short");
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME, "must be a time as HH:MM (24-hour)");
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2100-12-31";
};
export const calendarDate = z.string().regex(DATE, "must be a date as YYYY-MM-DD").refine(isCalendarDate, "is not a calendar date");
/** A US ZIP code: five digits (a ZIP+4's first five are taken as typed by the form). */
export const zip = z.string().regex(/^\d{5}$/, "must be a 5-digit ZIP code");

export const visitHoursSchema = z
  .object({
    /** ISO weekday: 1 Monday … 7 Sunday. */
    day: z.number().int().min(1, "must be a weekday 1-7").max(7, "must be a weekday 1-7"),
    from: time,
    to: time,
  })
  .strict()
  .refine((h) => h.from < h.to, { message: "must end after it starts, on the same day", path: ["to"] });

export const dayOffSchema = z.object({ date: calendarDate, label: text(80) }).strict();

/** What the office sets (admins, Hebrew back office); kept with a history of every saved version. */
export const visitSettingsSchema = z
  .object({
    /** When visits may start, per weekday; several ranges a day are allowed (a lunch break). */
    weekly: z.array(visitHoursSchema).max(50, "at most 50 ranges"),
    /** Days off and holidays: no visit on these local dates. */
    daysOff: z.array(dayOffSchema).max(400, "at most 400 days off"),
    /** How long a visit takes on site. */
    visitMinutes: z.number().int("must be a whole number").min(15, "must be at least 15 minutes").max(480, "must be at most 480 minutes"),
    /** Travel time kept free after each visit. */
    bufferMinutes: z.number().int("must be a whole number").min(0, "must be 0 or more").max(240, "must be at most 240 minutes"),
    /** The most visits on one day. */
    maxPerDay: z.number().int("must be a whole number").min(1, "must be at least 1").max(50, "must be at most 50"),
    /** A visitor books from this many days ahead (0: today) … */
    minDaysAhead: z.number().int("must be a whole number").min(0, "must be 0 or more").max(60, "must be at most 60"),
    /** … up to this many days ahead. */
    maxDaysAhead: z.number().int("must be a whole number").min(1, "must be at least 1").max(180, "must be at most 180"),
    /** The service area: ZIP codes where visitors may book online. */
    zips: z.array(zip).max(500, "at most 500 ZIP codes"),
    /** Those of `zips` still sample values (the seed's), until the office confirms them. */
    sampleZips: z.array(zip).max(500, "at most 500 ZIP codes"),
  })
  .strict()
  .refine((s) => s.maxDaysAhead >= s.minDaysAhead, { message: "must not be before the first bookable day", path: ["maxDaysAhead"] })
  .refine((s) => new Set(s.zips).size === s.zips.length, { message: "lists a ZIP code twice", path: ["zips"] })
  .refine((s) => s.sampleZips.every((z) => s.zips.includes(z)), { message: "names a ZIP code that is not in the service area", path: ["sampleZips"] });
export type VisitSettings = z.infer<typeof visitSettingsSchema>;

/** A slot as the server names it: its start, an ISO 8601 instant. */
export const slotStart = z
  .string()
  .max(40, "must be at most 40 characters")
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, "must be a slot's start time (ISO 8601, as the list of open times gives it)")
  .refine((s) => !Number.isNaN(Date.parse(s)), "is not a real date and time");

const phone = text(PHONE_MAX).refine((s) => /\d/.test(s), "is not a phone number");

/** Who the visit is for: the visitor's own details (the /book page), or a caller's (the office). */
export const visitorFields = {
  fullName: text(120, { min: 1 }),
  email,
  phone,
  /** Street address of the property to visit. */
  address: text(300, { min: 3 }),
  zip,
  /** The service it is about (a title of the catalogue), when the visitor picked one. */
  service: text(200).optional(),
  /** Anything the crew should know (a gate code, the canal side). */
  notes: text(DETAILS_MAX, { multiline: true }).optional(),
};

/** POST /api/public/visits: a visitor books a free site visit. */
export const bookingSchema = z
  .object({
    slot: slotStart,
    ...visitorFields,
    /** The quote request this visit follows (its answer's visitToken), when booked right after it. */
    leadToken: z.string().max(2000).optional(),
    ...smsConsentFields,
    ...sourceFields,
  })
  .strict();
export type Booking = z.infer<typeof bookingSchema>;
export type BookingInput = z.input<typeof bookingSchema>;

/** POST /api/public/visits/manage: the visitor's link (its token) and what they do with it. */
export const manageSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("view"), token: z.string().min(1, "is required").max(2000) }).strict(),
    z.object({ action: z.literal("reschedule"), token: z.string().min(1, "is required").max(2000), slot: slotStart }).strict(),
    z.object({ action: z.literal("cancel"), token: z.string().min(1, "is required").max(2000) }).strict(),
  ],
  { error: "must be view, reschedule or cancel" },
);
export type ManageRequest = z.infer<typeof manageSchema>;

/** A local date and time in Cape Coral, as the office picks them (the server makes the instant). */
export const localSlot = { date: calendarDate, time };

/** POST /api/admin/visits: the office books a visit for a caller (a new lead) or for a lead it has. */
export const officeBookingSchema = z
  .object({
    ...localSlot,
    leadId: z.uuid("is not a lead id").optional(),
    caller: z.object(visitorFields).strict().optional(),
  })
  .strict()
  .refine((b) => !!b.leadId !== !!b.caller, { message: "give either a lead or the caller's details", path: ["caller"] });
export type OfficeBooking = z.infer<typeof officeBookingSchema>;

export const VISIT_STATUSES = ["scheduled", "done", "no-show", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** PATCH /api/admin/visit/:id: the office moves a visit ({date, time}), or records how it went ({status}). */
export const officeChangeSchema = z
  .object({
    date: localSlot.date.optional(),
    time: localSlot.time.optional(),
    status: z.enum(VISIT_STATUSES, "must be scheduled, done, no-show or cancelled").optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.status !== undefined && (c.date !== undefined || c.time !== undefined)) ctx.addIssue({ code: "custom", path: ["status"], message: "give a new time or a status, not both" });
    else if (c.status === undefined && c.date === undefined) ctx.addIssue({ code: "custom", path: ["date"], message: "is required (or a status)" });
    else if (c.status === undefined && c.time === undefined) ctx.addIssue({ code: "custom", path: ["time"], message: "is required with a date" });
  })
  .transform((c): { date: string; time: string } | { status: VisitStatus } => (c.status !== undefined ? { status: c.status } : { date: c.date!, time: c.time! }));
export type OfficeChange = z.infer<typeof officeChangeSchema>;
