/**
 * A message that survives one navigation (e.g. "Admins only" after a redirect); Feedback shows it.
 * It is addressed to the page it is meant for: the page being left has its own Feedback island,
 * which may hydrate between `setFlash` and the navigation and must not take the message with it.
 */
import { session } from "./safe-storage.ts";

export interface Flash {
  message: string;
  type: "success" | "error";
}

interface Stored extends Flash {
  /** The path of the page that shows it. */
  to: string;
  /** When it was left (ms); a message nobody picked up soon is stale. */
  at: number;
}

const KEY = "flash";
/** A flash older than this is dropped unseen (the navigation it belonged to never happened). */
export const FLASH_TTL_MS = 5 * 60_000;

/** Leaves `flash` for the page at `url` (a path or URL; only its path counts). */
export function setFlash(flash: Flash, url: string): void {
  const to = new URL(url, "http://x").pathname;
  session.set(KEY, JSON.stringify({ ...flash, to, at: Date.now() } satisfies Stored));
}

/** What is stored, read once: none, unreadable or stale (`fresh` false), or a flash for `to`. */
function stored(): { f: Partial<Stored> | null; fresh: boolean } | null {
  const raw = session.get(KEY);
  if (!raw) return null;
  let f: Partial<Stored> | null = null;
  try {
    f = JSON.parse(raw) as Partial<Stored>;
  } catch {
    /* unreadable: not fresh */
  }
  return { f, fresh: !!f && typeof f.at === "number" && Date.now() - f.at < FLASH_TTL_MS };
}

/** Whether a flash waits for the page at `path` (nothing is taken: `takeFlash` does). */
export function hasFlash(path: string = location.pathname): boolean {
  const s = stored();
  return !!s?.fresh && s.f?.to === path;
}

/** The flash left for the page at `path` (and forgets it), or null. A flash for another page stays. */
export function takeFlash(path: string = location.pathname): Flash | null {
  const s = stored();
  if (!s) return null;
  const { f, fresh } = s;
  if (f && fresh && typeof f.to === "string" && f.to !== path) return null;
  session.remove(KEY);
  return f && fresh && typeof f.message === "string" ? { message: f.message, type: f.type === "error" ? "error" : "success" } : null;
}
