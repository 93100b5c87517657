/** A message that survives one navigation (e.g. "Admins only" after a redirect); Feedback shows it. */
export interface Flash {
  message: string;
  type: "success" | "error";
}

const KEY = "flash";

export function setFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {}
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const f = raw ? (JSON.parse(raw) as Flash) : null;
    return f && typeof f.message === "string" ? { message: f.message, type: f.type === "error" ? "error" : "success" } : null;
  } catch {
    return null;
  }
}
