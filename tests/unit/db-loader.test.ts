// The content-layer loader over Postgres (issue 26, decision 13): what the prebuilt pages publish.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import type { LoaderContext } from "astro/loaders";
import { dbLoader } from "../../src/content/db-loader.ts";
import { readPublishedCatalogue } from "../../src/server/products/published.ts";
import { readCatalogue } from "../../src/server/products/seed.ts";
import { createDb } from "../../src/server/db/index.ts";
import { startDatabase } from "../../scripts/lib/database.ts";

type Entry = { id: string; data: Record<string, unknown>; digest?: string };

/** The parts of Astro's loader context the loader uses, recording what it did. */
function context() {
  const entries = new Map<string, Entry>();
  const sets: string[] = [];
  const logged: string[] = [];
  const ctx = {
    collection: "products",
    store: {
      get: (id: string) => entries.get(id),
      set: (e: Entry) => (sets.push(e.id), entries.set(e.id, e), true),
      keys: () => [...entries.keys()],
      delete: (id: string) => entries.delete(id),
    },
    meta: new Map<string, string>(),
    logger: { info: (s: string) => logged.push(s) },
    parseData: async ({ data }: { data: Record<string, unknown> }) => data,
    generateDigest: (d: unknown) => createHash("sha1").update(JSON.stringify(d)).digest("hex"),
  };
  return { ctx: ctx as unknown as LoaderContext, entries, sets, logged };
}

// Two tests migrate and seed a database in memory from content/ (pictures included), 10-25 s on a
// quiet 2-core machine: over the default 30 s when the machine is busy (they failed so, at load 6-8).
const SEEDS = 120_000;

const loader = dbLoader({ name: "db-products", read: readPublishedCatalogue });

afterEach(() => vi.unstubAllEnvs());

describe("dbLoader over the catalogue", () => {
  it("with no database URL (a fresh clone, CI), reads the catalogue seeded from content/products, in the public list's order", async () => {
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("NETLIFY_DB_URL", "");
    const { ctx, entries, logged } = context();
    await loader.load(ctx);
    const seeded = await readCatalogue();
    expect([...entries.keys()].sort()).toEqual(seeded.map((e) => e.id).sort());
    const box = entries.get("aluminum-dock-box")!.data;
    expect(box).toMatchObject({ name: "Marine Aluminum Dock Box, 88 in.", price: "$1,149", image: expect.stringMatching(/^\/api\/images\/[\w-]{43}$/) });
    const order = [...entries.values()].map((e) => e.data.order as number).sort((a, b) => a - b);
    expect(order).toEqual(seeded.map((_, i) => i));
    expect(logged).toEqual([`${seeded.length} entries from embedded (in memory, seeded from content/) (${seeded.length} changed)`]);
  }, SEEDS);

  it("a second load of the same catalogue rewrites nothing (each entry has its digest), and drops what is gone", async () => {
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("NETLIFY_DB_URL", "");
    // A fresh embedded database dates its rows anew; a real one keeps them: read fixed rows here.
    const rows = [
      { id: "a", data: { name: "A", order: 0 } },
      { id: "b", data: { name: "B", order: 1 } },
    ];
    const fixed = dbLoader({ name: "db-fixed", read: async () => rows });
    const { ctx, entries, sets } = context();
    await fixed.load(ctx);
    expect(sets).toEqual(["a", "b"]);
    entries.set("sold-out-thing", { id: "sold-out-thing", data: {} });
    rows[1] = { id: "b", data: { name: "B, new name", order: 1 } };
    await fixed.load(ctx);
    expect(sets).toEqual(["a", "b", "b"]);
    expect(entries.has("sold-out-thing")).toBe(false);
  });

  it("a database that is set but cannot be read fails the build with a message that says so", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://nobody:secret@127.0.0.1:1/catalogue?connect_timeout=2");
    const { ctx } = context();
    const failed = await loader.load(ctx).then(
      () => null,
      (e: Error) => e,
    );
    expect(failed?.message).toMatch(/^db-products: the published content could not be read from the database \(database-url\): .+ The build stops here, so the live site keeps its last good deploy\./);
    expect(failed?.message).not.toContain("secret");
  });

  it("a deploy preview's build reads its own branch database; production's build reads production's", async () => {
    // Two databases, seeded alike; the preview's branch has a price staff changed there.
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("NETLIFY_DB_URL", "");
    const production = await startDatabase({ memory: true, quiet: true });
    const branch = await startDatabase({ memory: true, quiet: true });
    try {
      const db = await createDb(branch.url);
      await db.query("UPDATE products SET price = '$7 on the branch' WHERE id = 'aluminum-dock-box'");
      await db.close();
      const priceBuiltFor = async (env: Record<string, string>) => {
        for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
        const { ctx, entries, logged } = context();
        await loader.load(ctx);
        return { price: entries.get("aluminum-dock-box")!.data.price, from: logged[0] };
      };
      const both = { DATABASE_URL: production.url, PREVIEW_DATABASE_URL: branch.url };
      expect(await priceBuiltFor({ ...both, CONTEXT: "deploy-preview" })).toEqual({ price: "$7 on the branch", from: expect.stringContaining("from preview-database") });
      expect(await priceBuiltFor({ ...both, CONTEXT: "branch-deploy" })).toMatchObject({ price: "$7 on the branch" });
      expect(await priceBuiltFor({ ...both, CONTEXT: "production" })).toEqual({ price: "$1,149", from: expect.stringContaining("from database-url") });
    } finally {
      await production.stop();
      await branch.stop();
    }
  }, SEEDS);
});
