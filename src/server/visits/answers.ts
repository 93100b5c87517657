/** The API's answer when a slot was taken meanwhile (409), shared by the booking and the visitor's change. */
import type { Queryable } from "../db/index.ts";
import type { VisitSettings } from "../../lib/visit-schemas.ts";
import type { SlotTakenData } from "../../lib/contracts/visits.ts";
import { json } from "../http/response.ts";
import { nextSlots } from "./book.ts";
import type { SlotTaken } from "./store.ts";

export async function slotTakenAnswer(q: Queryable, settings: VisitSettings, e: SlotTaken, asked: Date, exceptVisit?: string): Promise<Response> {
  const data: SlotTakenData = { next: await nextSlots(q, settings, asked, new Date(), 6, exceptVisit) };
  const message = e.reason === "taken" ? "That time was just booked by someone else. Please pick another time." : "That day is now fully booked. Please pick another day.";
  return json({ status: false, message, field: "slot", reason: `slot-${e.reason}`, data }, { status: 409 });
}
