/**
 * What the back office's Site section shows (GET /api/admin/site and every change's answer): the
 * draft, the live version, whether they differ, the history, the launch checklist and where the
 * rebuild stands.
 */
import type { Db } from "../db/index.ts";
import { rebuildSettings } from "../publish/rebuild.ts";
import { readLaunchChecklist, type ChecklistItem } from "./checklist.ts";
import type { SiteDoc } from "./schemas.ts";
import { draftChanged, draftContent, history, iso, liveContent, type VersionInfo } from "./store.ts";

export interface SiteAdminView {
  draft: SiteDoc;
  draftUpdatedAt: string;
  draftUpdatedBy: string;
  restoredFrom: number | null;
  live: { version: number; publishedAt: string; publishedBy: string };
  changed: boolean;
  versions: VersionInfo[];
  checklist: { section: string; field: string; message: string }[];
  rebuild: { hook: boolean; dueAt: string | null; firedAt: string | null; lastError: string | null };
}

const isoOrNull = (t: unknown) => (t == null ? null : iso(t));

export async function siteAdminView(db: Db): Promise<SiteAdminView | null> {
  const [draft, live] = await Promise.all([draftContent(db), liveContent(db)]);
  if (!draft || !live) return null;
  const [changed, versions, checklist, rebuild] = await Promise.all([
    draftChanged(db),
    history(db),
    // On the draft: a value corrected and saved leaves the list at once (the build checks the live one).
    readLaunchChecklist(db, draft.doc),
    db.query<{ due_at: Date | null; fired_at: Date | null; last_error: string | null }>("SELECT due_at, fired_at, last_error FROM site_rebuild WHERE id = 'site'"),
  ]);
  let hook: boolean;
  try {
    hook = !!rebuildSettings();
  } catch {
    hook = false; // a malformed BUILD_HOOK_URL: no rebuild can be asked for (the log says why on publish)
  }
  const r = rebuild.rows[0];
  return {
    draft: draft.doc,
    draftUpdatedAt: draft.updatedAt,
    draftUpdatedBy: draft.updatedBy,
    restoredFrom: draft.restoredFrom,
    live: { version: live.version, publishedAt: live.publishedAt, publishedBy: live.publishedBy },
    changed,
    versions,
    checklist: checklist.map((c: ChecklistItem) => ({ section: c.section, field: c.field, message: c.he })),
    rebuild: { hook, dueAt: isoOrNull(r?.due_at), firedAt: isoOrNull(r?.fired_at), lastError: r?.last_error ?? null },
  };
}
