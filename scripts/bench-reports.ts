/**
 * `npm run bench:reports`: the back office's reports (issue 28) on 10,000 leads. Starts the
 * embedded database as `npm run dev` does (PGlite in memory, reached over the wire protocol), seeds
 * 10,000 leads spread over the last 400 days as a small contractor's would be (sources, pages,
 * referrers, services and products, statuses with their history, answer delays, a few held as
 * spam), then runs each table's one statement several times per period and prints the median.
 * Budget: 300 ms each; the exit code is 1 when one is over. BENCH_LEADS / BENCH_RUNS change the
 * counts; BENCH_DATABASE_URL=postgres://… uses a fresh database on that server instead.
 */
import { startDatabase } from "./lib/database.ts";

const LEADS = Number(process.env.BENCH_LEADS || 10_000);
const RUNS = Number(process.env.BENCH_RUNS || 7);
const DAYS = 400;
const BUDGET_MS = 300;

process.env.LOG_SILENT = "1";
const server = process.env.BENCH_DATABASE_URL;
const database = server ? await scratchDatabase(server) : await startDatabase({ memory: true, quiet: true });
const { createDb } = await import("../src/server/db/index.ts");
const { loadServices } = await import("../src/server/content/services.ts");
const { businessHours } = await import("../src/server/reports/hours.ts");
const { resolvePeriod, addDays } = await import("../src/server/reports/period.ts");
const { sourcesReport, weeklyReport } = await import("../src/server/reports/sources.ts");
const { servicesReport } = await import("../src/server/reports/services.ts");
const { speedReport } = await import("../src/server/reports/speed.ts");
const { todayIn } = await import("../src/server/logs/window.ts");
const { OFFICE_TIME_ZONE } = await import("../src/lib/wall-clock.ts");
const db = await createDb(database.url);

// A fixed seed: every run measures the same leads.
let state = 28;
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(weighted: [T, number][]): T => {
  let r = random() * weighted.reduce((a, [, w]) => a + w, 0);
  for (const [v, w] of weighted) if ((r -= w) < 0) return v;
  return weighted[0][0];
};

const services = ((await loadServices()) ?? []).map((s) => s.title);
const products = Array.from({ length: 30 }, (_, i) => ({ id: `bench-product-${i}`, name: `Dock Accessory ${i}` }));
const UTM: [Record<string, string>, number][] = [
  [{}, 50],
  [{ source: "google", medium: "cpc", campaign: "docks" }, 12],
  [{ source: "google", medium: "cpc", campaign: "boat-lifts" }, 8],
  [{ source: "google", medium: "cpc", campaign: "seawalls" }, 5],
  [{ source: "facebook", medium: "social", campaign: "spring" }, 8],
  [{ source: "facebook", medium: "paid", campaign: "hurricane-prep" }, 5],
  [{ source: "newsletter", medium: "email", campaign: "monthly" }, 6],
  [{ source: "nextdoor", medium: "referral" }, 3],
  [{ source: "yelp" }, 3],
];
const REFERRERS: [string | null, number][] = [
  [null, 30],
  ["https://www.google.com/", 30],
  ["https://coastalmarinecapecoral.com/services", 20],
  ["https://l.facebook.com/", 8],
  ["https://www.bing.com/search?q=dock+builder", 5],
  ["https://nextdoor.com/", 4],
  ["https://www.yelp.com/biz/coastal-marine", 3],
];
const STATUS_PATHS: [string[], number][] = [
  [[], 12],
  [["contacted"], 18],
  [["contacted", "quoted"], 15],
  [["quoted"], 5],
  [["contacted", "quoted", "won"], 12],
  [["quoted", "won"], 4],
  [["contacted", "lost"], 14],
  [["contacted", "quoted", "lost"], 12],
  [["lost"], 8],
];

/** Minutes from arrival to the first status change: most within hours, some days, a few weeks. */
const DELAYS: [[number, number], number][] = [
  [[5, 120], 45],
  [[120, 24 * 60], 35],
  [[24 * 60, 5 * 24 * 60], 17],
  [[5 * 24 * 60, 30 * 24 * 60], 3],
];
const firstDelayMinutes = () => {
  const [lo, hi] = pick(DELAYS);
  return lo + random() * (hi - lo);
};

/** When a lead arrives `day` days ago: 70 % between 7 am and 7 pm in Florida, and most weekend ones moved to the Friday. */
function arrival(now: number, day: number): Date {
  const d = new Date(now - day * 86_400_000);
  if (random() < 0.7) d.setUTCHours(11 + Math.floor(random() * 12), Math.floor(random() * 60));
  else d.setUTCHours(Math.floor(random() * 24), Math.floor(random() * 60));
  const weekday = d.getUTCDay();
  if ((weekday === 0 || weekday === 6) && random() < 0.6) d.setUTCDate(d.getUTCDate() - (weekday === 0 ? 2 : 1));
  return d.getTime() > now ? new Date(now - 60_000) : d;
}

