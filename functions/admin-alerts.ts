import type { Config } from "@netlify/functions";
import { handle } from "../src/server/http/handler.ts";
import { json } from "../src/server/http/response.ts";
import { readJson } from "../src/server/http/validate.ts";
import { requireAdmin } from "../src/server/auth/guard.ts";
import { getDb } from "../src/server/db/index.ts";
import { alertSettingsSchema } from "../src/server/alerts/rota.ts";
import { alertSettings, saveAlertSettings } from "../src/server/alerts/lead-alerts.ts";
import { listDevices, pushAllowed, vapidFromEnv } from "../src/server/alerts/push.ts";

export const config: Config = { path: "/api/admin/alerts" };

/**
 * Staff alerts (issue 34). GET: the office's rota, quiet hours, on-call person and escalation order,
 * the staff who can be named in them, this admin's devices, and the public key a browser subscribes
 * with. PUT: saves the settings (kept in their history).
 */
export default handle(
  config.path,
  async (req, { log }) => {
    const session = await requireAdmin(req);
    const db = await getDb();
    if (req.method === "PUT") {
      const settings = await saveAlertSettings(db, await readJson(req, alertSettingsSchema, 64 * 1024), session.user.email);
      log.info(`Alert settings saved by ${session.user.email}: ${settings.rota.length} shift(s), quiet ${settings.quiet ? `${settings.quiet.from}-${settings.quiet.to}` : "none"}`);
      return json({ status: true, data: { settings } });
    }
    const staff = await db.query<{ id: string; email: string; name: string }>("SELECT id, email, name FROM users WHERE role = 'admin' ORDER BY lower(coalesce(nullif(name, ''), email))");
    return json({
      status: true,
      data: {
        settings: await alertSettings(db),
        staff: staff.rows.map((u) => ({ id: u.id, email: u.email, name: u.name || u.email.split("@")[0] })),
        devices: await listDevices(db, session.user.id),
        publicKey: vapidFromEnv()?.publicKey ?? null,
        // False on a preview (it never pushes) or on a deploy without VAPID keys.
        enabled: pushAllowed(),
      },
    });
  },
  ["GET", "PUT"],
);
