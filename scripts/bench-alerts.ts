/**
 * `npm run bench:alerts` (issue 34): speed to lead. 200 quote requests at 20 concurrent against the
 * contact function served over loopback HTTP (embedded Postgres over the wire protocol, or a fresh
 * database on the server at BENCH_DATABASE_URL), while the push service stand-in and the Twilio
 * stand-in fail one call in five (429s, 5xx and timeouts, as real ones do on a bad day).
 *
 * The office's rota puts two people on duty with two phones each, and a third person off duty with
 * one (who must get nothing). Half the visitors tick the box for texts, each with their own number.
 * The functions run as on Netlify: the submit's background work (alerts first, then the text, the
 * e-mails and Zoho) goes on after the answer (waitUntil), and the every-minute job runs at its
 * deployed schedule, once a minute from the start.
 *
 * Prints p50 and p95 from submit to push delivered and from submit to text accepted, pushes per
 * lead and per on-duty device, texts per consenting visitor, and what the off-duty phone got.
 * Exit code 1 unless every lead reached every on-duty device exactly once, every consenting visitor
 * got exactly one text, p95 to push ≤ 5 s and p95 to text ≤ 60 s. BENCH_LEADS_ALERTS and
 * BENCH_CLIENTS_ALERTS change the counts.
 */
import { benchDatabase } from "./lib/database.ts";
import { loopbackFunctions } from "./lib/bench-server.ts";
import { startFakePush } from "../tests/helpers/fake-push.ts";
import { startFakeTwilio } from "../tests/helpers/fake-twilio.ts";
import { SMS_CONSENT_VERSIONS } from "../src/lib/contracts/sms.ts";

const LEADS = Number(process.env.BENCH_LEADS_ALERTS || 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS_ALERTS || 20);
const FAIL = 0.2;
const JOB_EVERY_MS = 60_000;

process.env.LOG_SILENT = "1";
delete process.env.SMTP_HOST;
delete process.env.ZOHO_CLIENT_ID;
const push = await startFakePush();
push.failRandomly(FAIL);
const twilio = await startFakeTwilio();
twilio.failRandomly(FAIL);
Object.assign(process.env, twilio.env(), { LEAD_NOTIFY_EMAIL: "office@example.com", PUSH_TIMEOUT_MS: "3000" });

const database = await benchDatabase("bench_alerts", process.env.BENCH_DATABASE_URL);
process.env.DATABASE_URL = database.url;
console.log(`▸ Database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server (fresh database)" : "embedded PGlite over the wire protocol"}`);
const { getDb } = await import("../src/server/db/index.ts");
const { saveDevice } = await import("../src/server/alerts/push.ts");
const { saveAlertSettings } = await import("../src/server/alerts/lead-alerts.ts");
const { runAlertsJob } = await import("../src/server/jobs/index.ts");
const { createLogger } = await import("../src/server/logs/logger.ts");
const contact = (await import("../functions/public-contact.ts")).default;
const db = await getDb();

// The office: Ann and Ben on duty all week (two phones each), Cat off duty (one phone).
const staff = async (email: string) => (await db.query<{ id: string }>("INSERT INTO users (email, name, role) VALUES ($1, $1, 'admin') RETURNING id", [email])).rows[0].id;
const [ann, ben, cat] = [await staff("ann@office.example"), await staff("ben@office.example"), await staff("cat@office.example")];
const onDuty = new Set<string>();
for (const [who, phones] of [[ann, 2], [ben, 2], [cat, 1]] as const) {
  for (let i = 0; i < phones; i++) {
    const sub = push.subscribe();
    await saveDevice(db, who, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, label: `phone ${i + 1}` });
    if (who !== cat) onDuty.add(sub.id);
  }
}
const allWeek = (userId: string) =>
  [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
    { day, from: "00:00", to: "23:59", userId },
    { day, from: "23:59", to: "00:00", userId },
  ]);
await saveAlertSettings(db, { rota: [...allWeek(ann), ...allWeek(ben)], quiet: null, onCall: null, escalation: [] }, "bench");

// The contact function behind a loopback server, with Netlify's context: the background work
// runs on after the answer, as waitUntil keeps a function alive.
const loopback = await loopbackFunctions((request, ctx) => contact(request, ctx as never), "x-bench-visitor");
const { base, background } = loopback;

// The every-minute job, at its schedule.
const log = createLogger("job/alerts");
let jobs = 0;
const job = setInterval(() => {
  jobs++;
  void runAlertsJob(db, log).catch((e) => console.error(`job failed: ${e}`));
}, JOB_EVERY_MS);

