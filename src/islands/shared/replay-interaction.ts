/**
 * Keeps what a visitor does to an island before its JavaScript has arrived, and does it again
 * once the island is hydrated, so that no interaction is lost to late hydration (issue 11).
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
 * Replay, after hydration: the typed values are handed to the framework as `input` events (so a
 * controlled field's state holds them and the next render cannot wipe them), the focused element
 * is focused again (and told so with `focusin`), then the held clicks and keys are dispatched in
 * their order on the same elements. React handles a discrete event on a root that is still
 * hydrating by finishing the hydration first, so replay can start as soon as the root exists.
 */

/** How many held clicks and keys are replayed at most (a burst of taps on a slow phone). */
export const MAX_HELD = 8;

type Held =
  | { kind: "click"; target: Element; path: number[]; init: MouseEventInit }
  | { kind: "keydown"; target: Element; path: number[]; init: KeyboardEventInit }
  | { kind: "submit"; target: Element; path: number[]; submitter: { target: Element; path: number[] } | null };

export interface Recorder {
  /** Stops recording and replays what was held, on the island's current DOM. */
  replay(): void;
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
const isSelect = (el: Element | null): el is HTMLSelectElement => el instanceof HTMLSelectElement;

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

const mouseInit = (e: MouseEvent): MouseEventInit => ({
  bubbles: true,
  cancelable: true,
  composed: true,
  view: window,
  detail: e.detail,
  clientX: e.clientX,
  clientY: e.clientY,
  screenX: e.screenX,
  screenY: e.screenY,
  button: e.button,
  buttons: e.buttons,
  ctrlKey: e.ctrlKey,
  shiftKey: e.shiftKey,
  altKey: e.altKey,
  metaKey: e.metaKey,
});

const keyInit = (e: KeyboardEvent): KeyboardEventInit => ({
  bubbles: true,
  cancelable: true,
  composed: true,
  view: window,
  key: e.key,
  code: e.code,
  location: e.location,
  repeat: e.repeat,
  ctrlKey: e.ctrlKey,
  shiftKey: e.shiftKey,
  altKey: e.altKey,
  metaKey: e.metaKey,
});

/** Starts recording interactions inside `root` (an `<astro-island>`). */
export function recordInteractions(root: HTMLElement): Recorder {
  const held: Held[] = [];
  const typed = new Map<string, { target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; path: number[]; value: string }>();
  let focused: { target: Element; path: number[] } | null = null;
  let live = true;

  const onClick = (e: MouseEvent) => {
    const target = e.target as Element | null;
    if (!target || !(target instanceof Element)) return;
    // A link does its job without JavaScript, as does a click into a field; and a click something
    // else already handled is not ours.
    if (target.closest("a[href]") || nativeFieldClick(target) || e.defaultPrevented) return;
    e.preventDefault();
    if (held.length < MAX_HELD) held.push({ kind: "click", target, path: pathOf(root, target), init: mouseInit(e) });
  };
  const onKey = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (!target || !(target instanceof Element) || isTextField(target)) return;
    // Tab moves focus by itself; modifier chords belong to the browser.
    if (e.key === "Tab" || e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter/Space on a button makes the browser click it: that click is held, not the key too.
    if ((e.key === "Enter" || e.key === " ") && target.closest("button, [role=button], a[href], summary, input")) return;
    if (e.key === " " || e.key.startsWith("Arrow") || e.key === "PageDown" || e.key === "PageUp" || e.key === "Home" || e.key === "End") e.preventDefault();
    if (held.length < MAX_HELD) held.push({ kind: "keydown", target, path: pathOf(root, target), init: keyInit(e) });
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
    replay() {
      stop();
      if (!held.length && !typed.size && !focused) return;
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
      for (const h of held.splice(0)) {
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
      typed.clear();
      focused = null;
    },
  };
}
