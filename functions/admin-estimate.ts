import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { HttpError, notFound } from "../src/server/http/errors.ts";
import { check, readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb, type Db } from "../src/server/db/index.ts";
import { requestRebuild } from "../src/server/publish/rebuild.ts";
import { priceRulesAdminView } from "../src/server/estimate/admin.ts";
import { priceRulesDocument, publishRules, saveRulesDraft } from "../src/server/estimate/rules.ts";
import { PRICE_RULES_MAX_BYTES } from "../src/lib/contracts/estimate.ts";

export const config: Config = { path: ["/api/admin/estimate", "/api/admin/estimate/:part", "/api/admin/estimate/restore/:version"] };

const versionParam = z.coerce.number().int().positive("not a version number");

async function view(db: Db, extra: Record<string, unknown> = {}): Promise<Response> {
  return json({ status: true, data: { ...(await priceRulesAdminView(db)), ...extra } });
}

/**
 * The back office's price rules (issue 36, decision 19), admins only:
 *   GET  /api/admin/estimate                     the draft, the live version, history, rebuild state
 *   PUT  /api/admin/estimate/draft               saves the whole document as the draft (400 naming the field)
 *   POST /api/admin/estimate/publish             the draft becomes the live version; asks for a rebuild (debounced)
 *   POST /api/admin/estimate/restore/{version}   an earlier version becomes the draft
 * Every change answers the new state and is logged with who made it.
 */
export default handle(
  config.path,
  async (req, { log }, ctx: Context | undefined) => {
    const { user } = await requireAdmin(req);
    const db = await getDb();
    const part = ctx?.params?.part;
    const restoreOf = ctx?.params?.version;

    if (restoreOf !== undefined) {
      if (req.method !== "POST") throw new HttpError(405, "Method not allowed");
      const version = check(z.object({ version: versionParam }), { version: restoreOf }).version;
      await priceRulesDocument.restore(db, version, user.email);
      log.info(`Price rules: version ${version} restored as the draft by ${user.email}`);
      return view(db);
    }

    if (!part) {
      if (req.method !== "GET") throw new HttpError(405, "Method not allowed");
      return view(db);
    }

    if (part === "draft") {
      if (req.method !== "PUT") throw new HttpError(405, "Method not allowed");
      await saveRulesDraft(db, await readJson(req, z.unknown(), PRICE_RULES_MAX_BYTES), user.email);
      log.info(`Price rules: draft saved by ${user.email}`);
      return view(db);
    }

    if (part === "publish") {
      if (req.method !== "POST") throw new HttpError(405, "Method not allowed");
      const version = await publishRules(db, user.email);
      log.info(`Price rules: version ${version} published by ${user.email}`);
      await requestRebuild(db, log, "price rules");
      return view(db, { published: version });
    }

    throw notFound(`No such part of the price rules: ${part.slice(0, 40)}`);
  },
  ["GET", "PUT", "POST"],
);
