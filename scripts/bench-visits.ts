/**
 * `npm run bench:visits` (issue 35): 500 bookings of the free site visit from 50 concurrent clients
 * against 100 free slots, through the booking function served over loopback HTTP, on embedded
 * Postgres reached over the wire protocol (or a fresh database on the PostgreSQL server at
 * BENCH_DATABASE_URL). Bookings 5k to 5k+4 ask for slot k, so each slot is asked for five times by
 * clients in flight at once.
 * Prints successes (which must equal the free slots), 409s, latency, and double bookings (which
 * must be 0), as Postgres itself counts them: visits that are not cancelled and overlap. Exit code 1
 * otherwise. BENCH_REQUESTS / BENCH_CLIENTS change the counts.
 */
import { benchDatabase } from "./lib/database.ts";
import { loopbackFunctions } from "./lib/bench-server.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS || 500);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);

process.env.LOG_SILENT = "1";
Object.assign(process.env, { LEAD_NOTIFY_EMAIL: "office@example.com" });
for (const k of ["SMTP_HOST", "ZOHO_CLIENT_ID", "TWILIO_ACCOUNT_SID"]) delete process.env[k];

const database = await benchDatabase("bench_visits", process.env.BENCH_DATABASE_URL);
process.env.DATABASE_URL = database.url;
console.log(`▸ Database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server (fresh database)" : "embedded PGlite over the wire protocol"}`);
// Imported after the environment is set: the database module reads it on first use.
const { getDb } = await import("../src/server/db/index.ts");
const { DEFAULT_VISIT_SETTINGS, saveVisitSettings } = await import("../src/server/visits/settings.ts");
const book = (await import("../functions/visits-book.ts")).default;
const slotsFn = (await import("../functions/visits-slots.ts")).default;
const db = await getDb();

// 100 slots: every day 8:00-16:00 (five a day: 60 minutes on site, 30 to drive), 20 days ahead.
await saveVisitSettings(db, { ...DEFAULT_VISIT_SETTINGS, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "08:00", to: "16:00" })), maxPerDay: 5, minDaysAhead: 1, maxDaysAhead: 20 }, "bench");

const loopback = await loopbackFunctions(async (request, ctx, url) => (url.startsWith("/api/public/visits/slots") ? slotsFn : book)(request, ctx as never), "x-bench-visitor");
const { base, background } = loopback;

const open = (await (await fetch(`${base}/api/public/visits/slots`, { headers: { "x-bench-visitor": "10.255.0.1" } })).json()) as { data: { slots: { start: string }[] } };
const slots = open.data.slots.map((s) => s.start);
const perSlot = Math.max(1, Math.round(REQUESTS / slots.length));
console.log(`▸ ${REQUESTS} bookings, ${CLIENTS} concurrent clients, against ${slots.length} free slots (each asked for ${perSlot} times at once)`);

const latencies: number[] = [];
const statuses = new Map<number, number>();
let nextSlotsOffered = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (next < REQUESTS) {
      const i = next++;
      const body = {
        slot: slots[Math.floor(i / perSlot) % slots.length],
        fullName: `Bench Homeowner ${i}`,
        email: `bench.homeowner-${i}@example.com`,
        phone: `239-555-${String(i).padStart(4, "0")}`,
        address: `${i} Canal St, Cape Coral`,
        zip: "33904",
        website: "",
        startedAt: Date.now() - 20_000,
        page: "/book",
      };
      const t = performance.now();
      const r = await fetch(`${base}/api/public/visits`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-bench-visitor": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify(body),
      });
      const answer = (await r.json()) as { data?: { next?: unknown[] } };
      latencies.push(performance.now() - t);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status === 409 && answer.data?.next?.length) nextSlotsOffered++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await Promise.all(background);

const n = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
const visits = await n("SELECT count(*) AS n FROM visits WHERE status <> 'cancelled'");
const doubleBooked = await n(
  `SELECT count(*) AS n FROM visits a JOIN visits b ON a.id < b.id
    WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`,
);
const sameStart = await n("SELECT count(*) AS n FROM (SELECT starts_at FROM visits WHERE status <> 'cancelled' GROUP BY starts_at HAVING count(*) > 1) s");
const leads = await n("SELECT count(*) AS n FROM leads");
const confirmations = await n("SELECT count(*) AS n FROM outbox WHERE kind = 'visit-confirm'");
const sorted = latencies.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
const successes = statuses.get(201) ?? 0;
const conflicts = statuses.get(409) ?? 0;
const others = [...statuses].filter(([s]) => s !== 201 && s !== 409);

console.log(`
bookings sent        ${REQUESTS} in ${seconds.toFixed(1)} s (${(REQUESTS / seconds).toFixed(0)} req/s)
free slots           ${slots.length}
successes (201)      ${successes}${successes === slots.length ? "   = the free slots" : `   ✗ expected ${slots.length}`}
slot taken (409)     ${conflicts}   (${nextSlotsOffered} offered the next free slots, ${conflicts - nextSlotsOffered} came when none was left)
other answers        ${others.length ? others.map(([s, c]) => `${s}×${c}`).join(", ") : "none"}
latency              p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${sorted.at(-1)!.toFixed(1)} ms
visits stored        ${visits}
double bookings      ${doubleBooked} overlapping pairs, ${sameStart} slots booked twice
leads stored         ${leads} (one per success: a refused booking stores nothing)
confirmations        ${confirmations} e-mails queued`);

loopback.close();
await db.close();
await database.stop();
const ok = successes === slots.length && doubleBooked === 0 && sameStart === 0 && visits === successes && leads === successes && confirmations === successes && others.length === 0;
if (!ok) console.error("✗ the bookings did not come out as they must");
process.exit(ok ? 0 : 1);
