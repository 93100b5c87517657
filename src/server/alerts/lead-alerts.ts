/**
 * Alerts about leads (issue 34): a new lead, a lead held as possible spam and a lead Zoho would not
 * take each alert the people the rota names (rota.ts), on every device they turned alerts on.
 * A new lead nobody has called after 15 business minutes alerts the next person of the escalation
 * order, and so on. Texts are Hebrew, for the office; what the visitor typed (a name, an address) is
 * cut short and cleaned of control and direction characters before it reaches a lock screen.
 */
import type { Db, Queryable } from "../db/index.ts";
import type { Logger } from "../logs/logger.ts";
import { HttpError } from "../http/errors.ts";
import { businessHours, businessSecondsSql } from "../reports/hours.ts";
import { Params } from "../reports/period.ts";
import { EMPTY_SETTINGS, alertSettingsSchema, recipientsAt, type AlertSettings } from "./rota.ts";
import { deliverNow, queueAlert, type AlertPayload } from "./push.ts";

export type LeadEvent = "new" | "held" | "crm-failed" | "waiting";

/** A lead nobody has called alerts the next person after this many business minutes. */
export const ESCALATE_AFTER_MINUTES = 15;

/** The fields of a lead an alert shows. */
export type AlertLead = {
  id: string;
  kind: "quote" | "inquiry";
  full_name: string;
  address: string;
  subject: string;
  product_name: string | null;
};

/** Towns of Lee County and around, as an address names them (longest first: North Fort Myers before Fort Myers). */
const TOWNS = [
  "North Fort Myers", "Fort Myers Beach", "Fort Myers", "Cape Coral", "Bonita Springs", "Estero", "Sanibel", "Captiva", "Matlacha",
  "Pine Island", "St. James City", "Bokeelia", "Lehigh Acres", "Alva", "Punta Gorda", "Port Charlotte", "Naples",
];

/** The town an address names, or "" (never the street: a lock screen is seen by others). */
export function townOf(address: string): string {
  const a = address.toLowerCase();
  return TOWNS.find((t) => a.includes(t.toLowerCase())) ?? "";
}

/** Visitor text made safe for a notification: no control or direction characters, at most `max` characters. */
export function plain(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, " ").replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

const TITLES: Record<LeadEvent, (l: AlertLead) => string> = {
  new: (l) => (l.kind === "quote" ? "ליד חדש: בקשת הצעת מחיר" : "ליד חדש: פנייה על מוצר"),
  held: () => "ליד הוחזק כחשד לספאם: לבדוק",
  "crm-failed": () => "הליד לא נשמר ב-Zoho: לבדוק",
  waiting: () => `ליד מחכה ${ESCALATE_AFTER_MINUTES} דקות ואף אחד לא התקשר`,
};

/** The notification for a lead event: who, what service, which town, quote or inquiry; tapping opens its card. */
export function leadPayload(lead: AlertLead, event: LeadEvent): AlertPayload {
  const what = plain(lead.kind === "quote" ? lead.subject : (lead.product_name ?? lead.subject), 60);
  const body = [plain(lead.full_name, 40), what, townOf(lead.address)].filter(Boolean).join(" · ");
  // Zoho failures share one notification on the phone (an outage is one thing to check, not twenty).
  const tag = event === "crm-failed" ? "crm-failed" : `lead-${lead.id}-${event}`;
  return { title: TITLES[event](lead), body, url: `/admin?lead=${lead.id}`, tag };
}

/** The office's alert settings (the empty rota until someone saves one). */
export async function alertSettings(q: Queryable): Promise<AlertSettings> {
  const r = await q.query<{ settings: AlertSettings }>("SELECT settings FROM alert_settings");
  const parsed = alertSettingsSchema.safeParse(r.rows[0]?.settings);
  return parsed.success ? parsed.data : EMPTY_SETTINGS;
}

