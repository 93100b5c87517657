/**
 * The loop both CRM queues share (lead sync, photo attachments): `workers` loops each claim one due
 * job at a time and run it, until none is left, `limit` jobs were tried or the deadline has passed
 * (a scheduled function has 30 s in all).
 */
export interface DrainResult {
  tried: number;
  synced: number;
  failed: number;
}

export async function drain<J>(opts: {
  claim: () => Promise<J | undefined | null>;
  run: (job: J) => Promise<string>;
  limit: number;
  workers: number;
  deadlineMs: number;
}): Promise<DrainResult> {
  const out: DrainResult = { tried: 0, synced: 0, failed: 0 };
  const stopAt = Date.now() + opts.deadlineMs;
  const worker = async () => {
    while (out.tried < opts.limit && Date.now() < stopAt) {
      const job = await opts.claim();
      if (!job) return;
      out.tried++;
      if ((await opts.run(job)) === "synced") out.synced++;
      else out.failed++;
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
  return out;
}
