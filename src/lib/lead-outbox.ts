/**
 * The lead outbox (issue 13): a quote request or product inquiry is written to the device
 * (IndexedDB, photos as Blobs) before it is sent, and stays there until the server has answered.
 * When the phone has no signal, or the server does not answer in time, it is sent later by
 * whoever gets there first: the form page on `online`, any page on the next visit, or the service
 * worker's Background Sync. Every send is the same two steps with the same keys:
 *   1. POST the lead with its Idempotency-Key (and `photos: n`) → the first answer, and a photo token;
 *   2. POST each photo to /api/leads/photos with X-Photo-Token and the photo's own Idempotency-Key.
 * A repeat is harmless (the server answers a repeated key with its first answer), and a Web Lock
 * keeps it to one sender at a time where the browser has Web Locks.
 *
 * A request the server holds for the office to look at first (possible spam, decision 15) gets a
 * claim where the photo token would be (issue 33): its first upload is refused (401), and the photos
 * then stay here while the outbox asks PHOTO_TOKEN_PATH with the claim, on later sends and visits,
 * each time waiting longer (CLAIM_FIRST_WAIT_MS doubling up to CLAIM_MAX_WAIT_MS). Once the office
 * has released it the ask answers a token and step 2 goes on; once the request is deleted (30 days
 * unreleased) the ask answers 401 and the photos are dropped.
 *
 * No DOM here: the service worker bundles this module too. Storage and transport are injectable
 * (tests use the memory store and a fake transport).
 */
import {
  HELD_LEAD_DAYS,
  IDEMPOTENCY_HEADER,
  PHOTO_TOKEN_HEADER,
  PHOTO_TOKEN_PATH,
  type LeadAnswerData,
  type LeadKind,
  type LeadPhotoAnswer,
  type PhotoTokenAnswer,
} from "./contracts/lead.ts";

/** How long the lead POST may take before the request is kept for later (issue 13: "in time"). */
export const LEAD_TIMEOUT_MS = 15_000;
/** How long one photo upload may take. */
export const PHOTO_TIMEOUT_MS = 90_000;
/** A photo the server keeps failing with a passing error (5xx, 429) is given up after this many tries. */
export const PHOTO_MAX_TRIES = 5;
/** A lead the server keeps failing with a passing error is given up after this many tries. */
export const LEAD_MAX_TRIES = 20;
/** The Web Lock and Background Sync tag, and the BroadcastChannel the senders report on. */
export const OUTBOX_NAME = "lead-outbox";
/** localStorage flag: set while the outbox holds something, so every page knows (cheaply) to look. */
export const PENDING_FLAG = "lead-outbox-pending";
/** After the server first says a request's photos must wait, they are asked about again after this long… */
export const CLAIM_FIRST_WAIT_MS = 60_000;
/** …then twice as long each time, up to this. */
export const CLAIM_MAX_WAIT_MS = 6 * 3600_000;
/** Photos waiting on a claim are dropped this long after their request was stored (the server deletes it after HELD_LEAD_DAYS). */
export const CLAIM_KEEP_MS = (HELD_LEAD_DAYS + 1) * 86_400_000;

export const LEAD_PATH: Record<LeadKind, string> = { quote: "/api/public/contact", inquiry: "/api/public/inquiry" };
export const PHOTO_PATH = "/api/leads/photos";

export type PhotoState = "pending" | "sent" | "failed";

export interface OutboxPhoto {
  /** The photo's own Idempotency-Key. */
  key: string;
  /** The file name the visitor chose (for messages). */
  name: string;
  blob: Blob;
  state: PhotoState;
  tries: number;
  /** Why it failed, in plain words (state 'failed'). */
  error?: string;
}

export interface OutboxEntry {
  /** The lead's Idempotency-Key, and the entry's id. */
  key: string;
  kind: LeadKind;
  /** The JSON body of the lead POST, as built when the visitor pressed Submit. */
  body: Record<string, unknown>;
  createdAt: number;
  /** The lead was stored by the server (step 1 done); `photoToken` came with its answer. */
  leadSent: boolean;
  photoToken?: string;
  /** When step 1 was done (ms): photos waiting on a claim are kept CLAIM_KEEP_MS from then. */
  leadSentAt?: number;
  /**
   * The answer's `photoToken` turned out to be a claim, not an upload token (a request the office
   * looks at first): the photos wait until asking PHOTO_TOKEN_PATH with it answers a token.
   */
  photoClaim?: string;
  /** The server answered "not yet" (202) to the claim: its later 401 means the request was deleted. */
  claimWaiting?: boolean;
  /** How many times the claim was asked about without a token, and when to ask next (ms). */
  claimAsks?: number;
  nextAskAt?: number;
  leadTries: number;
  photos: OutboxPhoto[];
}

