/**
 * What the back office's Site section shows (GET /api/admin/site and every change's answer): the
 * draft, the live version, whether they differ, the history, the launch checklist and where the
 * rebuild stands.
 */
import type { Db } from "../db/index.ts";
import { rebuildState, type RebuildState } from "../publish/rebuild.ts";
import { doneSinceSeed, readLaunchChecklist, type ChecklistItem } from "./checklist.ts";
import type { SiteDoc } from "./schemas.ts";
import { draftChanged, draftContent, history, liveContent, type VersionInfo } from "./store.ts";

export interface AdminChecklistItem {
  section: string;
  field: string;
  message: string;
  later: boolean;
}

const forOffice = (c: ChecklistItem): AdminChecklistItem => ({ section: c.section, field: c.field, message: c.he, later: !!c.later });

export interface SiteAdminView {
  draft: SiteDoc;
  draftUpdatedAt: string;
  draftUpdatedBy: string;
  restoredFrom: number | null;
  live: { version: number; publishedAt: string; publishedBy: string };
  changed: boolean;
  versions: VersionInfo[];
  /** What is left, each item before launch or for later (`later`). */
  checklist: AdminChecklistItem[];
  /** What the seed asked for that is done: the checklist shows "done x of y" (issue 39). */
  checklistDone: AdminChecklistItem[];
  rebuild: RebuildState;
}

export async function siteAdminView(db: Db): Promise<SiteAdminView | null> {
  const [draft, live] = await Promise.all([draftContent(db), liveContent(db)]);
  if (!draft || !live) return null;
  const [changed, versions, checklist, rebuild] = await Promise.all([
    draftChanged(db),
    history(db),
    // On the draft: a value corrected and saved leaves the list at once (the build checks the live one).
    readLaunchChecklist(db, draft.doc),
    rebuildState(db),
  ]);
  const done = await doneSinceSeed(db, checklist);
  return {
    draft: draft.doc,
    draftUpdatedAt: draft.updatedAt,
    draftUpdatedBy: draft.updatedBy,
    restoredFrom: draft.restoredFrom,
    live: { version: live.version, publishedAt: live.publishedAt, publishedBy: live.publishedBy },
    changed,
    versions,
    checklist: checklist.map(forOffice),
    checklistDone: done.map(forOffice),
    rebuild,
  };
}
