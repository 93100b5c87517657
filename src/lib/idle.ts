/**
 * Runs `fn` when the browser is idle (at the latest after `timeoutMs`), or after a short delay
 * where there is no requestIdleCallback (Safari). Answers a function that cancels it.
 */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(fn, Math.min(timeoutMs, 500));
  return () => clearTimeout(handle);
}

/** Runs `fn` once the page has loaded (at once when it already has). */
export function afterLoad(fn: () => void): void {
  if (document.readyState === "complete") fn();
  else addEventListener("load", fn, { once: true });
}
