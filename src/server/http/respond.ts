/** The answers of endpoints that read a list (the admin dashboard's): the list, or an empty one with why. */
import { json } from "./response.ts";
import type { Logger } from "../logs/logger.ts";

/** One line for the log: errors by name and message only, never a stack. */
export function describeError(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/**
 * A list that could not be read (spec §8): logged with the spec's text, answered as an empty list
 * with that text and a 503, so the screen shows its empty state instead of stale data.
 */
export function failedList(log: Logger, text: string, e: unknown, status = 503): Response {
  log.error(`${text}: ${describeError(e)}`);
  return json({ status: false, message: text, data: { data: [] } }, { status });
}

export const list = <T>(data: T[], extra: Record<string, unknown> = {}) => json({ status: true, data: { data, ...extra } });
