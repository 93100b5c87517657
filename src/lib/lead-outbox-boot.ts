/**
 * Every page's part of the lead outbox (issue 13), kept tiny: when a form saved a request on this
 * device to send later, a localStorage flag says so, and only then is the sender loaded.
 */
import { local } from "./safe-storage.ts";

/**
 * Set while the outbox holds something (lead-outbox-page.ts keeps it up to date). Written out here
 * rather than imported, so that every page loads no extra module for it; a unit test checks that
 * it is the outbox's PENDING_FLAG.
 */
export const BOOT_FLAG = "lead-outbox-pending";

export function resumeOutboxIfPending(): void {
  if (local.get(BOOT_FLAG)) void import("./lead-outbox-page.ts").then((m) => m.resumeOutbox()).catch(() => {});
}
