/**
 * Sets the JS clock to an instant by the office's clock (Cape Coral's zone): what a text's callback
 * words and the office day are computed from. Only Date is faked (timers, and so the database and
 * the HTTP stand-ins, keep running); the caller restores it with `vi.useRealTimers()`.
 */
import { vi } from "vitest";
import { zonedInstant } from "../../src/server/sms/template.ts";

export function officeClock(ymd: string, hhmm: string, zone = "America/New_York"): void {
  const [y, m, d] = ymd.split("-").map(Number);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(zonedInstant(y, m, d, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), zone));
}
