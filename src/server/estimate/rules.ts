/**
 * The estimator's price rules (issue 36, decision 19): one document the office edits as a draft and
 * publishes (src/server/publish/documents.ts, the site content's own mechanism), in
 * price_rules_versions and price_rules_draft (migration 023). The live version is what /estimate is
 * built with and what the server computes every stored estimate with.
 */
import type { Db, Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import { check } from "../http/validate.ts";
import { publishedDocument } from "../publish/documents.ts";
import { priceRulesSchema } from "../../lib/estimate-rules.ts";
import { PROJECTS, type PriceRules } from "../../lib/contracts/estimate.ts";
import { readSeedRules } from "./seed-file.ts";

export const priceRulesDocument = publishedDocument<PriceRules>({
  versions: "price_rules_versions",
  draft: "price_rules_draft",
  id: "rules",
  notSetUp: "The price rules are not set up in this database yet (the deploy seeds them from content/estimate.json)",
  nothingNew: "Nothing to publish: the draft is the live price rules",
});

/** Checks the whole document (400 naming the field: "Invalid projects.seawall.kinds.new.unit.high: …") and saves it as the draft. */
export async function saveRulesDraft(db: Db, body: unknown, by: string): Promise<void> {
  const rules = check(priceRulesSchema, body);
  await priceRulesDocument.saveDraft(db, rules, by);
}

/** The draft becomes the live version; answers its number (409 when nothing changed). */
export function publishRules(db: Db, by: string): Promise<number> {
  return priceRulesDocument.publish(db, by, (doc) => check(priceRulesSchema, doc));
}

export interface LiveRules {
  /** null: no version in the database yet, the seed's rules (content/estimate.json) instead. */
  version: number | null;
  rules: PriceRules;
}

/**
 * The live rules. A database the deploy has not seeded yet answers with the seed's (the file the
 * functions carry, as the site's own facts fall back to content/*.json), never a 5xx.
 */
export async function liveRules(q: Queryable): Promise<LiveRules> {
  const live = await priceRulesDocument.live(q);
  if (live) return { version: live.version, rules: live.doc };
  try {
    return { version: null, rules: await readSeedRules() };
  } catch {
    throw new HttpError(503, "The estimator is not set up yet: please call the office for a price.");
  }
}

/** What is still sample in some rules: each project's prices and the permit rules, until the office confirms them. */
export function sampleParts(rules: PriceRules): ("permits" | (typeof PROJECTS)[number])[] {
  return [...PROJECTS.filter((p) => rules.projects[p].sample), ...(rules.permitsSample ? (["permits"] as const) : [])];
}