const submitted = new Map<string, { at: number; phone: string | null }>();
const statuses = new Map<number, number>();
let next = 0;
const started = Date.now();
async function client() {
  while (next < LEADS) {
    const i = next++;
    const name = `Visitor ${String(i).padStart(3, "0")}`;
    const texts = i % 2 === 0;
    const phone = `(239) 555-${String(1000 + i).padStart(4, "0")}`;
    const body = {
      fullName: name,
      email: `visitor${i}@example.com`,
      phone,
      address: "123 Canal St, Cape Coral, FL",
      subject: "Boat Lifts",
      website: "",
      startedAt: Date.now() - 60_000,
      page: "/contact",
      ...(texts ? { smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSIONS.at(-1) } : {}),
    };
    const at = Date.now();
    const r = await fetch(`${base}/api/public/contact`, { method: "POST", headers: { "content-type": "application/json", origin: base, "x-bench-visitor": `198.51.${Math.floor(i / 250)}.${i % 250}` }, body: JSON.stringify(body) });
    await r.text();
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    submitted.set(name, { at, phone: texts ? `+1239555${String(1000 + i).padStart(4, "0")}` : null });
  }
}
await Promise.all(Array.from({ length: CLIENTS }, client));
const submitSeconds = (Date.now() - started) / 1000;

// Wait until everything expected arrived (or three minutes, with the job running at its schedule).
const expectedPushes = LEADS * onDuty.size;
const consenting = [...submitted.values()].filter((s) => s.phone).length;
const deadline = Date.now() + 180_000;
while (Date.now() < deadline) {
  const pushes = push.received.filter((m) => onDuty.has(m.id)).length;
  if (pushes >= expectedPushes && twilio.messages.length >= consenting) break;
  await new Promise((r) => setTimeout(r, 250));
}
await Promise.allSettled(background);
clearInterval(job);

// Figures.
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const leadOf = (body: string) => body.split(" · ")[0];
const pushMs: number[] = [];
const perLeadDevice = new Map<string, number>();
for (const m of push.received) {
  const lead = submitted.get(leadOf(m.payload.body));
  if (!lead) continue;
  const key = `${leadOf(m.payload.body)}|${m.id}`;
  perLeadDevice.set(key, (perLeadDevice.get(key) ?? 0) + 1);
  if (onDuty.has(m.id)) pushMs.push(m.at - lead.at);
}
const offDuty = push.received.filter((m) => !onDuty.has(m.id) && submitted.has(leadOf(m.payload.body))).length;
const duplicates = [...perLeadDevice.values()].filter((n) => n > 1).length;
const missingPushes = [...submitted.keys()].flatMap((name) => [...onDuty].filter((d) => !perLeadDevice.has(`${name}|${d}`))).length;
const byNumber = new Map<string, number>();
const textMs: number[] = [];
const sentAtByNumber = new Map([...submitted.values()].filter((s) => s.phone).map((s) => [s.phone!, s.at]));
for (const t of twilio.messages) {
  byNumber.set(t.to, (byNumber.get(t.to) ?? 0) + 1);
  const at = sentAtByNumber.get(t.to);
  if (at !== undefined) textMs.push(t.at - at);
}
const doubleTexts = [...byNumber.values()].filter((n) => n > 1).length;
const missingTexts = [...sentAtByNumber.keys()].filter((n) => !byNumber.has(n)).length;
const unasked = [...byNumber.keys()].filter((n) => !sentAtByNumber.has(n)).length;

const p95push = pct(pushMs, 95);
const p95text = pct(textMs, 95);
console.log(`
leads                ${LEADS} quote requests from ${CLIENTS} clients in ${submitSeconds.toFixed(1)} s (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}); the job ran ${jobs} time(s)
push service         ${push.requests} requests, ${push.received.length} delivered (${Math.round(FAIL * 100)} % failed on purpose)
submit → push        p50 ${pct(pushMs, 50).toFixed(0)} ms, p95 ${p95push.toFixed(0)} ms, max ${Math.max(...pushMs).toFixed(0)} ms (limit p95 5000 ms) ${p95push <= 5000 ? "✓" : "✗"}
pushes per lead      ${(pushMs.length / LEADS).toFixed(2)} (${onDuty.size} on-duty devices); missing ${missingPushes}, duplicates ${duplicates}, off-duty phone got ${offDuty} ${missingPushes + duplicates + offDuty === 0 ? "✓" : "✗"}
Twilio               ${twilio.requests.length} requests, ${twilio.messages.length} accepted (${Math.round(FAIL * 100)} % failed on purpose)
submit → text        p50 ${pct(textMs, 50).toFixed(0)} ms, p95 ${p95text.toFixed(0)} ms, max ${Math.max(...textMs).toFixed(0)} ms (limit p95 60000 ms) ${p95text <= 60_000 ? "✓" : "✗"}
texts per visitor    ${(twilio.messages.length / consenting).toFixed(2)} for ${consenting} who asked; missing ${missingTexts}, doubles ${doubleTexts}, to anyone who did not ask ${unasked} ${missingTexts + doubleTexts + unasked === 0 ? "✓" : "✗"}`);

loopback.close();
await push.stop();
await twilio.stop();
await db.close();
await database.stop();
const ok = p95push <= 5000 && p95text <= 60_000 && missingPushes + duplicates + offDuty === 0 && missingTexts + doubleTexts + unasked === 0;
process.exit(ok ? 0 : 1);
