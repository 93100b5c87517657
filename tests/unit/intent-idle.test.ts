// @vitest-environment happy-dom
// `client:intent="idle"` (issue 26): the catalogue islands revalidate prebuilt content, so they
// hydrate once the page is idle without waiting for a touch, and at once when the URL carries a view.
import { afterEach, describe, expect, it, vi } from "vitest";
import intent from "../../src/islands/shared/intent-directive";

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
