/**
 * `npm run bench:leads`: 500 quote requests from 50 concurrent clients against the contact
 * function served over loopback HTTP, on embedded Postgres reached over the wire protocol, while
 * the fake Zoho fails half its CRM calls (500s and timeouts, before and after doing the work).
 * Then the CRM heals and the scheduled retry runs until every lead is synced. Prints requests
 * accepted, leads stored, leads synced, duplicates and latency.
 *
 * Each request comes from its own visitor IP (500 visitors, not one client hammering the form),
 * so the per-IP rate limit does not reject them. Between retry rounds the backoff is skipped by
 * making the failed leads due at once — the benchmark's only stand-in for time passing.
 *
 * `--edge-503` (issue 25): 10 % of the submits are answered 503 by "the edge" (an HTML page, as a
 * CDN's error is), half before the function ran and half after it had stored the lead (the
 * client cannot tell which). Each client sends as the browser's outbox does (src/lib/lead-outbox.ts:
 * one Idempotency-Key per request, the entry kept on a 5xx and sent again), so every lead must
 * still arrive exactly once.
 *
 * `--photos` (issue 13): 100 quote requests with 3 photos each from 20 clients instead, each sent
 * twice with one Idempotency-Key, photos uploaded and retried with theirs, Zoho attachments
 * checked for exactly once (scripts/lib/bench-lead-photos.ts). BENCH_REQUESTS / BENCH_CLIENTS
 * change the counts in both modes.
 */
import { benchDatabase } from "./lib/database.ts";
import { loopbackFunctions } from "./lib/bench-server.ts";
import { startFakeZoho } from "../tests/helpers/fake-zoho.ts";
import { leadRef } from "../src/server/crm/records.ts";

const PHOTOS = process.argv.includes("--photos");
const EDGE_503 = process.argv.includes("--edge-503") ? 0.1 : 0;
const REQUESTS = Number(process.env.BENCH_REQUESTS || (PHOTOS ? 100 : 500));
const CLIENTS = Number(process.env.BENCH_CLIENTS || (PHOTOS ? 20 : 50));
const FAIL_FRACTION = 0.5;

process.env.LOG_SILENT = "1";
const zoho = await startFakeZoho({ hangMs: 600 });
Object.assign(process.env, {
  ZOHO_CLIENT_ID: "fake-client",
  ZOHO_CLIENT_SECRET: "fake-secret",
  ZOHO_REFRESH_TOKEN: "fake-refresh",
  ZOHO_ACCOUNTS_URL: zoho.url,
  ZOHO_API_URL: zoho.url,
  ZOHO_TIMEOUT_MS: "400",
  LEAD_NOTIFY_EMAIL: "office@example.com",
});
delete process.env.SMTP_HOST;

// Embedded PGlite over the wire protocol (as `npm run dev` serves it), or a fresh database on the
// PostgreSQL server at BENCH_DATABASE_URL.
const database = await benchDatabase("bench_leads", process.env.BENCH_DATABASE_URL);
process.env.DATABASE_URL = database.url;
console.log(`▸ Database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server (fresh database)" : "embedded PGlite over the wire protocol"}`);
// Imported after the environment is set: the database module reads it on first use.
const { getDb } = await import("../src/server/db/index.ts");
const { retryDueLeads } = await import("../src/server/leads/crm-queue.ts");
const contact = (await import("../functions/public-contact.ts")).default;
const photoUpload = (await import("../functions/lead-photos.ts")).default;
const db = await getDb();

