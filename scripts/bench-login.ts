/**
 * `npm run bench:login` (issue 33): a password-guessing attack on one account, as a stranger with
 * many addresses would run it, against the log-in and health functions served over loopback HTTP
 * on embedded Postgres reached over the wire protocol (or a fresh database on the server at
 * BENCH_DATABASE_URL).
 *
 * The attacker uses 50 addresses and keeps 20 requests in flight, round after round, for one hour
 * of attack time. Each round is 20 requests at once, each from the next address. Whenever a whole
 * round is refused (429), nothing can change until the soonest Retry-After: the benchmark then
 * makes that much time pass by moving every stored time of the log-in limits back (rate_limit,
 * login_throttle, sessions), the benchmark's only stand-in for waiting. The attacker wastes no
 * second of a lock, so the count is the most a real one could get.
 *
 * Meanwhile `/api/health` is asked every 100 ms (real time), and the account's owner logs in every
 * 10 rounds from a browser that signed in before the attack (its device cookie).
 *
 * Prints the guesses that reached a password check in the hour (limit: 20), health's p50/p95/max
 * during the attack (limit: p95 under 1 s), the owner's log-ins and the e-mails the owner got.
 * Exit code 1 when a limit is broken. BENCH_ADDRESSES, BENCH_IN_FLIGHT and BENCH_HOURS change the
 * attack.
 */
import { benchDatabase } from "./lib/database.ts";
import { loopbackFunctions } from "./lib/bench-server.ts";

const ADDRESSES = Number(process.env.BENCH_ADDRESSES || 50);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT || 20);
const HOURS = Number(process.env.BENCH_HOURS || 1);
const GUESS_LIMIT_PER_HOUR = 20;
const HEALTH_P95_LIMIT_MS = 1000;

process.env.LOG_SILENT = "1";
delete process.env.SMTP_HOST;
delete process.env.AUTH_RATE_LIMIT_FACTOR;

const database = await benchDatabase("bench_login", process.env.BENCH_DATABASE_URL);
process.env.DATABASE_URL = database.url;
console.log(`▸ Database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server (fresh database)" : "embedded PGlite over the wire protocol"}`);
// Imported after the environment is set: the database module reads it on first use.
const { getDb } = await import("../src/server/db/index.ts");
const { hashPassword } = await import("../src/server/auth/password.ts");
const authIn = (await import("../functions/auth-in.ts")).default;
const health = (await import("../functions/health.ts")).default;
const db = await getDb();

// The functions behind a loopback HTTP server, with Netlify's context (ip, waitUntil).
const loopback = await loopbackFunctions((request, ctx, url) => (url === "/api/health" ? health : authIn)(request, ctx as never));
const { base } = loopback;

// The account, and the owner's laptop, which signed in from home before the attack.
const email = "bench-owner@example.com";
const password = "a long and private passphrase 42";
await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin')", [email, await hashPassword(password)]);
const logIn = (body: { email: string; password: string }, ip: string, cookie?: string) =>
  fetch(`${base}/api/auth/in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-bench-ip": ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const first = await logIn({ email, password }, "192.0.2.10");
if (first.status !== 200) throw new Error(`the owner's first log-in failed: ${first.status} ${await first.text()}`);
const laptop = first.headers.getSetCookie()[0].split(";")[0];

// Health, every 100 ms of real time, until the attack ends.
const healthMs: number[] = [];
let attacking = true;
const probe = (async () => {
  while (attacking) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/health`);
    await r.text();
    healthMs.push(r.ok ? performance.now() - t0 : Number.POSITIVE_INFINITY);
    await new Promise((done) => setTimeout(done, 100));
  }
})();

/** Makes `seconds` pass for every stored time of the log-in limits. */
async function passTime(seconds: number) {
  const by = "make_interval(secs => $1)";
  await db.query(`UPDATE rate_limit SET window_start = window_start - ${by}`, [seconds]);
  await db.query(`UPDATE login_throttle SET last_failure_at = last_failure_at - ${by}, locked_until = locked_until - ${by}`, [seconds]);
  await db.query(`UPDATE sessions SET created_at = created_at - ${by}`, [seconds]);
}

const addresses = Array.from({ length: ADDRESSES }, (_, i) => `203.0.113.${i + 1}`);
const statuses = new Map<number, number>();
let next = 0;
let guesses = 0;
let skipped = 0;
let rounds = 0;
const owner = { tries: 0, ok: 0 };
const started = performance.now();
const attackSeconds = () => (performance.now() - started) / 1000 + skipped;
const wall = performance.now();

while (attackSeconds() < HOURS * 3600) {
  rounds++;
  const answers = await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, i) => {
      const r = await logIn({ email, password: `guess ${rounds}-${i}` }, addresses[next++ % addresses.length]);
      await r.text();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      return { status: r.status, retryAfter: Number(r.headers.get("retry-after") || 0) };
    }),
  );
  guesses += answers.filter((a) => a.status === 401 || a.status === 200).length;
  if (process.env.BENCH_TRACE) console.log(`t=${attackSeconds().toFixed(0)} s: ${answers.map((a) => a.status).join(" ")}`);
  if (rounds % 10 === 0) {
    owner.tries++;
    const r = await logIn({ email, password }, "198.51.100.77", laptop);
    if (r.status === 200) owner.ok++;
    await r.text();
  }
  if (answers.every((a) => a.status === 429)) {
    const wait = Math.max(1, Math.min(...answers.map((a) => a.retryAfter || 1)));
    await passTime(wait);
    skipped += wait;
  }
}
attacking = false;
await probe;
const mails = await db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE kind = 'login-brake' AND to_address = $1", [email]);

const sorted = [...healthMs].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const perHour = guesses / HOURS;
const p95 = pct(95);
console.log(`
attack               ${ADDRESSES} addresses, ${IN_FLIGHT} requests in flight, ${HOURS} h of attack time (${((performance.now() - wall) / 1000).toFixed(1)} s real, ${skipped} s of waiting skipped)
requests             ${[...statuses.values()].reduce((a, b) => a + b, 0)} (${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")})
guesses per hour     ${perHour.toFixed(1)} (limit ${GUESS_LIMIT_PER_HOUR}) ${perHour <= GUESS_LIMIT_PER_HOUR ? "✓" : "✗"}
health during attack p50 ${pct(50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms over ${sorted.length} probes (p95 limit ${HEALTH_P95_LIMIT_MS} ms) ${p95 < HEALTH_P95_LIMIT_MS ? "✓" : "✗"}
owner's log-ins      ${owner.ok}/${owner.tries} from the laptop that signed in before ${owner.ok === owner.tries ? "✓" : "✗"}
owner's e-mails      ${mails.rows[0].n} about the guessing (one expected) ${mails.rows[0].n === "1" ? "✓" : "✗"}`);

loopback.close();
await db.close();
await database.stop();
const ok = perHour <= GUESS_LIMIT_PER_HOUR && p95 < HEALTH_P95_LIMIT_MS && owner.ok === owner.tries && mails.rows[0].n === "1";
process.exit(ok ? 0 : 1);
