/**
 * Keeps what a visitor does to an island before its JavaScript has arrived (issue 11), so that it
 * can be done again once the island is hydrated (replay-interaction.ts): no interaction is lost to
 * late hydration.
 *
 * While recording (from the page's start until hydration):
 * - clicks and taps are held: the server-rendered DOM has no handlers, so the click would do
 *   nothing (or, on a checkbox or submit button, the browser's own thing behind React's back).
 *   Links, and clicks into a text field or choice list (or on its label), are left to the browser:
 *   they work without JavaScript and the field gets focus at once;
 * - a form submission (Enter in a field) is held instead of loading a new page;
 * - keys pressed on controls that are not text fields (a button, a list) are held;
 * - text typed into fields (and choices made in lists) land in the DOM by themselves; the final
 *   value is noted per field;
 * - the element that has focus is noted.
 *
 * This half is inlined into every page with a `client:intent` island (Astro inlines a directive's
 * code); the replay half is in the page's own script (Shell.astro), which has long arrived by the
 * time an island has hydrated (issue 38: the page's HTML stays under its budget).
 */

/** How many held clicks and keys are replayed at most (a burst of taps on a slow phone). */
export const MAX_HELD = 8;

/**
 * A held click or key keeps its original event as the init of the one replayed: an event is a valid
 * init dictionary for its own kind (the constructor reads the same-named members: position, button,
 * modifiers, key, code...), so nothing is copied by hand and nothing is left out.
 */
export type Held =
  | { kind: "click"; target: Element; path: number[]; init: MouseEventInit }
  | { kind: "keydown"; target: Element; path: number[]; init: KeyboardEventInit }
  | { kind: "submit"; target: Element; path: number[]; submitter: { target: Element; path: number[] } | null };

/** What was recorded, handed over to the replay. */
export interface Recorded {
  held: Held[];
  typed: Map<string, { target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; path: number[]; value: string }>;
  focused: { target: Element; path: number[] } | null;
}

/** Nothing to replay: no click, key or submit held, nothing typed, no focus inside. */
export const nothingRecorded = ({ held, typed, focused }: Recorded): boolean => !held.length && !typed.size && !focused;

export interface Recorder {
  /** Stops recording and hands over what was recorded (once). */
  take(): Recorded;
  /** Stops recording and forgets everything (hydration failed, island removed). */
  stop(): void;
  /** What is held, for tests and debugging. */
  readonly pending: number;
}

const TEXT_INPUT = /^(text|search|email|tel|url|password|number|date|datetime-local|month|week|time|color)$/;

/** A field whose typing the browser handles without JavaScript. */
export function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && TEXT_INPUT.test(el.type || "text");
}

/** A choice list: the browser changes it by itself; its final value is handed over like text. */
export const isSelect = (el: Element | null): el is HTMLSelectElement => el instanceof HTMLSelectElement;

/** A file field: its picker (or the phone's camera) opens only from the visitor's own tap. */
const isFileField = (el: Element | null): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === "file";

/**
 * A click the browser handles well without JavaScript and React needs nothing of: on a text field
 * or a choice list (focus, caret, the native list), or on the label of one (focuses the field); on
 * a file field or its label (the picker opens; the island takes the chosen files once hydrated).
 */
function nativeFieldClick(target: Element): boolean {
  if (isTextField(target) || isSelect(target) || isFileField(target)) return true;
  const control = target.closest("label")?.control ?? null;
  return isTextField(control) || isSelect(control) || isFileField(control);
}

/** Child-index path from `root` down to `node` (to find "the same element" if it was replaced). */
export function pathOf(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== root; n = n.parentElement) {
    const parent: Element | null = n.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, n));
  }
  return path;
}

