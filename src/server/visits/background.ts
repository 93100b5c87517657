/**
 * What follows a visit's change once the visitor has their answer: its e-mails go out, its text,
 * then the Zoho Event. Never throws: the mail job and the CRM job retry whatever fails here.
 * `syncLead`: a new lead came with the visit, so its own sync (which makes the deal the event links
 * to) is tried first; if the lead's background has it already, the CRM job writes the event.
 */
import type { Db } from "../db/index.ts";
import { createLogger } from "../logs/logger.ts";
import { dispatchMail } from "../mail/index.ts";
import { describe } from "../crm/errors.ts";
import { textLead } from "../leads/texts.ts";
import { syncLead } from "../leads/crm-queue.ts";
import { pushVisitEvent } from "./crm-event.ts";

export async function afterVisitChange(db: Db, visitId: string, sent: { mailIds: number[]; textId: string | null }, opts: { syncLead?: string } = {}): Promise<void> {
  const log = createLogger("visit-background");
  for (const id of sent.mailIds) await dispatchMail(db, id).catch((e) => log.warn(`Mail #${id} for visit ${visitId} not sent yet: ${describe(e)}`));
  if (sent.textId) await textLead(db, sent.textId, log);
  if (opts.syncLead) await syncLead(db, opts.syncLead, undefined, log).catch((e) => log.warn(`Lead ${opts.syncLead} sync deferred: ${describe(e)}`));
  await pushVisitEvent(db, visitId, undefined, log).catch((e) => log.warn(`Visit ${visitId} Zoho event deferred: ${describe(e)}`));
  await log.flush();
}
