/**
 * Demo content for a fresh local database. Each seeder is idempotent (it checks before it adds)
 * and returns a line saying what it did, which the dev start prints. Features add their own here.
 */
import type { Db } from "../index.ts";
import { demoAccountsSeeder } from "../../users/seed.ts";
import { productsSeeder } from "../../products/seed.ts";
import { siteContentSeeder } from "../../site-content/seed.ts";
import { priceRulesSeeder } from "../../estimate/seed.ts";
import type { Seeder } from "./seeder.ts";

export const seeders: Seeder[] = [demoAccountsSeeder, productsSeeder, siteContentSeeder, priceRulesSeeder];

export async function seed(db: Db): Promise<string[]> {
  const said: string[] = [];
  for (const s of seeders) {
    const line = await s.run(db);
    if (line) said.push(`${s.name}: ${line}`);
  }
  return said;
}
