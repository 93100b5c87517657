/**
 * The price rules as the build's content layer reads them (src/content/db-loader.ts): the live
 * version, checked again by the rules' schema (a document that does not fit fails the build, and
 * Netlify keeps serving the last good deploy). One entry, "rules": /estimate is built with it and
 * /estimate-version.json names its version.
 */
import type { Queryable } from "../db/index.ts";
import { priceRulesSchema } from "../../lib/estimate-rules.ts";
import { priceRulesDocument, sampleParts } from "./rules.ts";

export async function readPublishedRules(q: Queryable): Promise<{ id: string; data: object }[]> {
  const live = await priceRulesDocument.live(q);
  if (!live) throw new Error("the database holds no published price rules (scripts/migrate.ts seeds them from content/estimate.json)");
  const checked = priceRulesSchema.safeParse(live.doc);
  if (!checked.success) throw new Error(`the live price rules (version ${live.version}) do not fit their schema at ${checked.error.issues[0]?.path.join(".")}: ${checked.error.issues[0]?.message}`);
  return [{ id: "rules", data: { version: live.version, publishedAt: live.publishedAt, rules: checked.data, sample: sampleParts(checked.data) } }];
}
