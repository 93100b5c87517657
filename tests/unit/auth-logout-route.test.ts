// @vitest-environment happy-dom
// Issue 25, item 8: after a log-out the next person on this browser is not sent to the last
// user's page (the stored route is forgotten); an expired session keeps it for the same person.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useAuth } from "../../src/lib/stores/auth.ts";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  localStorage.setItem("token", "t");
  localStorage.setItem("currentRoute", "/admin");
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ status: true }), { status: 200 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function logOut(opts?: { forget?: boolean }) {
  const done = useAuth.getState().logout(opts);
  await vi.runAllTimersAsync();
  await done;
}

it("a chosen log-out forgets the stored route", async () => {
  await logOut({ forget: true });
  expect([localStorage.getItem("token"), localStorage.getItem("currentRoute")]).toEqual([null, null]);
});

it("a log-out for an expired session keeps it", async () => {
  await logOut();
  expect([localStorage.getItem("token"), localStorage.getItem("currentRoute")]).toEqual([null, "/admin"]);
});
