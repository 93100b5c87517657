/** The admin log viewer: the newest `tail` entries of a time window, optionally filtered, oldest first. */
import { z } from "zod";
import type { Queryable } from "../db/index.ts";
import { text } from "../../lib/text.ts";
import { formatLine, type Level } from "./logger.ts";
import { windowQuery, windowSql, type WindowInput } from "./window.ts";

export const DEFAULT_TAIL = 50;
export const MAX_TAIL = 1000;

export const logQuery = z.object({
  // Spec §5: a line count that is not a number falls back to 50.
  tail: z
    .string()
    .optional()
    .transform((s) => {
      const n = Number(s);
      return s && /^\s*\d+\s*$/.test(s) && n >= 1 ? Math.min(n, MAX_TAIL) : DEFAULT_TAIL;
    }),
  grep: text()
    .max(200, "at most 200 characters")
    .optional()
    .transform((s) => (s?.trim() ? s.trim() : undefined)),
  ...windowQuery,
});
export type LogQuery = z.infer<typeof logQuery>;

export interface LogWindow {
  lines: string[];
  from: string;
  to: string;
}

export async function tailLogs(q: Queryable, opts: { tail: number; grep?: string } & WindowInput): Promise<LogWindow> {
  const w = windowSql(opts, 3);
  const r = await q.query<{ ts: Date; level: Level; source: string; message: string; w_from: Date; w_to: Date }>(
    `WITH w AS (SELECT ${w.from} AS w_from, ${w.to} AS w_to)
     SELECT t.ts, t.level, t.source, t.message, w.w_from, w.w_to
       FROM w LEFT JOIN LATERAL (
         SELECT id, ts, level, source, message FROM log
          WHERE ts >= w.w_from AND ts < w.w_to
            AND ($1::text IS NULL OR strpos(lower('[' || level || '][' || source || '] ' || message), lower($1::text)) > 0)
          ORDER BY ts DESC, id DESC
          LIMIT $2
       ) t ON true
      ORDER BY t.ts ASC NULLS FIRST, t.id ASC`,
    [opts.grep ?? null, opts.tail, ...w.params],
  );
  const first = r.rows[0];
  return {
    lines: r.rows.filter((row) => row.ts).map((row) => formatLine({ ...row, ts: new Date(row.ts) })),
    from: new Date(first.w_from).toISOString(),
    to: new Date(first.w_to).toISOString(),
  };
}
