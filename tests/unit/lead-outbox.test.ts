// The lead outbox (issue 13): a request kept on the device is sent in two steps with the same keys,
// picks up where it stopped, and tells apart "try again later" from "refused".
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLAIM_FIRST_WAIT_MS,
  CLAIM_KEEP_MS,
  CLAIM_MAX_WAIT_MS,
  LEAD_PATH,
  Offline,
  PENDING_FLAG,
  PHOTO_MAX_TRIES,
  PHOTO_PATH,
  asOnlySender,
  awaitingPhotos,
  claimWait,
  fetchTransport,
  flushOutbox,
  memoryStore,
  newEntry,
  sendEntry,
  stored,
  type Answer,
  type OutboxEntry,
  type Transport,
} from "../../src/lib/lead-outbox.ts";
import { IDEMPOTENCY_KEY_SHAPE, PHOTO_TOKEN_PATH } from "../../src/lib/contracts/lead.ts";
import { BOOT_FLAG } from "../../src/lib/lead-outbox-boot.ts";

it("every page's boot script looks at the flag the outbox sets", () => expect(BOOT_FLAG).toBe(PENDING_FLAG));

type Call = { kind: "lead" | "photo"; path: string; headers: Record<string, string>; body: unknown };

/** A server that answers from a script: each call takes the next answer (or throws Offline). */
function fakeServer(script: (call: Call, n: number) => Answer | "offline") {
  const calls: Call[] = [];
  const answer = async (call: Call) => {
    calls.push(call);
    const a = script(call, calls.length);
    if (a === "offline") throw new Offline("no connection");
    return a;
  };
  const transport: Transport = {
    postJson: (path, body, headers) => answer({ kind: "lead", path, headers, body }),
    upload: async (path, blob, headers, _t, progress) => {
      progress?.(0.5);
      return answer({ kind: "photo", path, headers, body: blob });
    },
  };
  return { calls, transport };
}

const leadOk = (token?: string): Answer => ({ status: 200, json: { status: true, data: { status: true, ...(token ? { photoToken: token } : {}) } } });
const photoOk = (n: number): Answer => ({ status: 201, json: { status: true, data: { id: `p${n}`, bytes: 10, contentType: "image/jpeg", count: n } } });
const jpeg = (n: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, n])], { type: "image/jpeg" });
const quote = (photos = 0): OutboxEntry =>
  newEntry(
    "quote",
    { fullName: "Pat", email: "pat@example.com", phone: "2395550188", subject: "Seawalls", details: "120 ft\nseawall" },
    Array.from({ length: photos }, (_, i) => ({ name: `p${i + 1}.jpg`, blob: jpeg(i) })),
    1000,
  );

describe("a new outbox entry", () => {
  it("has its own idempotency key, one per photo, and tells the server how many photos follow", () => {
    const e = quote(3);
    const keys = [e.key, ...e.photos.map((p) => p.key)];
    for (const k of keys) expect(k).toMatch(IDEMPOTENCY_KEY_SHAPE);
    expect(new Set(keys).size).toBe(4);
    expect(e.body.photos).toBe(3);
    expect(quote(0).body).not.toHaveProperty("photos");
    expect(newEntry("inquiry", { message: "hi" }).body).toEqual({ message: "hi" });
  });
});