/** The lead is stored and its photos wait for the server to take them (a claim without its token yet). */
export const awaitingPhotos = (e: OutboxEntry) => e.leadSent && !!e.photoClaim && !e.photoToken;

/** How long to wait before asking about a claim again, after `asks` asks without a token. */
export const claimWait = (asks: number) => Math.min(CLAIM_MAX_WAIT_MS, CLAIM_FIRST_WAIT_MS * 2 ** Math.max(0, asks - 1));

/** Where entries are kept. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/* ------------------------------------------------------------------ storage */

/** Entries in memory: where IndexedDB is missing or refused (private modes, tests). */
export function memoryStore(): OutboxStore {
  const m = new Map<string, OutboxEntry>();
  return {
    all: async () => [...m.values()].sort((a, b) => a.createdAt - b.createdAt),
    put: async (e) => void m.set(e.key, e),
    remove: async (k) => void m.delete(k),
  };
}

const DB = "lead-outbox";
const STORE = "entries";

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb(idb: IDBFactory): Promise<IDBDatabase> {
  const open = idb.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: "key" });
  return request(open);
}

/** Entries in IndexedDB (database 'lead-outbox', store 'entries', keyed by the lead's key). */
export function idbStore(idb: IDBFactory): OutboxStore {
  const tx = async <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await openDb(idb);
    try {
      const t = db.transaction(STORE, mode);
      const result = await request(fn(t.objectStore(STORE)));
      await new Promise<void>((resolve, reject) => {
        t.oncomplete = () => resolve();
        t.onerror = t.onabort = () => reject(t.error);
      });
      return result;
    } finally {
      db.close();
    }
  };
  return {
    all: async () => ((await tx("readonly", (s) => s.getAll())) as OutboxEntry[]).sort((a, b) => a.createdAt - b.createdAt),
    put: async (e) => void (await tx("readwrite", (s) => s.put(e))),
    remove: async (k) => void (await tx("readwrite", (s) => s.delete(k))),
  };
}

/** IndexedDB when this browser lets the page use it, else memory. */
export async function defaultStore(): Promise<{ store: OutboxStore; durable: boolean }> {
  try {
    if (typeof indexedDB !== "undefined") {
      const store = idbStore(indexedDB);
      await store.all();
      return { store, durable: true };
    }
  } catch {}
  return { store: memoryStore(), durable: false };
}

/* ---------------------------------------------------------------- transport */

/** The connection failed or the server did not answer in time: keep the entry for later. */
export class Offline extends Error {}

export interface Answer {
  status: number;
  json: { status?: boolean; data?: unknown; message?: string; error?: string } | null;
}

