/**
 * The reminder the day before a visit, at 9:00 in Cape Coral (issue 35, item 4): its moment is set
 * when the visit is booked or moved (reminder_due_at; none when that moment had passed already), and
 * the mail job (every 10 minutes) claims the due ones. The claim and the queued e-mail are one
 * transaction, so each reminder is queued exactly once, whichever run or instance gets there; a move
 * sets a new moment and a new reminder for the new day.
 */
import type { Db } from "../db/index.ts";
import { dispatchMail } from "../mail/index.ts";
import { createLogger, type Logger } from "../logs/logger.ts";
import { describe } from "../crm/errors.ts";
import { queueVisitMail } from "./mail.ts";
import { VISIT_COLUMNS, type VisitRow } from "./store.ts";

export async function sendDueReminders(db: Db, opts: { at?: Date; limit?: number; log?: Logger } = {}): Promise<{ queued: number; sent: number }> {
  const log = opts.log ?? createLogger("visits/reminders");
  const at = opts.at ?? new Date();
  const mailIds = await db.tx(async (q) => {
    const due = await q.query<VisitRow>(
      `UPDATE visits SET reminder_sent_at = now()
        WHERE id IN (SELECT id FROM visits WHERE status = 'scheduled' AND reminder_sent_at IS NULL AND reminder_due_at <= $1 AND starts_at > $1
                      ORDER BY reminder_due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${VISIT_COLUMNS}`,
      [at, opts.limit ?? 50],
    );
    const ids: number[] = [];
    for (const visit of due.rows) {
      const id = await queueVisitMail(q, "visit-reminder", visit);
      if (id !== null) ids.push(id);
    }
    return ids;
  });
  let sent = 0;
  for (const id of mailIds) {
    if (await dispatchMail(db, id).catch((e) => (log.warn(`Reminder #${id} not sent yet: ${describe(e)}`), false))) sent++;
  }
  return { queued: mailIds.length, sent };
}
