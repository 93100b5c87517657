/**
 * Does again, on a hydrated island, what the visitor did to it before its JavaScript had arrived
 * (record-interaction.ts, issue 11).
 *
 * The typed values are handed to the framework as `input` events (so a controlled field's state
 * holds them and the next render cannot wipe them), the focused element is focused again (and told
 * so with `focusin`), then the held clicks and keys are dispatched in their order on the same
 * elements. React handles a discrete event on a root that is still hydrating by finishing the
 * hydration first, so replay can start as soon as the root exists.
 *
 * Loaded by the page's own script (Shell.astro), not inlined with the directive: `provideReplay`
 * hands it to the `client:intent` directive.
 */
import { isSelect, isTextField, nothingRecorded, REPLAY_READY, type Recorded } from "./record-interaction";

export function atPath(root: Element, path: number[]): Element | null {
  let n: Element | null = root;
  for (const i of path) n = n?.children[i] ?? null;
  return n;
}

/** The element itself when it is still in the island, else the one now at the same place. */
function resolve(root: Element, target: Element, path: number[]): Element | null {
  if (target.isConnected && root.contains(target)) return target;
  return path.length ? atPath(root, path) : null;
}

/**
 * Sets a field's value so that React (or any framework that tracks the last value it saw) sees a
 * change and calls its onChange: first to empty through the element, then to the value through
 * the prototype's setter, then an `input` event. Two events because React, when the root is still
 * hydrating, finishes hydrating on the first one and takes the DOM's value as the known one.
 */
export function handValueToFramework(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (!setNative) return;
  const { selectionStart, selectionEnd } = safeSelection(field);
  setNative.call(field, "");
  field.dispatchEvent(new Event("input", { bubbles: true }));
  setNative.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  if (selectionStart !== null && document.activeElement === field) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd);
    } catch {}
  }
}

function safeSelection(field: HTMLInputElement | HTMLTextAreaElement): { selectionStart: number | null; selectionEnd: number | null } {
  try {
    return { selectionStart: field.selectionStart, selectionEnd: field.selectionEnd };
  } catch {
    // type=email/number have no selection API.
    return { selectionStart: null, selectionEnd: null };
  }
}

/**
 * Makes a framework that is still hydrating finish now. React hydrates a root inside a transition
 * and, when a discrete event reaches a root that is not hydrated yet, hydrates it synchronously
 * before handling the event. A `dragend` that does not bubble, aimed at the island's first element,
 * reaches React's root listener in the capture phase only, and nothing handles it: it does just
 * that. (Aimed at the island element itself, React would not look for a root.) Without it, a
 * replayed checkbox click would toggle the box before React hydrates, React would take the
 * toggled state as the one it rendered, and onChange would never be called.
 */
function finishHydration(root: Element): void {
  (root.firstElementChild ?? root).dispatchEvent(new Event("dragend", { bubbles: false, cancelable: true }));
}

/** Replays what was recorded on the island `root` (an `<astro-island>`), now hydrated. */
export function replayInteractions(root: Element, recorded: Recorded): void {
  if (nothingRecorded(recorded)) return;
  const { held, typed, focused } = recorded;
  finishHydration(root);
  for (const { target, path, value } of typed.values()) {
    const field = resolve(root, target, path);
    if (isTextField(field)) handValueToFramework(field, value);
    else if (isSelect(field)) {
      field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
  if (focused) {
    const el = resolve(root, focused.target, focused.path);
    if (el instanceof HTMLElement) {
      if (document.activeElement !== el) el.focus({ preventScroll: true });
      // The framework's onFocus handlers never heard of the first focus.
      else el.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    }
  }
  for (const h of held) {
    const el = resolve(root, h.target, h.path);
    if (!el) continue;
    if (h.kind === "click") el.dispatchEvent(new MouseEvent("click", h.init));
    else if (h.kind === "keydown") el.dispatchEvent(new KeyboardEvent("keydown", h.init));
    else if (el instanceof HTMLFormElement) {
      const sub = h.submitter && resolve(root, h.submitter.target, h.submitter.path);
      try {
        if (sub instanceof HTMLElement) el.requestSubmit(sub);
        else el.requestSubmit();
      } catch {
        el.requestSubmit();
      }
    }
  }
}

/** Hands the replay to the `client:intent` directive (called once by the page's script). */
export function provideReplay(): void {
  window.intentReplay = replayInteractions;
  dispatchEvent(new Event(REPLAY_READY));
}
