/**
 * `npm run bench:leads -- --photos` (issue 13): quote requests that announce 3 photos each, from
 * concurrent clients, while the fake Zoho fails half its CRM calls. Each client sends its request
 * twice at once with one Idempotency-Key (a phone's outbox retrying while the first is in flight)
 * and checks both answers are the same, then uploads the 3 photos one by one with a key each, and
 * sends each upload again with its key (a retry after a lost answer). Then the CRM heals and the
 * scheduled retries run until every lead is synced and every photo attached. Prints a table.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../../src/server/db/index.ts";
import type { FakeZoho } from "../../tests/helpers/fake-zoho.ts";

const PHOTOS_PER_LEAD = 3;

/**
 * What the browser sends after downscaling: a 1600 × 1200 JPEG at quality 80, each one different
 * (the server decodes and re-encodes every photo, and stores the same picture only once). Made
 * before the clock starts, so the clients' own encoding is not timed.
 */
async function makePictures(n: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const one = async () => {
    const seed = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png().toBuffer();
    return new Uint8Array(await sharp(seed).resize(1600, 1200, { kernel: "cubic" }).jpeg({ quality: 80 }).toBuffer());
  };
  const out: Uint8Array<ArrayBuffer>[] = [];
  while (out.length < n) out.push(...(await Promise.all(Array.from({ length: Math.min(8, n - out.length) }, one))));
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1) : "-";
};

