/**
 * What the back office's price rules section shows (GET /api/admin/estimate and every change's
 * answer): the draft, the live version (its rules too, so the screen can show what visitors get
 * now beside what the draft would give), whether they differ, the history and the rebuild state.
 */
import type { Db } from "../db/index.ts";
import { rebuildState, type RebuildState } from "../publish/rebuild.ts";
import type { VersionInfo } from "../publish/documents.ts";
import type { PriceRules } from "../../lib/contracts/estimate.ts";
import { priceRulesDocument } from "./rules.ts";

export interface PriceRulesAdminView {
  draft: PriceRules;
  draftUpdatedAt: string;
  draftUpdatedBy: string;
  restoredFrom: number | null;
  live: { version: number; publishedAt: string; publishedBy: string; rules: PriceRules };
  changed: boolean;
  versions: VersionInfo[];
  rebuild: RebuildState;
}

export async function priceRulesAdminView(db: Db): Promise<PriceRulesAdminView> {
  const doc = priceRulesDocument;
  const [draft, live] = await Promise.all([doc.draft(db), doc.live(db)]);
  if (!draft || !live) throw doc.notSetUp();
  const [changed, versions, rebuild] = await Promise.all([doc.draftChanged(db), doc.history(db), rebuildState(db)]);
  return {
    draft: draft.doc,
    draftUpdatedAt: draft.updatedAt,
    draftUpdatedBy: draft.updatedBy,
    restoredFrom: draft.restoredFrom,
    live: { version: live.version, publishedAt: live.publishedAt, publishedBy: live.publishedBy, rules: live.doc },
    changed,
    versions,
    rebuild,
  };
}