export interface Transport {
  postJson(path: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<Answer>;
  /** Sends one photo; `progress` gets 0..1 where the browser reports upload progress. */
  upload(path: string, blob: Blob, headers: Record<string, string>, timeoutMs: number, progress?: (fraction: number) => void): Promise<Answer>;
}

async function readJson(res: Response): Promise<Answer["json"]> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

async function fetchWithTimeout(f: typeof fetch, path: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await f(path, { ...init, signal: abort.signal });
    return { status: res.status, json: await readJson(res) };
  } catch (e) {
    // A TypeError (no connection) or our abort (no answer in time). Anything else is ours to see.
    if (e instanceof TypeError || abort.signal.aborted || (e as Error)?.name === "AbortError") throw new Offline(String(e));
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** fetch() for both steps (the service worker's; photo progress only as 0 then 1). */
export function fetchTransport(f: typeof fetch = (...a) => fetch(...a)): Transport {
  return {
    postJson: (path, body, headers, timeoutMs) =>
      fetchWithTimeout(f, path, { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) }, timeoutMs),
    async upload(path, blob, headers, timeoutMs, progress) {
      progress?.(0);
      const answer = await fetchWithTimeout(
        f,
        path,
        { method: "POST", headers: { Accept: "application/json", "Content-Type": blob.type || "application/octet-stream", ...headers }, body: blob },
        timeoutMs,
      );
      progress?.(1);
      return answer;
    },
  };
}

/** fetch() for the lead, XMLHttpRequest for photos (upload progress), in a page. */
export function pageTransport(): Transport {
  const base = fetchTransport();
  if (typeof XMLHttpRequest === "undefined") return base;
  return {
    postJson: base.postJson,
    upload: (path, blob, headers, timeoutMs, progress) =>
      new Promise<Answer>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open("POST", path);
        xhr.timeout = timeoutMs;
        xhr.setRequestHeader("Accept", "application/json");
        xhr.setRequestHeader("Content-Type", blob.type || "application/octet-stream");
        for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
        xhr.upload.onprogress = (e) => e.lengthComputable && progress?.(e.loaded / e.total);
        xhr.onload = () => {
          let json: Answer["json"] = null;
          try {
            json = JSON.parse(xhr.responseText);
          } catch {}
          resolve({ status: xhr.status, json });
        };
        xhr.onerror = () => reject(new Offline("network error"));
        xhr.ontimeout = () => reject(new Offline("timeout"));
        xhr.onabort = () => reject(new Offline("aborted"));
        progress?.(0);
        xhr.send(blob);
      }),
  };
}

/* -------------------------------------------------------------------- send */

export type LeadOutcome =
  /** The lead is stored; every photo is sent or given up (`failed` says which and why); `photosOnly`: the lead went in an earlier send. */
  | { kind: "sent"; failed: OutboxPhoto[]; photosOnly?: true }
  /** Kept on the device for later: no connection, no answer in time, or the server was busy (its answer). */
  | { kind: "kept"; leadSent: boolean; reason: "offline" | "busy"; status?: number; message?: string }
  /** The lead is stored; its photos wait on the device until the server takes them (asked again from `nextAskAt`). */
  | { kind: "awaiting"; nextAskAt: number }
  /** The photos can never be sent (their request was deleted unreleased): removed from the device. Nothing to tell. */
  | { kind: "dropped"; photos: OutboxPhoto[] }
  /** The server refused the lead itself (a 4xx): nothing will change by sending it again. */
  | { kind: "refused"; status: number; message: string; field?: string };

export interface SendEvents {
  /** Step 1 answered (stored). */
  lead?(entry: OutboxEntry): void;
  /** A photo's state or progress changed (`index` into entry.photos). */
  photo?(index: number, photo: OutboxPhoto, progress: number): void;
}

const said = (a: Answer) => a.json?.error || a.json?.message || "";

/**
 * The server stored the lead: a 2xx, with `data.status: true` for a quote (spec §3: it answers
 * `{ status: true, data: { status: true } }`) and no `status: false` for an inquiry (a message).
 */
export function stored(kind: LeadKind, a: Answer): boolean {
  if (a.status < 200 || a.status > 299) return false;
  return kind === "inquiry" ? a.json?.status !== false : (a.json?.data as LeadAnswerData | undefined)?.status === true;
}
/** An answer worth trying again later: the server was busy or broken, not refusing. */
const passing = (status: number) => status === 408 || status === 429 || status >= 500 || status === 0;

/**
 * Sends one entry as far as it goes, writing its progress to the store after each step (so an
 * interrupted send carries on where it stopped), and removing it once nothing is left to send.
 */
