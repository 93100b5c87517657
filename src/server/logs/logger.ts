import { getDb, type Queryable } from "../db/index.ts";
import { isReadOnlyRefusal } from "../settings/context.ts";
import { escapeControlChars } from "../../lib/text.ts";

export type Level = "INFO" | "DEBUG" | "ERROR" | "WARN";
export interface LogEntry {
  ts: Date;
  level: Level;
  source: string;
  message: string;
  requestId?: string;
}
export interface Logger {
  info(message: string): void;
  debug(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Writes the buffered entries to the `log` table in one statement. Never throws. */
  flush(): Promise<void>;
}

/** The line the admin log viewer shows: `[timestamp][level][source path] message`. */
export function formatLine(e: Pick<LogEntry, "ts" | "level" | "source" | "message">): string {
  return `[${e.ts.toISOString()}][${e.level}][${e.source}] ${e.message}`;
}

const MAX_MESSAGE = 4000;

/**
 * A structured logger for one request (or job). Each entry goes to stdout at once and is kept
 * until `flush()` writes them all to Postgres, so a request costs one insert however much it logs.
 */
export function createLogger(source: string, requestId?: string, db?: () => Promise<Queryable>): Logger {
  const pending: LogEntry[] = [];
  const add = (level: Level) => (message: string) => {
    // Control characters (NUL above all, which Postgres cannot store) are written as \u00XX: a line
    // quoting a hostile request is still stored and shown.
    const entry = {
      ts: new Date(),
      level,
      source: escapeControlChars(source),
      message: escapeControlChars(message.slice(0, MAX_MESSAGE)),
      requestId: requestId === undefined ? undefined : escapeControlChars(requestId),
    };
    pending.push(entry);
    const line = formatLine(entry) + (requestId ? ` (req ${requestId})` : "");
    if (process.env.LOG_SILENT !== "1") (level === "ERROR" ? console.error : console.log)(line);
  };
  return {
    info: add("INFO"),
    debug: add("DEBUG"),
    warn: add("WARN"),
    error: add("ERROR"),
    async flush() {
      if (!pending.length) return;
      const batch = pending.splice(0);
      const values: unknown[] = [];
      const rows = batch.map((e, i) => {
        values.push(e.ts, e.level, e.source, e.message, e.requestId ?? null);
        const o = i * 5;
        return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5})`;
      });
      try {
        const q = await (db ?? getDb)();
        await q.query(`INSERT INTO log (ts, level, source, message, request_id) VALUES ${rows.join(", ")}`, values);
      } catch (e) {
        // A preview with only the production database keeps its logs on stdout (it writes nothing).
        if (isReadOnlyRefusal(e)) return;
        console.error(`[log] could not store ${batch.length} log entries: ${e instanceof Error ? e.message : e}`);
      }
    },
  };
}

/** Deletes log entries older than `days` (default 30). Returns how many went. */
export async function pruneLogs(q: Queryable, days = 30): Promise<number> {
  const r = await q.query(`DELETE FROM log WHERE ts < now() - make_interval(days => $1)`, [days]);
  return r.rowCount;
}
