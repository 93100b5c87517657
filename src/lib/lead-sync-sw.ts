/**
 * The lead outbox's service worker (issue 13): Background Sync sends what a form kept on the
 * device, with the same two steps and the same keys as a page would (lead-outbox.ts), even when
 * no page of the site is open. Registered only when the outbox holds something; it handles no
 * fetches and controls no page. Bundled by Vite from this file (lead-outbox-page.ts imports its URL).
 */
import { OUTBOX_NAME, asOnlySender, fetchTransport, flushOutbox, idbStore } from "./lead-outbox.ts";

interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(p: Promise<unknown>): void;
}
const sw = self as unknown as {
  addEventListener(type: "sync", fn: (e: SyncEvent) => void): void;
  addEventListener(type: "install" | "activate", fn: (e: SyncEvent) => void): void;
  skipWaiting(): Promise<void>;
};

sw.addEventListener("install", (e) => e.waitUntil(sw.skipWaiting()));

async function send(): Promise<void> {
  const channel = new BroadcastChannel(OUTBOX_NAME);
  let waiting = false;
  try {
    await asOnlySender(async () => {
      const reports = await flushOutbox(idbStore(indexedDB), fetchTransport(), (r) => channel.postMessage(r));
      waiting = reports.some((r) => r.outcome.kind === "kept");
    });
  } finally {
    channel.close();
  }
  // A failed sync is tried again later by the browser.
  if (waiting) throw new Error("the lead outbox is still waiting for the connection");
}

sw.addEventListener("sync", (e) => {
  if (e.tag === OUTBOX_NAME) e.waitUntil(send());
});