export async function sendEntry(entry: OutboxEntry, store: OutboxStore, transport: Transport, on: SendEvents = {}): Promise<LeadOutcome> {
  const photosOnly = entry.leadSent;
  if (!entry.leadSent) {
    let answer: Answer;
    try {
      // The same body every time: the server refuses a repeated key with a different body.
      answer = await transport.postJson(LEAD_PATH[entry.kind], entry.body, { [IDEMPOTENCY_HEADER]: entry.key }, LEAD_TIMEOUT_MS);
    } catch (e) {
      if (e instanceof Offline) return { kind: "kept", leadSent: false, reason: "offline" };
      throw e;
    }
    if (stored(entry.kind, answer)) {
      entry.leadSent = true;
      entry.leadSentAt = Date.now();
      entry.photoToken = (answer.json?.data as LeadAnswerData | undefined)?.photoToken;
      // No token for photos that were announced (cannot happen with a well-behaved server): say so.
      if (!entry.photoToken) for (const p of entry.photos) if (p.state === "pending") Object.assign(p, { state: "failed", error: "The server did not accept photos for this request." });
      await store.put(entry);
      on.lead?.(entry);
    } else if (passing(answer.status) && ++entry.leadTries < LEAD_MAX_TRIES) {
      await store.put(entry);
      return { kind: "kept", leadSent: false, reason: "busy", status: answer.status, message: said(answer) };
    } else {
      await store.remove(entry.key);
      const field = (answer.json as { field?: unknown } | null)?.field;
      return { kind: "refused", status: answer.status, message: said(answer), ...(typeof field === "string" ? { field } : {}) };
    }
  }

  if (awaitingPhotos(entry) && entry.photos.some((p) => p.state === "pending")) {
    const waiting = await askForToken(entry, store, transport);
    if (waiting) return waiting;
  }

  for (let i = 0; i < entry.photos.length; i++) {
    const photo = entry.photos[i];
    if (photo.state !== "pending") continue;
    on.photo?.(i, photo, 0);
    let answer: Answer;
    try {
      answer = await transport.upload(PHOTO_PATH, photo.blob, { [PHOTO_TOKEN_HEADER]: entry.photoToken ?? "", [IDEMPOTENCY_HEADER]: photo.key }, PHOTO_TIMEOUT_MS, (f) => on.photo?.(i, photo, f));
    } catch (e) {
      if (e instanceof Offline) {
        on.photo?.(i, photo, 0);
        return { kind: "kept", leadSent: true, reason: "offline" };
      }
      throw e;
    }
    const ok = (answer.status === 200 || answer.status === 201) && answer.json?.status === true && !!(answer.json.data as LeadPhotoAnswer | undefined)?.id;
    if (ok) {
      photo.state = "sent";
    } else if (answer.status === 401 && entry.photoToken && !entry.photoClaim) {
      // Not an upload token: the request's claim, if the office looks at it first. Ask with it.
      on.photo?.(i, photo, 0);
      entry.photoClaim = entry.photoToken;
      entry.photoToken = undefined;
      const waiting = await askForToken(entry, store, transport);
      if (waiting) return waiting;
      // A token after all (released meanwhile), or the photos failed: this photo again.
      i--;
      continue;
    } else if (answer.status === 410 || answer.status === 401) {
      // The token is gone: no photo of this request can be sent any more.
      const why = answer.status === 410 ? "The upload link expired before this photo could be sent." : "The upload link was not accepted.";
      for (const p of entry.photos) if (p.state === "pending") Object.assign(p, { state: "failed", error: said(answer) || why });
    } else if (passing(answer.status) && ++photo.tries < PHOTO_MAX_TRIES) {
      await store.put(entry);
      on.photo?.(i, photo, 0);
      return { kind: "kept", leadSent: true, reason: "busy" };
    } else {
      Object.assign(photo, { state: "failed", error: said(answer) || `The server did not take this photo (${answer.status}).` });
    }
    await store.put(entry);
    on.photo?.(i, photo, 1);
  }

  await store.remove(entry.key);
  return { kind: "sent", failed: entry.photos.filter((p) => p.state === "failed"), ...(photosOnly ? { photosOnly: true as const } : {}) };
}

/**
 * Asks whether the photos of a request with a claim may come now. Null when they may (the entry
 * has its token) or when they failed for good (the claim was not one: as a refused token before);
 * else what the entry waits for: the office ('awaiting', asked again later), the connection, or
 * nothing any more ('dropped': the request was deleted, or is older than the server keeps it).
 */
