/**
 * localStorage and sessionStorage that never throw: where storage is blocked (privacy settings,
 * a sandboxed frame, the server render) a read finds nothing, a write keeps nothing, and the
 * page carries on. The one place the site wraps Web Storage in try/catch.
 */
function safe(store: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return store().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        store().setItem(key, value);
      } catch {}
    },
    remove(...keys: string[]): void {
      try {
        for (const k of keys) store().removeItem(k);
      } catch {}
    },
  };
}

export const local = safe(() => localStorage);
export const session = safe(() => sessionStorage);