// The functions behind a loopback HTTP server, with Netlify's context (ip, waitUntil).
const loopback = await loopbackFunctions(async (request, ctx, url) => {
  // "The edge" answers 503 to some submits (--edge-503): before the function, or after it ran.
  const edge = EDGE_503 && url === "/api/public/contact" ? edgeFate() : "pass";
  if (edge === "before") return edgeError();
  const answer = await (url.startsWith("/api/leads/photos") ? photoUpload : contact)(request, ctx as never);
  if (edge === "after") return (await answer.text(), edgeError());
  return answer;
}, "x-bench-visitor");
const { base, background } = loopback;
let edgeCalls = 0;
const edgeCounts = { before: 0, after: 0 };
/** Every tenth call of the contact endpoint fails at the edge, alternately before and after the function. */
function edgeFate(): "pass" | "before" | "after" {
  if (++edgeCalls % Math.round(1 / EDGE_503) !== 0) return "pass";
  const fate = edgeCounts.before <= edgeCounts.after ? "before" : "after";
  edgeCounts[fate]++;
  return fate;
}
const edgeError = () => new Response("<html><body><h1>503 Service Unavailable</h1></body></html>", { status: 503, headers: { "content-type": "text/html" } });

zoho.failFraction(FAIL_FRACTION, ["500", "500-after", "timeout", "timeout-after"]);
if (PHOTOS) {
  const { benchLeadPhotos } = await import("./lib/bench-lead-photos.ts");
  const { retryDuePhotos } = await import("../src/server/leads/photo-sync.ts");
  const ok = await benchLeadPhotos({
    db,
    base,
    zoho,
    background,
    requests: REQUESTS,
    clients: CLIENTS,
    failFraction: FAIL_FRACTION,
    retry: {
      leads: (d) => retryDueLeads(d, { workers: 8, limit: 10_000, deadlineMs: 600_000 }),
      photos: (d) => retryDuePhotos(d, { workers: 8, limit: 10_000, deadlineMs: 600_000 }),
    },
  });
  loopback.close();
  await zoho.close();
  await db.close();
  await database.stop();
  process.exit(ok ? 0 : 1);
}
console.log(
  `▸ ${REQUESTS} quote requests, ${CLIENTS} concurrent clients; fake Zoho failing ${FAIL_FRACTION * 100}% of CRM calls` +
    (EDGE_503 ? `; ${EDGE_503 * 100}% of submits answered 503 at the edge, sent again by the browser's outbox logic` : ""),
);
const { fetchTransport, memoryStore, newEntry, sendEntry } = await import("../src/lib/lead-outbox.ts");
let resent = 0;

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (next < REQUESTS) {
      const i = next++;
      const body = {
        fullName: `Bench Visitor ${i}`,
        email: `bench.visitor-${i}@example.com`,
        phone: `239-555-${String(i).padStart(4, "0")}`,
        address: `${i} Canal St, Cape Coral, FL`,
        subject: ["Custom Docks", "Boat Lifts", "Seawalls", "Dredging"][i % 4],
        website: "",
        startedAt: Date.now() - 20_000,
        page: "/contact",
        referrer: "",
        utm: { source: "bench" },
      };
      const visitor = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const t = performance.now();
      if (EDGE_503) {
        // As the browser's outbox sends: one key, kept on a 5xx, sent again until stored.
        const store = memoryStore();
        const entry = newEntry("quote", body);
        await store.put(entry);
        let status = 0;
        const transport = fetchTransport((path, init) => fetch(`${base}${path}`, { ...init, headers: { ...(init?.headers as Record<string, string>), "x-bench-visitor": visitor } }).then((r) => ((status = r.status), r)));
        for (let tries = 0; ; tries++) {
          const outcome = await sendEntry((await store.all())[0], store, transport);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (outcome.kind !== "kept") break;
          resent++;
          if (tries > 20) throw new Error(`request ${i} still kept after 20 tries`);
        }
        latencies.push(performance.now() - t);
        continue;
      }
      const r = await fetch(`${base}/api/public/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-bench-visitor": visitor },
        body: JSON.stringify(body),
      });
      await r.text();
      latencies.push(performance.now() - t);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  }),
);
const submitSeconds = (performance.now() - started) / 1000;
await Promise.all(background);
const count = async (where: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM leads WHERE ${where}`)).rows[0].n);
const afterFirstTry = await count("crm_state = 'synced'");