describe("sending an entry", () => {
  it("posts the lead with its key, then each photo with the token and its own key, and empties the store", async () => {
    const store = memoryStore();
    const e = quote(2);
    await store.put(e);
    const { calls, transport } = fakeServer((c, n) => (c.kind === "lead" ? leadOk("tok-1") : photoOk(n - 1)));
    const progress: number[] = [];
    const outcome = await sendEntry(e, store, transport, { photo: (_i, _p, f) => progress.push(f) });
    expect(outcome).toEqual({ kind: "sent", failed: [] });
    expect(calls.map((c) => [c.kind, c.path])).toEqual([
      ["lead", LEAD_PATH.quote],
      ["photo", PHOTO_PATH],
      ["photo", PHOTO_PATH],
    ]);
    expect(calls[0].headers).toEqual({ "Idempotency-Key": e.key });
    expect(calls[0].body).toMatchObject({ details: "120 ft\nseawall", photos: 2 });
    expect(calls[1].headers).toEqual({ "X-Photo-Token": "tok-1", "Idempotency-Key": e.photos[0].key });
    expect(calls[2].headers["Idempotency-Key"]).toBe(e.photos[1].key);
    expect(progress).toEqual([0, 0.5, 1, 0, 0.5, 1]);
    expect(await store.all()).toEqual([]);
  });

  it("offline before the lead: kept as it was; later the same body and keys go out", async () => {
    const store = memoryStore();
    const e = quote(1);
    await store.put(e);
    const offline = fakeServer(() => "offline");
    expect(await sendEntry(e, store, offline.transport)).toEqual({ kind: "kept", leadSent: false, reason: "offline" });
    expect((await store.all()).map((x) => x.key)).toEqual([e.key]);

    const online = fakeServer((c) => (c.kind === "lead" ? leadOk("t") : photoOk(1)));
    const reports = await flushOutbox(store, online.transport);
    expect(reports.map((r) => r.outcome.kind)).toEqual(["sent"]);
    expect(online.calls[0].body).toEqual(offline.calls[0].body);
    expect(online.calls[0].headers).toEqual(offline.calls[0].headers);
    expect(await store.all()).toEqual([]);
  });

  it("the connection drops between photos: the token is kept, and only the photos not sent go later", async () => {
    const store = memoryStore();
    const e = quote(3);
    await store.put(e);
    const first = fakeServer((c, n) => (c.kind === "lead" ? leadOk("tok") : n === 2 ? photoOk(1) : "offline"));
    expect(await sendEntry(e, store, first.transport)).toEqual({ kind: "kept", leadSent: true, reason: "offline" });
    const [kept] = await store.all();
    expect(kept).toMatchObject({ leadSent: true, photoToken: "tok" });
    expect(kept.photos.map((p) => p.state)).toEqual(["sent", "pending", "pending"]);

    const later = fakeServer((_c, n) => photoOk(n + 1));
    await flushOutbox(store, later.transport);
    expect(later.calls.map((c) => c.kind)).toEqual(["photo", "photo"]);
    expect(later.calls.map((c) => c.headers["Idempotency-Key"])).toEqual([e.photos[1].key, e.photos[2].key]);
    expect(later.calls.every((c) => c.headers["X-Photo-Token"] === "tok")).toBe(true);
    expect(await store.all()).toEqual([]);
  });

  it("an expired token (410) drops the photos left and says why; the lead counts as sent", async () => {
    const store = memoryStore();
    const e = quote(2);
    const gone: Answer = { status: 410, json: { status: false, error: "This upload link has expired. Please send the photos again with a new request." } };
    const { calls, transport } = fakeServer((c) => (c.kind === "lead" ? leadOk("old") : gone));
    const outcome = await sendEntry(e, store, transport);
    expect(outcome.kind).toBe("sent");
    if (outcome.kind !== "sent") return;
    expect(outcome.failed.map((p) => [p.name, p.error])).toEqual([
      ["p1.jpg", "This upload link has expired. Please send the photos again with a new request."],
      ["p2.jpg", "This upload link has expired. Please send the photos again with a new request."],
    ]);
    expect(calls).toHaveLength(2);
  });

  it("a photo the server refuses (400, 413, 409) fails alone; the others still go", async () => {
    const store = memoryStore();
    const e = quote(3);
    const refuse: Answer = { status: 413, json: { status: false, error: "This photo is larger than 5 MB." } };
    const { transport } = fakeServer((c, n) => (c.kind === "lead" ? leadOk("t") : n === 3 ? refuse : photoOk(n)));
    const outcome = await sendEntry(e, store, transport);
    expect(outcome).toMatchObject({ kind: "sent", failed: [{ name: "p2.jpg", state: "failed", error: "This photo is larger than 5 MB." }] });
  });

  it("a busy server (5xx, 429) keeps the photo for later, and gives it up after a few tries", async () => {
    const store = memoryStore();
    const e = quote(1);
    await store.put(e);
    const busy: Answer = { status: 503, json: null };
    const { transport } = fakeServer((c) => (c.kind === "lead" ? leadOk("t") : busy));
    for (let i = 1; i < PHOTO_MAX_TRIES; i++) expect(await sendEntry((await store.all())[0], store, transport)).toMatchObject({ kind: "kept", leadSent: true, reason: "busy" });
    expect(await sendEntry((await store.all())[0], store, transport)).toMatchObject({ kind: "sent", failed: [{ name: "p1.jpg" }] });
    expect(await store.all()).toEqual([]);
  });

  it("a refused lead (4xx, or data.status not true) is removed and reported with the server's words", async () => {
    const store = memoryStore();
    const e = quote(1);
    await store.put(e);
    const { calls, transport } = fakeServer(() => ({ status: 400, json: { status: false, message: "Invalid email", field: "email" } }));
    expect(await sendEntry(e, store, transport)).toEqual({ kind: "refused", status: 400, message: "Invalid email", field: "email" });
    expect(calls).toHaveLength(1);
    expect(await store.all()).toEqual([]);
    expect(stored("quote", { status: 200, json: { status: true, data: { status: false } } })).toBe(false);
    expect(stored("quote", { status: 200, json: { data: { status: true } } })).toBe(true);
    expect(stored("inquiry", { status: 200, json: { status: true, message: "Thank you for your inquiry" } })).toBe(true);
    expect(stored("inquiry", { status: 200, json: { status: false } })).toBe(false);
  });

  it("a flush goes oldest first and stops at the first entry that must wait", async () => {
    const store = memoryStore();
    const a = { ...quote(0), createdAt: 1 };
    const b = { ...quote(0), createdAt: 2 };
    const c = { ...quote(0), createdAt: 3 };
    for (const e of [c, a, b]) await store.put(e);
    const { calls, transport } = fakeServer((_c, n) => (n === 2 ? "offline" : leadOk()));
    const reports = await flushOutbox(store, transport);
    expect(reports.map((r) => [r.key, r.outcome.kind])).toEqual([
      [a.key, "sent"],
      [b.key, "kept"],
    ]);
    expect(calls.map((x) => x.headers["Idempotency-Key"])).toEqual([a.key, b.key]);
    expect((await store.all()).map((e) => e.key)).toEqual([b.key, c.key]);
  });
});

