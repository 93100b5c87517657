/**
 * The lead outbox in a page (see lead-outbox.ts): the forms send through it, and any page that
 * finds something waiting (the layout looks at a localStorage flag, see lead-outbox-boot.ts) sends
 * it when the connection is back — on `online`, at once on the next visit, and through the service
 * worker's Background Sync where the browser has it. Loaded only on first use (dynamic import).
 */
import swUrl from "./lead-sync-sw.ts?worker&url";
import { local } from "./safe-storage.ts";
import {
  CLAIM_MAX_WAIT_MS,
  OUTBOX_NAME,
  PENDING_FLAG,
  asOnlySender,
  awaitingPhotos,
  defaultStore,
  flushOutbox,
  pageTransport,
  sendEntry,
  type LeadOutcome,
  type OutboxEntry,
  type OutboxReport,
  type OutboxStore,
  type SendEvents,
} from "./lead-outbox.ts";

export { newEntry, type LeadOutcome, type OutboxEntry, type OutboxPhoto, type OutboxReport } from "./lead-outbox.ts";

/** When the server was busy, the page tries again after this long (the `online` event may never come). */
export const BUSY_RETRY_MS = 60_000;
/** The page's own next send is never sooner than this (another sender may hold the lock meanwhile). */
const MIN_TIMER_MS = 5_000;

let storeP: Promise<{ store: OutboxStore; durable: boolean }> | null = null;
const store = () => (storeP ??= defaultStore());

/** A listener answers true when it told the visitor (else a short note is shown on the page). */
type Listener = (r: OutboxReport) => boolean;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function report(r: OutboxReport, fromHere: boolean) {
  let told = false;
  for (const fn of listeners) told = fn(r) || told;
  if (fromHere) channel?.postMessage(r);
  if (!told && r.outcome.kind === "sent") void import("./lead-outbox-toast.ts").then((m) => m.toast(r));
}

/** Tells `fn` about every saved request sent later (by this page, another tab or the service worker). */
export function onOutboxReport(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

async function updateFlag(s: OutboxStore): Promise<number> {
  const n = (await s.all()).length;
  if (n) local.set(PENDING_FLAG, String(n));
  else local.remove(PENDING_FLAG);
  return n;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * While the page is open it sends again by itself: in a minute when the server was busy, and when
 * photos waiting for the office are due to be asked about again (issue 33).
 */
async function scheduleNext(s: OutboxStore, busy: boolean): Promise<void> {
  clearTimeout(retryTimer);
  const now = Date.now();
  const asks = (await s.all()).filter(awaitingPhotos).map((e) => e.nextAskAt ?? now);
  const at = Math.min(busy ? now + BUSY_RETRY_MS : Infinity, ...asks);
  if (at !== Infinity) retryTimer = setTimeout(() => void flushNow(), Math.min(CLAIM_MAX_WAIT_MS, Math.max(MIN_TIMER_MS, at - now)));
}

/** Sends what is waiting, if the browser thinks it is online and no other sender is at it. */
export async function flushNow(): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return;
  const { store: s } = await store();
  let busy = false;
  await asOnlySender(async () => {
    const reports = await flushOutbox(s, pageTransport(), (r) => report(r, true));
    busy = reports.some((r) => r.outcome.kind === "kept" && r.outcome.reason === "busy");
  });
  if (await updateFlag(s)) await scheduleNext(s, busy);
  else clearTimeout(retryTimer);
}

let armed = false;
/** Listens for the connection to come back, and asks the service worker to send too where it can. */
export function armOutbox(): void {
  if (armed || typeof window === "undefined") return;
  armed = true;
  addEventListener("online", () => void flushNow());
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(OUTBOX_NAME);
    channel.onmessage = (e: MessageEvent<OutboxReport>) => {
      report(e.data, false);
      // Another sender (the service worker, another tab) cannot reach this page's flag: the page
      // recounts, or the flag said "pending" after the worker had sent everything.
      void store().then(({ store: s }) => updateFlag(s));
    };
  }
}