export async function benchLeadPhotos(opts: {
  db: Db;
  base: string;
  zoho: FakeZoho;
  background: Promise<unknown>[];
  requests: number;
  clients: number;
  failFraction: number;
  retry: {
    leads: (db: Db) => Promise<unknown>;
    photos: (db: Db) => Promise<unknown>;
  };
}): Promise<boolean> {
  const { db, base, zoho, background, requests, clients } = opts;
  const pictures = await makePictures(requests * PHOTOS_PER_LEAD);
  const kb = Math.round(pictures.reduce((sum, p) => sum + p.length, 0) / pictures.length / 1024);
  console.log(`▸ ${requests} quote requests × ${PHOTOS_PER_LEAD} photos (1600 × 1200 JPEG, ${kb} KB on average), ${clients} concurrent clients; fake Zoho failing ${opts.failFraction * 100}% of CRM calls`);
  const requestMs: number[] = [];
  const uploadMs: number[] = [];
  const statuses = new Map<string, number>();
  const tally = (what: string, status: number) => statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
  let repeatsSame = 0;
  let uploadRepeatsSame = 0;
  let next = 0;
  const started = performance.now();

  const timed = async (into: number[], url: string, init: RequestInit) => {
    const t = performance.now();
    const r = await fetch(url, init);
    const text = await r.text();
    into.push(performance.now() - t);
    return { status: r.status, text };
  };

  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const i = next++;
        const visitor = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const key = randomUUID();
        const body = JSON.stringify({
          fullName: `Photo Visitor ${i}`,
          email: `photo.visitor-${i}@example.com`,
          phone: `239-555-${String(i).padStart(4, "0")}`,
          address: `${i} Canal St, Cape Coral, FL`,
          subject: ["Custom Docks", "Boat Lifts", "Seawalls", "Dredging"][i % 4],
          details: `Job ${i}: the seawall cap is cracked along 40 ft.\nPhotos attached.`,
          photos: PHOTOS_PER_LEAD,
          website: "",
          startedAt: Date.now() - 20_000,
          page: "/contact",
          utm: { source: "bench" },
        });
        const init = { method: "POST", headers: { "content-type": "application/json", "x-bench-visitor": visitor, "idempotency-key": key }, body };
        const [a, b] = await Promise.all([timed(requestMs, `${base}/api/public/contact`, init), timed(requestMs, `${base}/api/public/contact`, init)]);
        tally("request", a.status);
        tally("request", b.status);
        if (a.status === b.status && a.text === b.text) repeatsSame++;
        const token = a.status === 200 ? (JSON.parse(a.text).data?.photoToken as string | undefined) : undefined;
        if (!token) continue;
        for (let p = 0; p < PHOTOS_PER_LEAD; p++) {
          const photoKey = randomUUID();
          const up = { method: "POST", headers: { "content-type": "image/jpeg", "x-photo-token": token, "idempotency-key": photoKey, "x-bench-visitor": visitor }, body: pictures[i * PHOTOS_PER_LEAD + p] };
          const first = await timed(uploadMs, `${base}/api/leads/photos`, up);
          const again = await timed(uploadMs, `${base}/api/leads/photos`, up);
          tally("upload", first.status);
          tally("upload", again.status);
          if (first.status === 201 && again.status === 200 && JSON.parse(first.text).data.id === JSON.parse(again.text).data.id) uploadRepeatsSame++;
        }
      }
    }),
  );
  const submitSeconds = (performance.now() - started) / 1000;
  await Promise.all(background.splice(0));

  const n = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
  const leadsFirst = await n("SELECT count(*) AS n FROM leads WHERE crm_state = 'synced'");
  const photosFirst = await n("SELECT count(*) AS n FROM lead_photos WHERE zoho_state = 'synced'");

  // One scheduled run while the CRM still fails (backoff skipped), then it heals and runs repeat
  // (backoff skipped) until every lead and photo is through.
  await db.query("UPDATE leads SET next_attempt_at = now() WHERE crm_state IN ('pending','failed')");
  await db.query("UPDATE lead_photos SET zoho_next_attempt_at = now() WHERE zoho_state IN ('pending','failed')");
  await opts.retry.leads(db);
  const photosBefore = await n("SELECT count(*) AS n FROM lead_photos WHERE zoho_state = 'synced'");
  await opts.retry.photos(db);
  const failingRun = (await n("SELECT count(*) AS n FROM lead_photos WHERE zoho_state = 'synced'")) - photosBefore;
  // The CRM heals; scheduled runs repeat (backoff skipped) until every lead and photo is through.
  zoho.heal();
  let rounds = 0;
  while ((await n("SELECT (SELECT count(*) FROM leads WHERE crm_state IN ('pending','failed')) + (SELECT count(*) FROM lead_photos WHERE zoho_state IN ('pending','failed')) AS n")) > 0 && rounds < 20) {
    rounds++;
    await db.query("UPDATE leads SET next_attempt_at = now(), claimed_until = NULL WHERE crm_state IN ('pending','failed')");
    await db.query("UPDATE lead_photos SET zoho_next_attempt_at = now(), zoho_claimed_until = NULL WHERE zoho_state IN ('pending','failed')");
    await opts.retry.leads(db);
    await opts.retry.photos(db);
  }

  const leads = await n("SELECT count(*) AS n FROM leads");
  const distinctLeads = await n("SELECT count(DISTINCT email) AS n FROM leads");
  const photos = (await db.query<{ id: string; zoho_attachment_id: string | null; zoho_attempts: number; zoho_state: string }>("SELECT id, zoho_attachment_id, zoho_attempts, zoho_state FROM lead_photos")).rows;
  const blobs = await n("SELECT count(*) AS n FROM lead_photo_blobs");
  const perPhoto = new Map<string, number>();
  for (const a of zoho.attachments) {
    const id = a.File_Name.match(/^lead-photo-\d-(.+)\.\w+$/)?.[1];
    if (id) perPhoto.set(id, (perPhoto.get(id) ?? 0) + 1);
  }
  const exactlyOnce = photos.filter((p) => perPhoto.get(p.id) === 1 && zoho.attachments.some((a) => a.id === p.zoho_attachment_id)).length;
  const duplicateAttachments = [...perPhoto.values()].filter((c) => c > 1).length;
  const syncedAfter = photos.filter((p) => p.zoho_state === "synced").length;
  const attachCalls = zoho.calls.filter((c) => c.path.includes("/Attachments"));
  const expectedPhotos = requests * PHOTOS_PER_LEAD;

  const rows: [string, string][] = [
    ["requests sent", `${requests * 2} (${requests} quotes, each twice with one key) in ${submitSeconds.toFixed(1)} s`],
    ["answers", [...statuses].map(([s, c]) => `${s}×${c}`).join(", ")],
    ["leads stored", `${leads} (distinct visitors ${distinctLeads})`],
    ["repeats answered identically", `${repeatsSame} of ${requests}`],
    ["photos stored", `${photos.length} of ${expectedPhotos} (blobs ${blobs})`],
    ["photo repeats answered identically", `${uploadRepeatsSame} of ${expectedPhotos}`],
    ["leads synced first try", `${leadsFirst}`],
    ["photos attached first try", `${photosFirst}  (right after the upload, while Zoho fails)`],
    ["photos attached by a retry run while Zoho still fails", `${failingRun}`],
    ["retry rounds after healing", `${rounds}`],
    ["leads synced in the end", `${await n("SELECT count(*) AS n FROM leads WHERE crm_state = 'synced'")}`],
    ["photos attached in the end", `${syncedAfter} (after retries: ${syncedAfter - photosFirst})`],
    ["photos attached exactly once", `${exactlyOnce} of ${expectedPhotos}`],
    ["duplicates", `leads ${leads - distinctLeads}, photos ${photos.length - expectedPhotos}, attachments ${duplicateAttachments}`],
    ["Zoho attachment calls", `${attachCalls.length} (${attachCalls.filter((c) => c.failed).length} failed on purpose)`],
    ["upload p50 / p95", `${pct(uploadMs, 50)} / ${pct(uploadMs, 95)} ms`],
    ["request p50 / p95", `${pct(requestMs, 50)} / ${pct(requestMs, 95)} ms`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log("\n" + rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join("\n"));

  return (
    leads === requests &&
    distinctLeads === requests &&
    repeatsSame === requests &&
    photos.length === expectedPhotos &&
    uploadRepeatsSame === expectedPhotos &&
    exactlyOnce === expectedPhotos &&
    duplicateAttachments === 0
  );
}
