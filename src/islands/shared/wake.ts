/**
 * Wakes a `client:intent` island from a page's own script, without loading the island's code into
 * that script: the directive (intent-directive.ts) hydrates it on the event, or at once when the
 * attribute was set before the directive ran.
 */
export const WAKE_EVENT = "intent-wake";
export const WAKE_ATTRIBUTE = "data-intent-wake";
/**
 * Sent by a `client:intent` island as it starts hydrating (bubbling, from the island). An island
 * marked `client:intent="companion"` (the page's toasts, Feedback.tsx) hydrates with the first one,
 * so the messages of the island the visitor uses have somewhere to show.
 */
export const HYDRATING_EVENT = "intent-hydrating";

/** Hydrates the `client:intent` island `el` now. */
export function wakeIsland(el: Element): void {
  el.setAttribute(WAKE_ATTRIBUTE, "");
  el.dispatchEvent(new Event(WAKE_EVENT));
}
