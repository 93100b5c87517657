// @vitest-environment happy-dom
// A flash message reaches the page it was left for, and only that page.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { FLASH_TTL_MS, hasFlash, setFlash, takeFlash } from "../../src/lib/flash.ts";

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

it("is taken by its own page once, whatever the query string", () => {
  setFlash({ message: "Session Expired", type: "error" }, "/login?from=%2Fhome");
  expect(takeFlash("/home")).toBeNull();
  expect(takeFlash("/login")).toEqual({ message: "Session Expired", type: "error" });
  expect(takeFlash("/login")).toBeNull();
});

it("takes a full URL's path", () => {
  setFlash({ message: "Login Sucsess", type: "success" }, "http://localhost:4321/admin?x=1#leads");
  expect(takeFlash("/admin")).toEqual({ message: "Login Sucsess", type: "success" });
});

it("drops a stale flash unseen", () => {
  vi.useFakeTimers();
  setFlash({ message: "old", type: "success" }, "/home");
  vi.advanceTimersByTime(FLASH_TTL_MS + 1);
  expect(takeFlash("/login")).toBeNull();
  expect(sessionStorage.getItem("flash")).toBeNull();
});

it("ignores what it cannot read", () => {
  sessionStorage.setItem("flash", "{not json");
  expect(takeFlash("/home")).toBeNull();
  expect(sessionStorage.getItem("flash")).toBeNull();
});

it("says whether a flash waits for a page without taking it", () => {
  setFlash({ message: "Admins only", type: "error" }, "/home");
  expect(hasFlash("/login")).toBe(false);
  expect(hasFlash("/home")).toBe(true);
  expect(hasFlash("/home")).toBe(true);
  expect(takeFlash("/home")).toEqual({ message: "Admins only", type: "error" });
  expect(hasFlash("/home")).toBe(false);
  sessionStorage.setItem("flash", "{not json");
  expect(hasFlash("/home")).toBe(false);
});

it("does not count a stale flash as waiting", () => {
  vi.useFakeTimers();
  setFlash({ message: "old", type: "success" }, "/home");
  vi.advanceTimersByTime(FLASH_TTL_MS + 1);
  expect(hasFlash("/home")).toBe(false);
});