/** Starts recording interactions inside `root` (an `<astro-island>`). */
export function recordInteractions(root: HTMLElement): Recorder {
  const held: Held[] = [];
  const typed: Recorded["typed"] = new Map();
  let focused: Recorded["focused"] = null;
  let live = true;

  const onClick = (e: MouseEvent) => {
    const target = e.target as Element | null;
    if (!target || !(target instanceof Element)) return;
    // A link does its job without JavaScript, as does a click into a field; and a click something
    // else already handled is not ours.
    if (target.closest("a[href]") || nativeFieldClick(target) || e.defaultPrevented) return;
    e.preventDefault();
    if (held.length < MAX_HELD) held.push({ kind: "click", target, path: pathOf(root, target), init: e });
  };
  const onKey = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (!target || !(target instanceof Element) || isTextField(target)) return;
    // Tab moves focus by itself; modifier chords belong to the browser.
    if (e.key === "Tab" || e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter/Space on a button makes the browser click it: that click is held, not the key too.
    if ((e.key === "Enter" || e.key === " ") && target.closest("button, [role=button], a[href], summary, input")) return;
    if (e.key === " " || e.key.startsWith("Arrow") || e.key === "PageDown" || e.key === "PageUp" || e.key === "Home" || e.key === "End") e.preventDefault();
    if (held.length < MAX_HELD) held.push({ kind: "keydown", target, path: pathOf(root, target), init: e });
  };
  const onInput = (e: Event) => {
    const target = e.target as Element | null;
    if (!isTextField(target) && !isSelect(target)) return;
    const path = pathOf(root, target);
    typed.set(target.getAttribute("name") || target.id || path.join("."), { target, path, value: target.value });
  };
  // Enter in a field submits the form natively (a page load, the fields in the address): held, and
  // submitted through the framework once it is there.
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as Element | null;
    if (!(form instanceof HTMLFormElement)) return;
    e.preventDefault();
    const sub = e.submitter;
    if (held.length < MAX_HELD) held.push({ kind: "submit", target: form, path: pathOf(root, form), submitter: sub ? { target: sub, path: pathOf(root, sub) } : null });
  };
  const onFocus = (e: FocusEvent) => {
    const target = e.target as Element | null;
    if (target instanceof Element) focused = { target, path: pathOf(root, target) };
  };
  const onBlur = (e: FocusEvent) => {
    // Focus left the island (not just moved inside it): nothing to give back.
    if (!(e.relatedTarget instanceof Node) || !root.contains(e.relatedTarget)) focused = null;
  };

  const listeners: [string, EventListener][] = [
    ["click", onClick as EventListener],
    ["keydown", onKey as EventListener],
    ["input", onInput],
    ["change", onInput],
    ["submit", onSubmit as EventListener],
    ["focusin", onFocus as EventListener],
    ["focusout", onBlur as EventListener],
  ];
  for (const [type, fn] of listeners) root.addEventListener(type, fn, true);
  // A field focused before the listeners existed (autofocus, a fast tap) is still the visitor's.
  if (document.activeElement instanceof Element && root.contains(document.activeElement)) {
    focused = { target: document.activeElement, path: pathOf(root, document.activeElement) };
  }

  const stop = () => {
    if (!live) return;
    live = false;
    for (const [type, fn] of listeners) root.removeEventListener(type, fn, true);
  };

  return {
    get pending() {
      return held.length + typed.size + (focused ? 1 : 0);
    },
    stop() {
      stop();
      held.length = 0;
      typed.clear();
      focused = null;
    },
    take() {
      stop();
      const recorded = { held: held.splice(0), typed: new Map(typed), focused };
      typed.clear();
      focused = null;
      return recorded;
    },
  };
}

/** The page's replay (replay-interaction.ts), set by the page's script. */
export const REPLAY_READY = "intent-replay-ready";
export type Replay = (root: Element, recorded: Recorded) => void;
declare global {
  interface Window {
    intentReplay?: Replay;
  }
}

/** The replay, once the page's script has provided it. */
export function whenReplayReady(): Promise<Replay> {
  return new Promise((resolve) => {
    if (window.intentReplay) return resolve(window.intentReplay);
    addEventListener(REPLAY_READY, () => resolve(window.intentReplay!), { once: true });
  });
}
