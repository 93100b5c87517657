/**
 * The office's visit settings (issue 35, item 1): weekly hours, days off, visit length and travel
 * buffer, the most visits a day, how far ahead a visitor may book, and the service area's ZIP codes.
 * One row in `visit_settings`, every saved version in `visit_settings_history` (who and when).
 *
 * Until the office saves its own, DEFAULT_VISIT_SETTINGS apply: weekdays 8:00 to 16:00, an hour on
 * site and half an hour to drive, four visits a day, 2 to 21 days ahead, and Cape Coral's and nearby
 * Lee County's ZIP codes, every one labelled sample (the launch checklist lists them) until the
 * office confirms it.
 */
import type { Db, Queryable } from "../db/index.ts";
import { visitSettingsSchema, type VisitSettings } from "../../lib/visit-schemas.ts";

/**
 * The seed's service area: Cape Coral (33904, 33909, 33914, 33990, 33991, 33993, which takes in
 * Matlacha), North Fort Myers (33903, 33917), Fort Myers along the river and the Sound (33901,
 * 33907, 33908, 33919), Pine Island (Bokeelia 33922, Pineland 33945, St. James City 33956),
 * Sanibel (33957) and Fort Myers Beach (33931): the towns content/site.json's areaServed names.
 */
export const SEED_ZIPS = ["33904", "33909", "33914", "33990", "33991", "33993", "33903", "33917", "33901", "33907", "33908", "33919", "33922", "33945", "33956", "33957", "33931"];

export const DEFAULT_VISIT_SETTINGS: VisitSettings = {
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, from: "08:00", to: "16:00" })),
  daysOff: [],
  visitMinutes: 60,
  bufferMinutes: 30,
  maxPerDay: 4,
  minDaysAhead: 2,
  maxDaysAhead: 21,
  zips: SEED_ZIPS,
  sampleZips: SEED_ZIPS,
};

export interface StoredVisitSettings {
  settings: VisitSettings;
  /** Null while the defaults apply (never saved). */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The settings in force (the defaults until the office saves its own). */
export async function visitSettings(q: Queryable): Promise<VisitSettings> {
  return (await storedVisitSettings(q)).settings;
}

export async function storedVisitSettings(q: Queryable): Promise<StoredVisitSettings> {
  const r = await q.query<{ settings: unknown; updated_at: Date; updated_by: string }>("SELECT settings, updated_at, updated_by FROM visit_settings");
  const row = r.rows[0];
  const parsed = visitSettingsSchema.safeParse(row?.settings);
  if (!row || !parsed.success) return { settings: DEFAULT_VISIT_SETTINGS, updatedAt: null, updatedBy: null };
  return { settings: parsed.data, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by };
}

/** Saves the settings (checked by the schema already), keeping this version in the history. */
export async function saveVisitSettings(db: Db, settings: VisitSettings, by: string): Promise<StoredVisitSettings> {
  // The same day off twice, or a ZIP listed as sample that was removed: kept tidy here.
  const daysOff = [...new Map(settings.daysOff.map((d) => [d.date, d])).values()].sort((a, b) => a.date.localeCompare(b.date));
  const weekly = [...settings.weekly].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from));
  const clean: VisitSettings = { ...settings, weekly, daysOff, sampleZips: settings.sampleZips.filter((z) => settings.zips.includes(z)) };
  return db.tx(async (q) => {
    const r = await q.query<{ updated_at: Date }>(
      `INSERT INTO visit_settings (id, settings, updated_at, updated_by) VALUES (true, $1, now(), $2)
       ON CONFLICT (id) DO UPDATE SET settings = $1, updated_at = now(), updated_by = $2 RETURNING updated_at`,
      [JSON.stringify(clean), by],
    );
    await q.query("INSERT INTO visit_settings_history (settings, saved_by) VALUES ($1, $2)", [JSON.stringify(clean), by]);
    return { settings: clean, updatedAt: new Date(r.rows[0].updated_at).toISOString(), updatedBy: by };
  });
}

export interface SettingsChange {
  savedAt: string;
  savedBy: string;
}

/** The latest saved versions, newest first (who and when). */
export async function visitSettingsHistory(q: Queryable, limit = 10): Promise<SettingsChange[]> {
  const r = await q.query<{ saved_at: Date; saved_by: string }>("SELECT saved_at, saved_by FROM visit_settings_history ORDER BY id DESC LIMIT $1", [limit]);
  return r.rows.map((h) => ({ savedAt: new Date(h.saved_at).toISOString(), savedBy: h.saved_by }));
}