// Issue 33, item 4: a request the server holds for the office gets a claim where the photo token
// would be; its photos stay on the device until the office releases it, or the request is deleted.
describe("photos of a request the office looks at first", () => {
  const T0 = Date.parse("2031-03-04T17:00:00Z");
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => void vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const refusedToken: Answer = { status: 401, json: { status: false, error: "This upload link is not valid." } };
  const notYet: Answer = { status: 202, json: { status: true, data: { waiting: true } } };
  const tokenNow = (t: string): Answer => ({ status: 200, json: { status: true, data: { photoToken: t } } });
  const asks = (calls: Call[]) => calls.filter((c) => c.path === PHOTO_TOKEN_PATH);

  it("keeps the photos while the server says 'not yet', asks again later and later, then sends them with the token it gets", async () => {
    const store = memoryStore();
    const e = quote(2);
    await store.put(e);
    let released = false;
    const server = fakeServer((c, n) => {
      if (c.path === LEAD_PATH.quote) return leadOk("claim-1");
      if (c.path === PHOTO_TOKEN_PATH) return released ? tokenNow("tok-2") : notYet;
      return c.headers["X-Photo-Token"] === "tok-2" ? photoOk(n) : refusedToken;
    });
    expect(await sendEntry(e, store, server.transport)).toEqual({ kind: "awaiting", nextAskAt: T0 + CLAIM_FIRST_WAIT_MS });
    expect(server.calls.map((c) => c.path)).toEqual([LEAD_PATH.quote, PHOTO_PATH, PHOTO_TOKEN_PATH]);
    expect(asks(server.calls)[0].headers).toEqual({ "X-Photo-Token": "claim-1" });
    // Still on the device, every photo with its Blob, waiting.
    const [kept] = await store.all();
    expect(kept).toMatchObject({ leadSent: true, photoClaim: "claim-1", claimWaiting: true, claimAsks: 1 });
    expect(kept.photoToken).toBeUndefined();
    expect(kept.photos.map((p) => [p.state, p.blob instanceof Blob])).toEqual([
      ["pending", true],
      ["pending", true],
    ]);
    expect(awaitingPhotos(kept)).toBe(true);

    // A page visit before it is due asks nothing.
    later(30_000);
    expect((await flushOutbox(store, server.transport)).map((r) => r.outcome)).toEqual([{ kind: "awaiting", nextAskAt: T0 + CLAIM_FIRST_WAIT_MS }]);
    expect(server.calls).toHaveLength(3);
    // Then it asks, and waits twice as long after each 'not yet'.
    later(31_000);
    expect((await flushOutbox(store, server.transport))[0].outcome).toEqual({ kind: "awaiting", nextAskAt: Date.now() + 2 * CLAIM_FIRST_WAIT_MS });
    expect(asks(server.calls)).toHaveLength(2);
    expect([1, 2, 3, 9, 10, 30].map(claimWait)).toEqual([1, 2, 4, 256, 360, 360].map((m) => m * CLAIM_FIRST_WAIT_MS));
    expect(claimWait(30)).toBe(CLAIM_MAX_WAIT_MS);

    // The office pressed 'Not spam': the next ask gets a token, and both photos go with it.
    released = true;
    later(2 * CLAIM_FIRST_WAIT_MS);
    const [report] = await flushOutbox(store, server.transport);
    expect(report.outcome).toEqual({ kind: "sent", failed: [], photosOnly: true });
    const uploads = server.calls.filter((c) => c.path === PHOTO_PATH).slice(1);
    expect(uploads.map((c) => [c.headers["X-Photo-Token"], c.headers["Idempotency-Key"]])).toEqual([
      ["tok-2", e.photos[0].key],
      ["tok-2", e.photos[1].key],
    ]);
    expect(await store.all()).toEqual([]);
  });

  it("drops the photos once the request is gone: a 401 after 'not yet', a 410, or 31 days after it was stored without asking", async () => {
    const store = memoryStore();
    const gone = quote(1);
    const late = { ...quote(2), createdAt: 2000 };
    for (const e of [gone, late]) await store.put(e);
    let deleted = false;
    const server = fakeServer((c) => (c.path === LEAD_PATH.quote ? leadOk("claim") : c.path === PHOTO_TOKEN_PATH ? (deleted ? refusedToken : notYet) : refusedToken));
    expect((await flushOutbox(store, server.transport)).map((r) => r.outcome.kind)).toEqual(["awaiting", "awaiting"]);

    deleted = true;
    later(CLAIM_FIRST_WAIT_MS);
    const [first, second] = await flushOutbox(store, server.transport);
    expect(first).toMatchObject({ key: gone.key, outcome: { kind: "dropped", photos: [{ key: gone.photos[0].key }] } });
    expect(second.outcome.kind).toBe("dropped");
    expect(await store.all()).toEqual([]);

    // Asked for the last time long ago: dropped on the device, without a request.
    const old = quote(1);
    await store.put(old);
    const asked = fakeServer((c) => (c.path === LEAD_PATH.quote ? leadOk("claim") : c.path === PHOTO_TOKEN_PATH ? notYet : refusedToken));
    await flushOutbox(store, asked.transport);
    const before = asked.calls.length;
    later(CLAIM_KEEP_MS + 1);
    expect((await flushOutbox(store, asked.transport))[0].outcome.kind).toBe("dropped");
    expect(asked.calls).toHaveLength(before);
    expect(await store.all()).toEqual([]);

    const tooOld = quote(1);
    await store.put(tooOld);
    const expired = fakeServer((c) => (c.path === LEAD_PATH.quote ? leadOk("claim") : c.path === PHOTO_TOKEN_PATH ? { status: 410, json: { status: false, error: "The photos of this request can no longer be sent." } } : refusedToken));
    expect((await flushOutbox(store, expired.transport))[0].outcome.kind).toBe("dropped");
  });

  it("a token the server does not know that is no claim either fails the photos, as a refused token always did", async () => {
    const store = memoryStore();
    const e = quote(2);
    const { calls, transport } = fakeServer((c) => (c.path === LEAD_PATH.quote ? leadOk("garbage") : refusedToken));
    expect(await sendEntry(e, store, transport)).toEqual({
      kind: "sent",
      failed: [
        expect.objectContaining({ name: "p1.jpg", state: "failed", error: "This upload link is not valid." }),
        expect.objectContaining({ name: "p2.jpg", state: "failed", error: "This upload link is not valid." }),
      ],
    });
    expect(calls.map((c) => c.path)).toEqual([LEAD_PATH.quote, PHOTO_PATH, PHOTO_TOKEN_PATH]);
  });

  it("a busy server or no connection while asking keeps the photos; a flush goes on past photos waiting for the office", async () => {
    const store = memoryStore();
    const held = { ...quote(1), createdAt: 1 };
    const next = { ...quote(0), createdAt: 2 };
    for (const e of [held, next]) await store.put(e);
    let ask: Answer | "offline" = { status: 503, json: null };
    const server = fakeServer((c) => (c.path === LEAD_PATH.quote ? leadOk(c.headers["Idempotency-Key"] === held.key ? "claim" : undefined) : c.path === PHOTO_TOKEN_PATH ? ask : refusedToken));
    const reports = await flushOutbox(store, server.transport);
    expect(reports.map((r) => [r.key, r.outcome.kind])).toEqual([
      [held.key, "awaiting"],
      [next.key, "sent"],
    ]);
    ask = "offline";
    later(CLAIM_FIRST_WAIT_MS);
    expect((await flushOutbox(store, server.transport))[0].outcome).toEqual({ kind: "kept", leadSent: true, reason: "offline" });
    expect((await store.all()).map((e) => [e.key, e.photos[0].state])).toEqual([[held.key, "pending"]]);
  });

  it("a real request's photos go with the answer's token as before: no ask", async () => {
    const store = memoryStore();
    const { calls, transport } = fakeServer((c, n) => (c.path === LEAD_PATH.quote ? leadOk("tok") : photoOk(n - 1)));
    expect(await sendEntry(quote(2), store, transport)).toEqual({ kind: "sent", failed: [] });
    expect(asks(calls)).toEqual([]);
  });
});