async function seed() {
  await db.query("INSERT INTO products (id, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (id) DO NOTHING", [products.map((p) => p.id), products.map((p) => p.name)]);
  const now = Date.now();
  const cols = { kind: [] as string[], email: [] as string[], subject: [] as string[], productId: [] as (string | null)[], productName: [] as (string | null)[], utm: [] as string[],
    referrer: [] as (string | null)[], page: [] as string[], created: [] as string[], status: [] as string[], spam: [] as (string | null)[] };
  const history: { lead: number; from: string; to: string; at: string }[] = [];
  for (let i = 0; i < LEADS; i++) {
    // More leads lately (a growing business), none in the future.
    const day = Math.floor(random() ** 0.8 * DAYS);
    const created = arrival(now, day);
    const inquiry = random() < 0.2;
    const product = products[Math.floor(random() ** 2 * products.length)];
    const path = day < 3 && random() < 0.6 ? [] : pick(STATUS_PATHS);
    cols.kind.push(inquiry ? "inquiry" : "quote");
    cols.email.push(`bench${i}@example.com`);
    cols.subject.push(inquiry ? "" : random() < 0.08 ? `Something else ${i % 50}` : services[Math.floor(random() ** 1.5 * services.length)]);
    cols.productId.push(inquiry ? product.id : null);
    cols.productName.push(inquiry ? product.name : null);
    cols.utm.push(JSON.stringify(pick(UTM)));
    cols.referrer.push(pick(REFERRERS));
    cols.page.push(inquiry ? `/products/${product.id}` : pick([["/contact", 60], ["/", 15], ["/services/dock-construction", 10], ["/services/boat-lifts", 8], ["/services/seawalls", 7]]));
    cols.created.push(created.toISOString());
    cols.spam.push(random() < 0.03 ? "too-fast" : null);
    // The path's changes that have happened by now; the lead is where the last one left it.
    let at = created.getTime() + firstDelayMinutes() * 60_000;
    let from = "new";
    for (const to of path) {
      if (at > now) break;
      history.push({ lead: i, from, to, at: new Date(at).toISOString() });
      from = to;
      at += (1 + random() * 14) * 86_400_000;
    }
    cols.status.push(from);
  }
  const ids = (
    await db.query<{ id: string }>(
      `INSERT INTO leads (kind, email, subject, product_id, product_name, utm, referrer, source_page, created_at, status, spam_reason, crm_state)
       SELECT k, e, s, pi, pn, u::jsonb, r, pg, c, st, sp, 'disabled'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::text[], $11::text[])
              WITH ORDINALITY AS t(k, e, s, pi, pn, u, r, pg, c, st, sp, n)
        ORDER BY n RETURNING id`,
      Object.values(cols),
    )
  ).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO lead_status_history (lead_id, from_status, to_status, note, changed_by_email, changed_at, crm_state)
     SELECT l, f, t, 'bench', 'office@example.com', a, 'disabled' FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[]) AS h(l, f, t, a)`,
    [history.map((h) => ids[h.lead]), history.map((h) => h.from), history.map((h) => h.to), history.map((h) => h.at)],
  );
  await db.query("ANALYZE leads");
  await db.query("ANALYZE lead_status_history");
  return history.length;
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const started = performance.now();
const changes = await seed();
console.log(`\nReports — ${LEADS.toLocaleString("en-US")} leads over ${DAYS} days (${changes.toLocaleString("en-US")} status changes) seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`  database: ${server ? "PostgreSQL server (fresh database)" : "embedded PGlite over the wire protocol"}; median of ${RUNS} runs after one warm-up; budget ${BUDGET_MS} ms`);

const hours = await businessHours();
const own = ["coastalmarinecapecoral.com", "localhost"];
const today = todayIn(OFFICE_TIME_ZONE);
const periods = {
  "all leads": resolvePeriod({ period: "custom", from: addDays(today, -DAYS), to: today, tz: OFFICE_TIME_ZONE }),
  "this year": resolvePeriod({ period: "year", tz: OFFICE_TIME_ZONE }),
  "90 days": resolvePeriod({ period: "90d", tz: OFFICE_TIME_ZONE }),
};
const tables: [string, (p: (typeof periods)["90 days"]) => Promise<unknown>][] = [
  ["sources by UTM", (p) => sourcesReport(db, p, "utm", own)],
  ["sources by page", (p) => sourcesReport(db, p, "page", own)],
  ["sources by referrer", (p) => sourcesReport(db, p, "referrer", own)],
  ["services", (p) => servicesReport(db, p, services)],
  ["speed to answer", (p) => speedReport(db, p, hours)],
  ["weekly chart (UTM)", (p) => weeklyReport(db, p, "utm", own)],
  ["weekly chart (referrer)", (p) => weeklyReport(db, p, "referrer", own)],
];
const names = Object.keys(periods) as (keyof typeof periods)[];
console.log(`  ${"table".padEnd(26)}${names.map((n) => n.padStart(12)).join("")}`);
let over = 0;
for (const [name, run] of tables) {
  const cells: string[] = [];
  for (const n of names) {
    const ms = await median(() => run(periods[n]));
    if (ms > BUDGET_MS) over++;
    cells.push(`${ms.toFixed(1)} ms${ms > BUDGET_MS ? "!" : ""}`.padStart(12));
  }
  console.log(`  ${name.padEnd(26)}${cells.join("")}`);
}
console.log(over ? `  ${over} over the ${BUDGET_MS} ms budget (marked !)` : `  every table within ${BUDGET_MS} ms`);

await db.close();
await database.stop();
process.exit(over ? 1 : 0);

/** A fresh database on a PostgreSQL server, migrated, dropped afterwards. */
async function scratchDatabase(url: string) {
  const { createDb } = await import("../src/server/db/index.ts");
  const { migrate } = await import("../src/server/db/migrate.ts");
  const name = `bench_reports_${Date.now().toString(36)}`;
  const admin = await createDb(url);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const fresh = await createDb(u);
  await migrate(fresh);
  await fresh.close();
  return {
    url: u,
    async stop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
