import type { ClientDirective } from "astro";
import { recordInteractions } from "./replay-interaction";
import { whenIdle } from "../../lib/idle";

/**
 * `client:intent`: hydrates an island on the visitor's first sign of using it (pointer over or
 * down, touch, focus, key). The server-rendered HTML is complete and visible before that, so the
 * framework's JavaScript never competes with the first paint or blocks the main thread on load.
 *
 * The gesture that wakes the island arrives before its code does: the first tap, click, key or
 * typed text would be lost. Everything the visitor does until hydration is recorded and replayed
 * onto the hydrated island (see replay-interaction.ts), so the first tap does what it says.
 *
 * `client:intent="load"` hydrates at once, as `client:load` does, for an island the visitor came
 * to use (the account forms). Its code still takes a moment to arrive, seconds on a slow phone
 * network, and what is typed, tapped or submitted meanwhile is recorded and replayed the same way.
 * Above all a form submitted before hydration (Enter in a field, a tap on its button) is not sent
 * by the browser itself, which would reload the page with the fields (an e-mail, a password) in
 * the address, and the request the visitor meant would never be made.
 */
/** `client:intent="idle"`: the longest wait for an idle moment before hydrating anyway. */
const IDLE_TIMEOUT_MS = 4000;
const EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

const intent: ClientDirective = (load, options, el) => {
  const recorder = recordInteractions(el);
  let started = false;
  const go = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) el.removeEventListener(e, go, true);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      recorder.stop();
      throw error;
    }
    recorder.replay();
  };
  if (options.value === "load") {
    void go();
    return;
  }
  for (const e of EVENTS) el.addEventListener(e, go, { capture: true, passive: true });
  // Focus already inside the island (a field focused during page load) is a sign of intent too.
  if (document.activeElement && el.contains(document.activeElement)) void go();
  // `client:intent="idle"`: an island that must come alive anyway (it revalidates prebuilt content)
  // also hydrates once the page is idle, and at once when the URL carries state (a query string)
  // that the prebuilt HTML cannot show. Until then the first tap is recorded and replayed as above.
  if (options.value === "idle") {
    if (location.search) void go();
    else whenIdle(() => void go(), IDLE_TIMEOUT_MS);
  }
};

export default intent;
