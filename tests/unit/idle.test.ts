import { afterEach, expect, it, vi } from "vitest";
import { afterLoad, whenIdle } from "../../src/lib/idle.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("runs once the browser is idle, at the latest after the timeout, and can be cancelled", () => {
  const callbacks: (() => void)[] = [];
  const cancelled: number[] = [];
  vi.stubGlobal("requestIdleCallback", (fn: () => void, opts: { timeout: number }) => {
    expect(opts.timeout).toBe(2000);
    return callbacks.push(fn);
  });
  vi.stubGlobal("cancelIdleCallback", (h: number) => cancelled.push(h));
  const fn = vi.fn();
  whenIdle(fn, 2000);
  const cancel = whenIdle(fn, 2000);
  cancel();
  expect(cancelled).toEqual([2]);
  callbacks[0]();
  expect(fn).toHaveBeenCalledTimes(1);
});

it("without requestIdleCallback, runs after a short delay unless cancelled", () => {
  vi.useFakeTimers();
  vi.stubGlobal("requestIdleCallback", undefined);
  const fn = vi.fn();
  whenIdle(fn, 3000);
  whenIdle(fn, 3000)();
  vi.advanceTimersByTime(499);
  expect(fn).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(fn).toHaveBeenCalledTimes(1);
});

it("afterLoad runs at once on a loaded page, else once on the load event", () => {
  const listeners: (() => void)[] = [];
  vi.stubGlobal("document", { readyState: "complete" });
  vi.stubGlobal("addEventListener", (_type: string, fn: () => void) => listeners.push(fn));
  const now = vi.fn();
  afterLoad(now);
  expect(now).toHaveBeenCalledTimes(1);
  expect(listeners).toHaveLength(0);

  vi.stubGlobal("document", { readyState: "interactive" });
  const later = vi.fn();
  afterLoad(later);
  expect(later).not.toHaveBeenCalled();
  expect(listeners).toHaveLength(1);
  listeners[0]();
  expect(later).toHaveBeenCalledTimes(1);
});