/** Saves the settings (every person named must be an admin), keeping the old version in the history. */
export async function saveAlertSettings(db: Db, settings: AlertSettings, by: string): Promise<AlertSettings> {
  const named = [...new Set([...settings.rota.map((s) => s.userId), ...(settings.onCall ? [settings.onCall] : []), ...settings.escalation])];
  return db.tx(async (q) => {
    if (named.length) {
      const staff = await q.query<{ id: string }>("SELECT id FROM users WHERE id = ANY($1::uuid[]) AND role = 'admin'", [named]);
      const known = new Set(staff.rows.map((r) => r.id));
      const stranger = named.find((id) => !known.has(id));
      if (stranger) throw new HttpError(400, "Only staff (admins) can be on the rota, on call or in the escalation order", { field: "userId" });
    }
    await q.query(
      `INSERT INTO alert_settings (id, settings, updated_at, updated_by) VALUES (true, $1, now(), $2)
       ON CONFLICT (id) DO UPDATE SET settings = $1, updated_at = now(), updated_by = $2`,
      [JSON.stringify(settings), by],
    );
    await q.query("INSERT INTO alert_settings_history (settings, saved_by) VALUES ($1, $2)", [JSON.stringify(settings), by]);
    return settings;
  });
}

/** Queues the alert for a lead event to whoever the rota names now; returns the outbox ids. */
export async function queueLeadAlert(q: Queryable, lead: AlertLead, event: Exclude<LeadEvent, "waiting">, at = new Date()): Promise<string[]> {
  const { userIds } = recipientsAt(await alertSettings(q), at);
  return queueAlert(q, userIds, `${event}:${lead.id}`, leadPayload(lead, event), lead.id);
}

const ALERT_COLUMNS = "id, kind, full_name, address, subject, product_name";

/**
 * Queues and sends at once the alert for a lead event (the submit's background work, the CRM
 * job's failure). Never throws: the scheduled job sends whatever this misses.
 */
export async function alertLead(db: Db, leadId: string, event: Exclude<LeadEvent, "waiting">, log?: Logger): Promise<void> {
  try {
    const r = await db.query<AlertLead>(`SELECT ${ALERT_COLUMNS} FROM leads WHERE id = $1`, [leadId]);
    if (!r.rows[0]) return;
    const ids = await queueLeadAlert(db, r.rows[0], event);
    if (ids.length) await deliverNow(db, ids, { log });
  } catch (e) {
    log?.warn(`Lead ${leadId}: ${event} alert deferred: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The escalation (run by the alerts job every minute): each new lead that nobody has called (no
 * first contact, no status change) and that has waited 15 business minutes more than the last
 * person alerted about it alerts the next person of the escalation order. Returns how many leads
 * were escalated.
 */
export async function escalateWaitingLeads(db: Db, now = new Date()): Promise<number> {
  const settings = await alertSettings(db);
  if (!settings.escalation.length) return 0;
  const p = new Params();
  const at = p.v(now, "timestamptz");
  const step = p.v(ESCALATE_AFTER_MINUTES * 60, "float8");
  const levels = p.v(settings.escalation.length, "int");
  const secs = businessSecondsSql(p, await businessHours(db), "coalesce(l.released_at, l.created_at)", at);
  const due = await db.query<AlertLead & { escalation_level: number }>(
    `SELECT ${ALERT_COLUMNS.split(", ").map((c) => `l.${c}`).join(", ")}, l.escalation_level
       FROM leads l CROSS JOIN LATERAL ${secs} b
      WHERE l.spam_reason IS NULL AND l.first_contact_at IS NULL AND l.escalation_level < ${levels}
        AND l.created_at > ${at} - interval '14 days'
        AND NOT EXISTS (SELECT 1 FROM lead_status_history h WHERE h.lead_id = l.id)
        AND b.secs >= ${step} * (l.escalation_level + 1)
      ORDER BY l.created_at LIMIT 50`,
    p.values,
  );
  let escalated = 0;
  for (const lead of due.rows) {
    const level = lead.escalation_level;
    // Only one run moves a lead to the next level, whoever else is running.
    const moved = await db.query("UPDATE leads SET escalation_level = $2 WHERE id = $1 AND escalation_level = $3", [lead.id, level + 1, level]);
    if (!moved.rowCount) continue;
    await queueAlert(db, [settings.escalation[level]], `waiting:${lead.id}:${level}`, leadPayload(lead, "waiting"), lead.id);
    escalated++;
  }
  return escalated;
}
