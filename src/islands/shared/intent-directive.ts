import type { ClientDirective } from "astro";

/**
 * `client:intent`: hydrates an island on the visitor's first sign of using it (pointer over or
 * down, touch, focus, key). The server-rendered HTML is complete and visible before that, so the
 * framework's JavaScript never competes with the first paint or blocks the main thread on load.
 */
const EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

const intent: ClientDirective = (load, _options, el) => {
  let started = false;
  const go = async () => {
    if (started) return;
    started = true;
    for (const e of EVENTS) el.removeEventListener(e, go, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const e of EVENTS) el.addEventListener(e, go, { capture: true, passive: true });
};

export default intent;
