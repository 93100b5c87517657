/** content/estimate.json, the seed's price rules (sample numbers), read and checked. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { priceRulesSchema } from "../../lib/estimate-rules.ts";
import type { PriceRules } from "../../lib/contracts/estimate.ts";

export const PRICE_RULES_FILE = "estimate.json";

/** The seed's rules; `dir` defaults to CONTENT_DIR or ./content (the functions carry content/*.json). */
export async function readSeedRules(dir = process.env.CONTENT_DIR || join(process.cwd(), "content")): Promise<PriceRules> {
  const parsed = priceRulesSchema.safeParse(JSON.parse(await readFile(join(dir, PRICE_RULES_FILE), "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${dir}/${PRICE_RULES_FILE} does not fit the price rules' schema at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}
