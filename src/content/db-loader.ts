/**
 * Astro content-layer loader over the site's Postgres (decision 13): what staff publish in the back
 * office is read once per build, so pages stay prebuilt. One loader for every published table (the
 * catalogue now, the site's words and pictures next); each collection says only how to read its rows.
 *
 * The database is the functions' own (src/server/db: DATABASE_URL, NETLIFY_DB_URL, a preview's
 * branch). With no URL at all (a fresh clone, CI) it is an in-memory embedded database, migrated and
 * seeded from content/ exactly as `npm run preview -- --memory` and `npm run dev` seed theirs, so the
 * pages and the test server agree. A database that is set but cannot be read fails the build: Netlify
 * then keeps serving the last good deploy.
 */
import type { Loader, LoaderContext } from "astro/loaders";
import { deploySettings } from "../server/settings/context.ts";
import { fromPglite, openChosen, openPglite, type Db, type Queryable } from "../server/db/index.ts";

export interface PublishedEntry {
  id: string;
  /** A plain JSON-able object; the collection's schema checks it. */
  data: object;
}

export interface DbLoaderOptions {
  /** The loader's name in Astro's logs and in refreshContent({ loaders }). */
  name: string;
  /** The published rows, in the order the pages list them. */
  read(q: Queryable): Promise<PublishedEntry[]>;
  /**
   * The file the entries stand for, relative to the project (e.g. "content/site.json"): relative
   * picture paths in them resolve from its folder, as they did when the file itself was loaded.
   */
  filePath?: string;
  /** Called with what was read, after it is stored (e.g. to print warnings at build). */
  report?(entries: PublishedEntry[], logger: LoaderContext["logger"]): void;
}

/** How long `astro dev` waits for the database `npm run dev` starts beside it. */
const DEV_DB_WAIT_MS = 120_000;

/** The in-memory database of a build with no URL: made once, shared by every collection's loader. */
let embedded: Promise<Db> | null = null;

async function seededEmbedded(): Promise<Db> {
  const db = fromPglite(await openPglite("memory"));
  // Loaded only here: a build against a real database needs neither migrations nor demo content.
  const [{ migrate }, { productsSeeder }, { siteContentSeeder }, { priceRulesSeeder }] = await Promise.all([
    import("../server/db/migrate.ts"),
    import("../server/products/seed.ts"),
    import("../server/site-content/seed.ts"),
    import("../server/estimate/seed.ts"),
  ]);
  await migrate(db);
  await productsSeeder.run(db);
  await siteContentSeeder.run(db);
  await priceRulesSeeder.run(db);
  return db;
}

/**
 * Opens the build's database and says which one it is (never its URL). `shared`: the embedded one,
 * kept open for the other collections (never closed by a loader).
 */
export async function openPublishedDatabase(env: NodeJS.ProcessEnv = process.env): Promise<{ db: Db; where: string; shared: boolean }> {
  const choice = deploySettings(env).database;
  if (choice.kind !== "embedded") return { db: await openChosen(choice), where: choice.kind, shared: false };
  embedded ??= seededEmbedded().catch((e) => {
    embedded = null;
    throw e;
  });
  return { db: await embedded, where: "embedded (in memory, seeded from content/)", shared: true };
}

/** Reads once; under `npm run dev` the database may still be starting, so it is waited for. */
async function readWithWait(read: DbLoaderOptions["read"], db: Db): Promise<PublishedEntry[]> {
  const waiting = process.env.DEV_DB_PENDING === "1";
  const until = Date.now() + DEV_DB_WAIT_MS;
  for (;;) {
    try {
      return await read(db);
    } catch (e) {
      if (!waiting || Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export function dbLoader(opts: DbLoaderOptions): Loader {
  return {
    name: opts.name,
    async load({ store, parseData, generateDigest, meta, logger }: LoaderContext) {
      let entries: PublishedEntry[];
      let where = "";
      try {
        const opened = await openPublishedDatabase();
        where = opened.where;
        try {
          entries = await readWithWait(opts.read, opened.db);
        } finally {
          if (!opened.shared) await opened.db.close().catch(() => {});
        }
      } catch (e) {
        throw new Error(
          `${opts.name}: the published content could not be read from the database${where ? ` (${where})` : ""}: ${e instanceof Error ? e.message : String(e)}. ` +
            "The build stops here, so the live site keeps its last good deploy. Check DATABASE_URL / NETLIFY_DB_URL.",
          { cause: e },
        );
      }
      const ids = new Set(entries.map((e) => e.id));
      for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
      let changed = 0;
      for (const entry of entries) {
        const data = entry.data as Record<string, unknown>;
        const digest = generateDigest(data);
        if (store.get(entry.id)?.digest === digest) continue;
        const filePath = opts.filePath;
        store.set({ id: entry.id, data: await parseData({ id: entry.id, data, filePath }), digest, filePath });
        changed++;
      }
      // A sync token: what this build read (unchanged entries above cost nothing).
      meta.set("digest", generateDigest({ entries: entries.map((e) => e.data) }));
      logger.info(`${entries.length} entries from ${where} (${changed} changed)`);
      opts.report?.(entries, logger);
    },
  };
}
