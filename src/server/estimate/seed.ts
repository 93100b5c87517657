/**
 * The price rules of a new database (local, a first deploy, a preview, the tests): content/estimate.json,
 * the public ranges, every part marked sample. It becomes version 1 (live) and the draft, and
 * is never read again once a version exists (never over what the office published).
 */
import type { Db } from "../db/index.ts";
import type { Seeder } from "../db/seeds/seeder.ts";
import { priceRulesDocument } from "./rules.ts";
import { PRICE_RULES_FILE, readSeedRules } from "./seed-file.ts";

export const SEED_BY = "content/ (seed)";

/** Seeds version 1 and the draft when the database has none; answers what it did, or null. */
export async function seedPriceRules(db: Db, dir = "content"): Promise<string | null> {
  const rules = await readSeedRules(dir);
  const seeded = await db.tx((q) => priceRulesDocument.seed(q, rules, SEED_BY));
  return seeded ? `version 1 from ${dir}/${PRICE_RULES_FILE} (sample prices)` : null;
}

export const priceRulesSeeder: Seeder = {
  name: "price rules",
  run: (db) => seedPriceRules(db),
};
