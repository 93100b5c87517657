import type { ClientDirective } from "astro";
import { nothingRecorded, recordInteractions, whenReplayReady } from "./record-interaction";
import { whenIdle } from "../../lib/idle";
import { HYDRATING_EVENT, WAKE_ATTRIBUTE, WAKE_EVENT } from "./wake";

/**
 * `client:intent`: hydrates an island on the visitor's first sign of using it (pointer over or
 * down, touch, focus, key). The server-rendered HTML is complete and visible before that, so the
 * framework's JavaScript never competes with the first paint or blocks the main thread on load.
 *
 * The gesture that wakes the island arrives before its code does: the first tap, click, key or
 * typed text would be lost. Everything the visitor does until hydration is recorded and replayed
 * onto the hydrated island (record-interaction.ts, replay-interaction.ts), so the first tap does
 * what it says.
 *
 * `client:intent="load"` hydrates at once, as `client:load` does, for an island the visitor came
 * to use (the account forms). Its code still takes a moment to arrive, seconds on a slow phone
 * network, and what is typed, tapped or submitted meanwhile is recorded and replayed the same way.
 * Above all a form submitted before hydration (Enter in a field, a tap on its button) is not sent
 * by the browser itself, which would reload the page with the fields (an e-mail, a password) in
 * the address, and the request the visitor meant would never be made.
 *
 * A page's own script may wake the island too, with `wakeIsland(el)` (wake.ts): the product page does
 * when its plain-fetch check finds the product changed since the build (product-revalidate.ts).
 *
 * `client:intent="visible"`: hydrates when it scrolls into view (or on intent, whichever is first).
 *
 * `client:intent="companion"`: hydrates together with the page's first other `client:intent` island
 * (or when woken): the product page's toasts need no code until the product's island does.
 */
/** `client:intent="idle"`: the longest wait for an idle moment before hydrating anyway. */
const IDLE_TIMEOUT_MS = 4000;
const EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;
/** Whether an island of this page has started hydrating (a companion set up later follows at once). */
let oneStarted = false;

const intent: ClientDirective = (load, options, el) => {
  const recorder = recordInteractions(el);
  let started = false;
  const go = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) el.removeEventListener(e, go, true);
    el.removeEventListener(WAKE_EVENT, go);
    document.removeEventListener(HYDRATING_EVENT, go);
    oneStarted = true;
    el.dispatchEvent(new Event(HYDRATING_EVENT, { bubbles: true }));
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      recorder.stop();
      throw error;
    }
    // Recording stops now: the island is the framework's. The replay comes with the page's script,
    // which has normally arrived long before the island's code.
    const recorded = recorder.take();
    if (nothingRecorded(recorded)) return;
    (window.intentReplay ?? (await whenReplayReady()))(el, recorded);
  };
  if (options.value === "load") {
    void go();
    return;
  }
  for (const e of EVENTS) el.addEventListener(e, go, { capture: true, passive: true });
  el.addEventListener(WAKE_EVENT, go);
  if (el.hasAttribute(WAKE_ATTRIBUTE)) void go();
  // `client:intent="companion"`: an island that serves the others (the page's toasts) hydrates as
  // soon as any other `client:intent` island on the page starts to.
  if (options.value === "companion") {
    if (oneStarted) void go();
    else document.addEventListener(HYDRATING_EVENT, go);
  }
  // Focus already inside the island (a field focused during page load) is a sign of intent too.
  if (document.activeElement && el.contains(document.activeElement)) void go();
  // `client:intent="visible"`: hydrates when it scrolls into view, as `client:visible` does, with
  // what is done to it before that recorded and replayed (the landing page's quote form: its code
  // waits until the visitor scrolls down to it, and a tap on its button meanwhile still counts).
  if (options.value === "visible") {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      void go();
    });
    // The island's element shows its children only (display: contents): they are what is seen.
    for (const child of el.children) seen.observe(child);
  }
  // `client:intent="idle"`: an island that must come alive anyway (it revalidates prebuilt content)
  // also hydrates once the page is idle, and at once when the URL carries state (a query string)
  // that the prebuilt HTML cannot show. Until then the first tap is recorded and replayed as above.
  if (options.value === "idle") {
    if (location.search) void go();
    else whenIdle(() => void go(), IDLE_TIMEOUT_MS);
  }
};

export default intent;