async function askForToken(entry: OutboxEntry, store: OutboxStore, transport: Transport): Promise<LeadOutcome | null> {
  const now = Date.now();
  const drop = async (): Promise<LeadOutcome> => {
    await store.remove(entry.key);
    return { kind: "dropped", photos: entry.photos.filter((p) => p.state === "pending") };
  };
  if (now - (entry.leadSentAt ?? entry.createdAt) > CLAIM_KEEP_MS) return drop();
  if (entry.nextAskAt !== undefined && now < entry.nextAskAt) return { kind: "awaiting", nextAskAt: entry.nextAskAt };
  let answer: Answer;
  try {
    answer = await transport.postJson(PHOTO_TOKEN_PATH, {}, { [PHOTO_TOKEN_HEADER]: entry.photoClaim ?? "" }, LEAD_TIMEOUT_MS);
  } catch (e) {
    if (e instanceof Offline) {
      await store.put(entry);
      return { kind: "kept", leadSent: true, reason: "offline" };
    }
    throw e;
  }
  const token = answer.status === 200 && answer.json?.status === true ? (answer.json.data as Partial<Extract<PhotoTokenAnswer, { photoToken: string }>> | undefined)?.photoToken : undefined;
  if (typeof token === "string" && token) {
    Object.assign(entry, { photoToken: token, nextAskAt: undefined });
    await store.put(entry);
    return null;
  }
  // Gone: deleted unreleased after 30 days (401 once it had said "not yet"), or too old (410).
  if (answer.status === 410 || (answer.status === 401 && entry.claimWaiting)) return drop();
  if (answer.status !== 202 && !passing(answer.status)) {
    // Never a claim: no photo of this request can be sent, as with a refused token.
    const why = said(answer) || "The upload link was not accepted.";
    for (const p of entry.photos) if (p.state === "pending") Object.assign(p, { state: "failed", error: why });
    await store.put(entry);
    return null;
  }
  // Not yet (the office has not looked), or a busy server: ask again later, each time later.
  if (answer.status === 202) entry.claimWaiting = true;
  entry.claimAsks = (entry.claimAsks ?? 0) + 1;
  entry.nextAskAt = now + claimWait(entry.claimAsks);
  await store.put(entry);
  return { kind: "awaiting", nextAskAt: entry.nextAskAt };
}

/* ------------------------------------------------------------------- flush */

/** What a sender reports on the BroadcastChannel, so an open page can tell the visitor. */
export interface OutboxReport {
  key: string;
  kind: LeadKind;
  outcome: LeadOutcome;
}

type Locks = { request(name: string, opts: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<unknown>): Promise<unknown> };

/**
 * Runs `fn` as the only sender: with Web Locks across tabs and the service worker; without them
 * (older browsers) within this context only. Answers false when another sender holds the lock.
 */
let localBusy = false;
export async function asOnlySender(fn: () => Promise<void>, locks: Locks | undefined = (globalThis.navigator as { locks?: Locks } | undefined)?.locks): Promise<boolean> {
  if (localBusy) return false;
  localBusy = true;
  try {
    if (!locks) {
      await fn();
      return true;
    }
    let ran = false;
    await locks.request(OUTBOX_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      ran = true;
      await fn();
    });
    return ran;
  } finally {
    localBusy = false;
  }
}

/**
 * Sends everything in the outbox, oldest first, stopping at the first entry that must wait for
 * the connection (photos waiting for the office do not stop it). Answers what happened to each entry it tried.
 */
export async function flushOutbox(store: OutboxStore, transport: Transport, on: (report: OutboxReport) => void = () => {}): Promise<OutboxReport[]> {
  const reports: OutboxReport[] = [];
  for (const entry of await store.all()) {
    const outcome = await sendEntry(entry, store, transport);
    const report = { key: entry.key, kind: entry.kind, outcome };
    reports.push(report);
    on(report);
    if (outcome.kind === "kept") break;
  }
  return reports;
}

/** A fresh idempotency key (a UUID; the server's IDEMPOTENCY_KEY_SHAPE takes it). */
export function newKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** A new entry for a lead body and its photos (already downscaled); a quote's body says how many. */
export function newEntry(kind: LeadKind, body: Record<string, unknown>, photos: { name: string; blob: Blob }[] = [], now = Date.now()): OutboxEntry {
  return {
    key: newKey(),
    kind,
    body: kind === "quote" && photos.length ? { ...body, photos: photos.length } : body,
    createdAt: now,
    leadSent: false,
    leadTries: 0,
    photos: photos.map((p) => ({ key: newKey(), name: p.name, blob: p.blob, state: "pending", tries: 0 })),
  };
}
