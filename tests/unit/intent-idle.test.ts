// @vitest-environment happy-dom
// `client:intent="idle"` (issue 26): the catalogue islands revalidate prebuilt content, so they
// hydrate once the page is idle without waiting for a touch, and at once when the URL carries a view.
import { afterEach, describe, expect, it, vi } from "vitest";
import intent from "../../src/islands/shared/intent-directive";
import { wakeIsland } from "../../src/islands/shared/wake";

const island = () => Object.assign(document.createElement("div"), { innerHTML: "<a href='/x'>x</a>" });

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, "", "/");
});

describe('client:intent="idle"', () => {
  it("hydrates when the browser is idle, with no touch", async () => {
    let idle!: () => void;
    vi.stubGlobal("requestIdleCallback", (fn: () => void) => ((idle = fn), 1));
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "idle" }, island());
    expect(load).not.toHaveBeenCalled();
    idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hydrates at once when the URL carries a view the built HTML cannot show", async () => {
    vi.stubGlobal("requestIdleCallback", () => 1);
    history.replaceState(null, "", "/products?q=cleat");
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "idle" }, island());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("plain client:intent still waits for the visitor", async () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "" }, island());
    expect(idle).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });
});

// `client:intent="load"`: the account forms hydrate at once, recording what is done meanwhile.
describe('client:intent="load"', () => {
  it('hydrates at once, with no touch and no idle wait', async () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "load" }, island());
    expect(load).toHaveBeenCalledTimes(1);
    expect(idle).not.toHaveBeenCalled();
  });
});

// Issue 38: the product page's own script wakes its island (the product changed since the build),
// and the page's toasts (client:intent="companion") hydrate with the first island that does.
describe("waking a client:intent island", () => {
  it("hydrates on the wake event, once", async () => {
    const el = island();
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "" }, el);
    expect(load).not.toHaveBeenCalled();
    wakeIsland(el);
    wakeIsland(el);
    el.dispatchEvent(new Event("pointerover"));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hydrates at once when it was woken before the directive ran", async () => {
    const el = island();
    wakeIsland(el);
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "Island", value: "" }, el);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a companion waits for another island to start hydrating, then follows it", async () => {
    // A fresh copy of the directive: the islands above have started hydrating in this one.
    vi.resetModules();
    const { default: intent } = await import("../../src/islands/shared/intent-directive");
    const toasts = island();
    const product = island();
    document.body.append(toasts, product);
    const loadToasts = vi.fn(async () => async () => {});
    const loadProduct = vi.fn(async () => async () => {});
    await intent(loadToasts, { name: "Feedback", value: "companion" }, toasts);
    await intent(loadProduct, { name: "ProductDetail", value: "" }, product);
    expect(loadToasts).not.toHaveBeenCalled();
    product.dispatchEvent(new Event("focusin"));
    await Promise.resolve();
    expect(loadProduct).toHaveBeenCalledTimes(1);
    expect(loadToasts).toHaveBeenCalledTimes(1);
    // A companion set up after an island started follows at once.
    const late = vi.fn(async () => async () => {});
    await intent(late, { name: "Feedback", value: "companion" }, island());
    expect(late).toHaveBeenCalledTimes(1);
    toasts.remove();
    product.remove();
  });
});

// `client:intent="visible"`: the landing page's quote form hydrates once scrolled into view, with
// what is done before that recorded (its button is enabled from the first byte).
describe('client:intent="visible"', () => {
  it("hydrates when one of its elements comes into view, not before", async () => {
    let seen!: (entries: { isIntersecting: boolean }[]) => void;
    const observed: Element[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: typeof seen) {
          seen = cb;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const el = island();
    const load = vi.fn(async () => async () => {});
    await intent(load, { name: "QuoteForm", value: "visible" }, el);
    expect(observed).toEqual([...el.children]);
    seen([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    seen([{ isIntersecting: true }]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
