/** The dashboard cards' figures, all counted from the database at the time of the call. */
import type { Queryable } from "../db/index.ts";
import { LOG_LEVELS, type DashboardStats } from "../../lib/contracts/admin.ts";
import { windowSql, type WindowInput } from "../logs/window.ts";

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function dashboardStats(q: Queryable, w: WindowInput): Promise<DashboardStats> {
  const win = windowSql(w, 1);
  const today = windowSql({ ...w, range: "1d", selectedDate: undefined }, 5);
  const r = await q.query<{
    products: string;
    users: string;
    active_sessions: string;
    logins_today: string;
    errors: string;
    levels: Record<string, string> | null;
    last_error_at: Date | null;
    admin_at: Date | null;
    admin_email: string | null;
    w_from: Date;
    w_to: Date;
  }>(
    `WITH w AS (SELECT ${win.from} AS w_from, ${win.to} AS w_to),
          d AS (SELECT ${today.from} AS d_from, ${today.to} AS d_to),
          admin_login AS (
            SELECT s.created_at, u.email FROM sessions s JOIN users u ON u.id = s.user_id, d
             WHERE u.role = 'admin' AND s.created_at >= d.d_from AND s.created_at < d.d_to
             ORDER BY s.created_at DESC LIMIT 1)
     SELECT (SELECT count(*) FROM products) AS products,
            (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now()) AS active_sessions,
            (SELECT count(*) FROM sessions, d WHERE created_at >= d.d_from AND created_at < d.d_to) AS logins_today,
            (SELECT count(*) FROM log, w WHERE level = 'ERROR' AND ts >= w.w_from AND ts < w.w_to) AS errors,
            (SELECT json_object_agg(level, n) FROM (SELECT level, count(*) AS n FROM log, w WHERE ts >= w.w_from AND ts < w.w_to GROUP BY level) l) AS levels,
            (SELECT max(ts) FROM log WHERE level = 'ERROR') AS last_error_at,
            (SELECT created_at FROM admin_login) AS admin_at,
            (SELECT email FROM admin_login) AS admin_email,
            w.w_from, w.w_to
       FROM w`,
    [...win.params, ...today.params],
  );
  const row = r.rows[0];
  return {
    products: Number(row.products),
    users: Number(row.users),
    activeSessions: Number(row.active_sessions),
    loginsToday: Number(row.logins_today),
    errors: Number(row.errors),
    levels: Object.fromEntries(LOG_LEVELS.map((l) => [l, Number(row.levels?.[l] ?? 0)])) as DashboardStats["levels"],
    lastErrorAt: iso(row.last_error_at),
    adminLoginToday: row.admin_at && row.admin_email ? { at: iso(row.admin_at)!, email: row.admin_email } : null,
    window: { from: iso(row.w_from)!, to: iso(row.w_to)! },
  };
}
