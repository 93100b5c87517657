/**
 * The submit's background sending (issue 34): send some outbox rows now and, while some of them are
 * to be retried within `withinMs`, wait until the soonest is due and send again. A 429 or a 5xx then
 * costs a visitor or the office seconds, not the every-minute job's wait. Whatever is still unsent
 * after `withinMs` is the job's.
 */
export interface SendSoon<R extends { retry: number }> {
  /** Sends these rows once (only those due); its answer counts, `retry` the rows to try again. */
  send(ids: string[]): Promise<R>;
  /** The rows of `ids` still to send, with the ms until each is due. */
  due(ids: string[]): Promise<{ id: string; wait: number }[]>;
  /** Adds one round's counts to the total (`retry` is the last round's). */
  add(total: R, round: R): void;
}

export async function sendSoon<R extends { retry: number }>(ids: string[], withinMs: number, s: SendSoon<R>): Promise<R> {
  const stopAt = Date.now() + withinMs;
  let pending = ids;
  let total: R | null = null;
  for (;;) {
    const round = await s.send(pending);
    if (total) s.add(total, round);
    else total = round;
    total.retry = round.retry;
    if (!round.retry) return total;
    const due = await s.due(pending);
    if (!due.length) return total;
    const wait = Math.max(0, Math.min(...due.map((row) => Number(row.wait))));
    if (Date.now() + wait > stopAt) return total;
    await new Promise((done) => setTimeout(done, wait + 20));
    pending = due.map((row) => String(row.id));
  }
}
