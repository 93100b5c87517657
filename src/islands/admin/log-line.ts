/** Reads a `[timestamp][LEVEL][source path] message` line (spec §3); other lines are hidden. */
export const LEVELS = ["INFO", "DEBUG", "ERROR", "WARN"] as const;
export type Level = (typeof LEVELS)[number];

export interface LogLine {
  ts: string;
  level: Level;
  source: string;
  message: string;
}

const LINE = /^\[([^\]]+)\]\[([A-Z]+)\]\[([^\]]*)\] ?([\s\S]*)$/;

export function parseLogLine(line: string): LogLine | null {
  const m = LINE.exec(line);
  if (!m || !(LEVELS as readonly string[]).includes(m[2])) return null;
  return { ts: m[1], level: m[2] as Level, source: m[3], message: m[4] };
}

/** Spec §5: a line count that is not a positive whole number falls back to 50. */
export function tailOrDefault(input: string, fallback = 50): number {
  const n = Number(input);
  return /^\s*\d+\s*$/.test(input) && n >= 1 ? n : fallback;
}

/** The date (YYYY-MM-DD) in the browser's own time zone. */
export function localDate(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
