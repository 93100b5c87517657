/**
 * A preview's database can be a branch of production's (Netlify Database copies it), so it starts
 * with the company's customers in it. Before anything else on its first build in a preview or
 * branch-deploy context, everything personal is deleted: leads and all that hangs on them
 * (photos, status history, idempotency keys, texting consents and texts, site visits and their
 * history), the numbers that replied to a text, every account with its sessions, calendar feeds,
 * reset links and log-in throttles, the mail outbox and its attachments, the system log, the CRM's
 * tokens (production's Zoho refresh token must never be used by a preview), rate-limit counters, web-vitals samples and the state of
 * production's pipes (a preview's jobs do not run, so a copied outage banner would never clear). The
 * catalogue stays. A marker row makes it run once per database, so what reviewers add later is
 * theirs. Never on production, never on a database the deploy may only read. Plain Node.
 */
import type { Db } from "../index.ts";
import { isPreview, type DeploySettings } from "../../settings/context.ts";

/** Child tables first (their rows go with their parents anyway; listed for the count). */
export const PERSONAL_TABLES = [
  "lead_photo_tokens",
  "lead_photo_quota",
  "lead_photos",
  "lead_photo_blobs",
  "lead_status_history",
  "lead_idempotency",
  "visit_history",
  "visits",
  "sms_consents",
  "sms_outbox",
  "sms_opt_outs",
  "sms_inbound",
  "leads",
  "password_resets",
  "sessions",
  "visit_feeds",
  "login_throttle",
  "users",
  "outbox_attachments",
  "outbox",
  "log",
  "crm_token",
  "rate_limit",
  "web_vitals",
  "pipe_alerts",
  "pipe_health",
] as const;

/** Scrubs a preview's copy of production once; returns what it deleted, or null when it did nothing. */
export async function scrubPreviewCopy(db: Db, settings: DeploySettings): Promise<string | null> {
  if (settings.context === "production" || !isPreview(settings.context) || settings.database.readOnly || settings.database.kind === "embedded") return null;
  return db.tx(async (q) => {
    await q.query("CREATE TABLE IF NOT EXISTS preview_scrub (id int PRIMARY KEY CHECK (id = 1), scrubbed_at timestamptz NOT NULL DEFAULT now(), deleted jsonb NOT NULL)");
    // One build at a time decides (two previews building at once on one branch).
    await q.query("LOCK TABLE preview_scrub IN EXCLUSIVE MODE");
    if ((await q.query("SELECT 1 FROM preview_scrub")).rowCount) return null;
    const deleted: Record<string, number> = {};
    for (const table of PERSONAL_TABLES) deleted[table] = (await q.query(`DELETE FROM ${table}`)).rowCount;
    await q.query("INSERT INTO preview_scrub (id, deleted) VALUES (1, $1)", [JSON.stringify(deleted)]);
    const said = Object.entries(deleted).filter(([, n]) => n > 0).map(([t, n]) => `${n} ${t}`);
    return `copied data scrubbed before first use: ${said.length ? said.join(", ") : "nothing personal was there"}`;
  });
}