describe("one sender at a time", () => {
  it("skips while another sender holds the Web Lock, and runs alone without Web Locks", async () => {
    let held = false;
    const locks = {
      request: async (_n: string, _o: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<unknown>) => cb(held ? null : {}),
    };
    let runs = 0;
    expect(await asOnlySender(async () => void runs++, locks)).toBe(true);
    held = true;
    expect(await asOnlySender(async () => void runs++, locks)).toBe(false);
    expect(runs).toBe(1);
    // Without Web Locks: two at once in one page → the second is refused.
    let release!: () => void;
    const first = asOnlySender(() => new Promise<void>((r) => (release = r)), undefined);
    expect(await asOnlySender(async () => void runs++, undefined)).toBe(false);
    release();
    expect(await first).toBe(true);
  });
});

describe("the fetch transport", () => {
  it("turns a network error and a timeout into Offline, and gives other errors back", async () => {
    const t1 = fetchTransport(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(t1.postJson("/x", {}, {}, 1000)).rejects.toBeInstanceOf(Offline);
    const t2 = fetchTransport((_u, init) => new Promise((_r, reject) => init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))));
    await expect(t2.postJson("/x", {}, {}, 20)).rejects.toBeInstanceOf(Offline);
    const t3 = fetchTransport(async () => new Response("<html>", { status: 502 }));
    expect(await t3.postJson("/x", {}, {}, 1000)).toEqual({ status: 502, json: null });
    let sent: RequestInit | undefined;
    const t4 = fetchTransport(async (_u, init) => ((sent = init), new Response('{"status":true}', { status: 201 })));
    const blob = new Blob([new Uint8Array([1, 2])], { type: "image/png" });
    expect(await t4.upload("/p", blob, { "X-Photo-Token": "t" }, 1000)).toEqual({ status: 201, json: { status: true } });
    expect(sent!.headers).toMatchObject({ "Content-Type": "image/png", "X-Photo-Token": "t" });
    expect(sent!.body).toBe(blob);
  });
});