// One scheduled run while the CRM still fails, then the CRM heals and runs repeat until done.
await db.query("UPDATE leads SET next_attempt_at = now() WHERE crm_state = 'failed'");
const failingRun = await retryDueLeads(db, { workers: 8, limit: 10_000, deadlineMs: 600_000 });
zoho.heal();
let rounds = 0;
while ((await count("crm_state IN ('pending','failed')")) > 0 && rounds < 20) {
  rounds++;
  await db.query("UPDATE leads SET next_attempt_at = now(), claimed_until = NULL WHERE crm_state IN ('pending','failed')");
  await retryDueLeads(db, { workers: 8, limit: 10_000, deadlineMs: 600_000 });
}

const leads = (await db.query<{ id: string; crm_lead_id: string; crm_deal_id: string }>("SELECT id, crm_lead_id, crm_deal_id FROM leads")).rows;
const distinct = Number((await db.query<{ n: string }>("SELECT count(DISTINCT email) AS n FROM leads")).rows[0].n);
const perRef = (module: "Leads" | "Deals") => {
  const m = new Map<string, number>();
  for (const r of zoho.records[module]) {
    const ref = String(r.Description ?? "").match(/WL[0-9a-f]{32}/)?.[0];
    if (ref) m.set(ref, (m.get(ref) ?? 0) + 1);
  }
  return m;
};
const leadRecords = perRef("Leads");
const dealRecords = perRef("Deals");
const accountNames = zoho.records.Accounts.map((a) => a.Account_Name);
const duplicateAccounts = accountNames.length - new Set(accountNames).size;
const duplicates = leads.filter((l) => (leadRecords.get(leadRef(l.id)) ?? 0) > 1 || (dealRecords.get(leadRef(l.id)) ?? 0) > 1).length;
const missing = leads.filter((l) => leadRecords.get(leadRef(l.id)) !== 1 || dealRecords.get(leadRef(l.id)) !== 1).length - duplicates;
const idsMatch = leads.filter((l) => zoho.records.Leads.find((r) => r.id === l.crm_lead_id) && zoho.records.Deals.find((r) => r.id === l.crm_deal_id)).length;
const sorted = latencies.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
const injected = zoho.calls.filter((c) => c.failed).length;

console.log(`
requests sent        ${REQUESTS} in ${submitSeconds.toFixed(1)} s (${(REQUESTS / submitSeconds).toFixed(0)} req/s)
requests accepted    ${statuses.get(200) ?? 0}   (statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")})${
  EDGE_503 ? `\nedge 503s            ${edgeCounts.before + edgeCounts.after} (${edgeCounts.before} before the function, ${edgeCounts.after} after it stored the lead); ${resent} sent again` : ""
}
distinct visitors    ${distinct} of ${REQUESTS} (a lead lost or stored twice shows here)
leads stored         ${await count("true")}
synced on first try  ${afterFirstTry}  (background sync right after each answer, CRM failing)
retry while failing  ${failingRun.synced} of ${failingRun.tried} synced
retry rounds healed  ${rounds}
leads synced         ${await count("crm_state = 'synced'")}
CRM ids match Zoho   ${idsMatch}
duplicates           ${duplicates}  (leads with more than one CRM lead or deal; duplicate accounts: ${duplicateAccounts})
missing in CRM       ${missing}
CRM calls            ${zoho.calls.length} (${injected} failed on purpose), token refreshes ${zoho.refreshes}
latency p50          ${pct(50)} ms
latency p95          ${pct(95)} ms
latency max          ${sorted.at(-1)!.toFixed(1)} ms`);

loopback.close();
await zoho.close();
await db.close();
await database.stop();

const ok = (statuses.get(200) ?? 0) === REQUESTS && leads.length === REQUESTS && distinct === REQUESTS && duplicates === 0 && duplicateAccounts === 0 && missing === 0;
process.exit(ok ? 0 : 1);