const canSync = () => typeof window !== "undefined" && "serviceWorker" in navigator && "SyncManager" in window;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Installs the service worker that Background Sync needs: once a visitor uses a lead form, never
 * on page load and never on other pages. It cannot wait until something is kept: a phone without
 * signal cannot fetch the worker's script (the browser fetches it from the network, even when it
 * is in the HTTP cache). The worker handles no fetches and controls no page (scope /_astro/); a
 * sync is registered only when the outbox holds something.
 */
export function prepareOffline(): Promise<ServiceWorkerRegistration | null> {
  if (!canSync()) return Promise.resolve(null);
  return (registration ??= navigator.serviceWorker.register(swUrl).catch(() => {
    registration = null;
    return null;
  }));
}

/** Background Sync: the browser wakes the worker when the connection is back, even with no page open. */
async function backgroundSync(): Promise<void> {
  try {
    const reg = await prepareOffline();
    if (!reg) return;
    // A sync can be registered once the worker is active (its scope is not the page's: no `ready`).
    const worker = reg.active ?? reg.waiting ?? reg.installing;
    if (!reg.active && worker)
      await new Promise<void>((resolve) => {
        const on = () => (worker.state === "activated" || worker.state === "redundant") && resolve();
        worker.addEventListener("statechange", on);
        on();
      });
    await (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_NAME);
  } catch {
    // No service worker (private mode, an old browser): the page sends on `online` and next visit.
  }
}

/**
 * Background Sync for what waits on the connection; not for photos waiting for the office, which
 * the browser's sync could not wait for (the pages ask about them, see scheduleNext).
 */
async function syncIfWaitingOnConnection(s: OutboxStore): Promise<void> {
  if ((await s.all()).some((e) => !awaitingPhotos(e))) void backgroundSync();
}

/** On a page load, when the layout's flag says something waits: send it now or when back online. */
export async function resumeOutbox(): Promise<void> {
  armOutbox();
  await flushNow();
  const { store: s } = await store();
  if (await updateFlag(s)) await syncIfWaitingOnConnection(s);
}

/**
 * Sends a new request from a form: written to the device first (so a closed tab or a dropped
 * connection loses nothing), then sent at once with progress events. Answers the outcome, and
 * whether the device could keep it (no IndexedDB: a kept request lives only as long as the page).
 */
export async function sendNew(entry: OutboxEntry, on: SendEvents = {}): Promise<{ outcome: LeadOutcome; durable: boolean }> {
  armOutbox();
  const { store: s, durable } = await store();
  await s.put(entry);
  local.set(PENDING_FLAG, "1");
  let outcome: LeadOutcome | null = null;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (!offline) {
    // Wait for another sender (another tab, the service worker) rather than skip: it may be sending this very entry.
    for (let i = 0; i < 50 && !outcome; i++) {
      const ran = await asOnlySender(async () => {
        const stored = (await s.all()).find((e) => e.key === entry.key);
        // Someone else sent it meanwhile: nothing failed that we know of.
        outcome = stored ? await sendEntry(stored, s, pageTransport(), on) : { kind: "sent", failed: [] };
      });
      if (!ran) await new Promise((r) => setTimeout(r, 200));
    }
  }
  outcome ??= { kind: "kept", leadSent: false, reason: "offline" } as LeadOutcome;
  // The server answered but could not take it (5xx, 429, a timeout): it stays kept, exactly like an
  // offline one, and is sent again with the same Idempotency-Key (so it is stored once) by this
  // page in a minute, by any page on the next visit, or by the service worker (issue 25; the spec's
  // 'Try later' dropped the request and left it to the visitor).
  if ((await updateFlag(s)) && (outcome.kind === "kept" || outcome.kind === "awaiting")) {
    if (outcome.kind === "kept") void backgroundSync();
    await scheduleNext(s, outcome.kind === "kept" && outcome.reason === "busy");
  }
  return { outcome, durable };
}

/** Sends again what is left of one entry (the 'Try again' of photos that did not go through). */
export async function retryEntry(key: string, on: SendEvents = {}): Promise<LeadOutcome | null> {
  const { store: s } = await store();
  let outcome: LeadOutcome | null = null;
  await asOnlySender(async () => {
    const stored = (await s.all()).find((e) => e.key === key);
    if (stored) outcome = await sendEntry(stored, s, pageTransport(), on);
  });
  await updateFlag(s);
  return outcome;
}
