/**
 * What a booked visit sends the visitor, queued in the booking's own transaction: the confirmation
 * e-mail with its invite, and a text when the visitor asked for texts (exactly once each: the outbox
 * rows commit with the visit or not at all).
 */
import type { Queryable } from "../db/index.ts";
import { queueVisitMail } from "./mail.ts";
import { queueVisitText } from "./text.ts";
import type { VisitRow } from "./store.ts";

/** `origin`: the address the booking came to, for the e-mail's link when SITE_URL is not set. */
export async function confirmVisit(q: Queryable, visit: VisitRow, origin = ""): Promise<{ mailIds: number[]; textId: string | null }> {
  const mailId = await queueVisitMail(q, "visit-confirm", visit, origin);
  return { mailIds: mailId === null ? [] : [mailId], textId: await queueVisitText(q, visit) };
}
