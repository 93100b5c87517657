/**
 * `npm run bench:products`: the public product list under load. Seeds 100 products into a fresh
 * embedded Postgres (or a scratch database on the server at BENCH_DATABASE_URL), serves the real function and a no-op function over
 * HTTP on loopback in a child process, then 50 concurrent keep-alive clients make a bounded number
 * of requests to each. Prints the list's JSON size (raw and gzip) and p50/p95 latency of both.
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

const PRODUCTS = 100;
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 2000);
const WARMUP = 200;

/** Child: database with 100 products, and the two handlers behind a plain Node HTTP server. */
async function serve() {
  const { createDb, setDb } = await import("../src/server/db/index.ts");
  const { migrate } = await import("../src/server/db/migrate.ts");
  const { seedCatalogue, storeImageFile } = await import("../src/server/products/seed.ts");
  const { insertProduct } = await import("../src/server/products/rows.ts");
  const { handle } = await import("../src/server/http/handler.ts");
  const { json } = await import("../src/server/http/response.ts");
  const { default: products } = await import("../functions/products-public.ts");
  process.env.LOG_SILENT = "1";
  // On a Postgres server the bench works in a database of its own and drops it afterwards.
  const server = process.env.BENCH_DATABASE_URL;
  const scratch = `bench_${Date.now().toString(36)}`;
  const admin = server ? await createDb(server) : null;
  if (admin) await admin.query(`CREATE DATABASE ${scratch}`);
  const url = server ? Object.assign(new URL(server), { pathname: `/${scratch}` }).toString() : "pglite:memory";
  const db = await createDb(url);
  const dropScratch = async () => {
    await db.close().catch(() => {});
    await admin?.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin?.close();
    process.exit(0);
  };
  process.on("SIGTERM", dropScratch);
  await migrate(db);
  const seeded = await seedCatalogue(db);
  const image = await storeImageFile(db, "content/products/dockbox_alu.svg");
  const hover = await storeImageFile(db, "content/products/dockbox_alu-dock.svg");
  for (let i = seeded; i < PRODUCTS; i++) {
    await insertProduct(db, {
      id: `bench-product-${i}-x7k2`,
      name: `Heavy-Duty Marine Dock Accessory Model ${1000 + i}`,
      description: "Benchmark product with a realistic description length. ".repeat(4),
      price: i % 7 === 0 ? "" : i % 3 === 0 ? `$${i * 11} – $${i * 17}` : `$${(i * 13.5).toFixed(2)}`,
      color: "Stainless",
      quantity: 1,
      imageKey: image,
      hoverImageKey: hover,
      by: "bench",
    });
  }
  setDb(db);
  const noop = handle("/api/noop", async () => json({ status: true }), ["GET"]);
  const http = createServer(async (req, res) => {
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
    const fn = req.url?.startsWith("/api/public/products") ? products : noop;
    const answer = await fn(request, { params: {} } as never);
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  http.keepAliveTimeout = 60_000;
  http.listen(0, "127.0.0.1", () => process.send!({ port: (http.address() as { port: number }).port, driver: db.driver }));
}

/** Parent: load, measure, print. */
async function run() {
  const child = fork(new URL(import.meta.url).pathname, ["--serve"], { execArgv: process.execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { port, driver } = await new Promise<{ port: number; driver: string }>((resolve) => child.once("message", resolve as never));
  const base = `http://127.0.0.1:${port}`;
  try {
    const body = await (await fetch(`${base}/api/public/products`)).text();
    const count = (JSON.parse(body) as { data: unknown[] }).data.length;
    const list = await measure(`${base}/api/public/products`);
    const noop = await measure(`${base}/api/noop`);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\nPublic product list — ${count} products, database: ${driver}, ${CLIENTS} concurrent clients, ${REQUESTS} requests each`);
    console.log(`  JSON size: ${Buffer.byteLength(body)} bytes (${kb(Buffer.byteLength(body))}), gzip ${gzipSync(body).length} bytes (${kb(gzipSync(body).length)})`);
    console.log(`  ${"endpoint".padEnd(28)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"max".padStart(9)} ${"req/s".padStart(8)}`);
    for (const [name, r] of [["GET /api/public/products", list], ["no-op function", noop]] as const) {
      console.log(`  ${name.padEnd(28)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.max)} ${r.rps.toFixed(0).padStart(8)}`);
    }
    console.log(`  errors: list ${list.errors}, no-op ${noop.errors}`);
  } finally {
    child.kill("SIGTERM");
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

async function measure(url: string) {
  await load(url, WARMUP);
  return load(url, REQUESTS);
}

async function load(url: string, total: number) {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const client = async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      const r = await fetch(url).catch(() => null);
      if (!r || r.status !== 200) errors++;
      await r?.arrayBuffer();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1], rps: total / seconds, errors };
}

if (process.argv.includes("--serve")) await serve();
else await run();
