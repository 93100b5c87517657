// The back office's service worker (public/admin-sw.js), run in a sandbox that plays the browser's
// part: what a push shows, and what tapping the notification (or its 'התקשרתי' action) opens and
// tells the page. The browser test (tests/e2e/staff-alerts.spec.ts) runs it in Chromium for real,
// but a test cannot tap an operating system's notification.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SOURCE = readFileSync(new URL("../../public/admin-sw.js", import.meta.url), "utf8");
const ORIGIN = "https://coastal.example";

function worker(open: { url: string }[] = []) {
  const listeners: Record<string, ((e: unknown) => void)[]> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const posted: { to: string; message: unknown }[] = [];
  const client = (url: string) => ({
    url,
    focus: async () => undefined,
    navigate: async (to: string) => ((opened.push(`navigate ${to}`), client(to))),
    postMessage: (message: unknown) => posted.push({ to: url, message }),
  });
  const self = {
    location: new URL(`${ORIGIN}/admin-sw.js`),
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] ??= []).push(fn),
    skipWaiting: async () => undefined,
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      claim: async () => undefined,
      matchAll: async () => open.map((o) => client(o.url)),
      openWindow: async (url: string) => (opened.push(`open ${url}`), client(url)),
    },
  };
  runInNewContext(SOURCE, { self, URL });
  const fire = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    for (const fn of listeners[type] ?? []) fn({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  const push = (payload: unknown) => fire("push", { data: { json: () => (typeof payload === "string" ? JSON.parse(payload) : payload), text: () => String(payload) } });
  const click = (n: { options: Record<string, unknown> }, action = "") => fire("notificationclick", { action, notification: { data: n.options.data, close: () => undefined } });
  return { shown, opened, posted, push, click };
}

const alert = { title: "ליד חדש: בקשת הצעת מחיר", body: "Dana Lopez · Boat Lifts · Cape Coral", url: "/admin?lead=4d1c7a0e-8d4b-4c5e-9a7e-2f1b3c4d5e6f", tag: "lead-4d1c-new" };

describe("admin service worker", () => {
  it("shows a push as a Hebrew notification with its tag, the lead's link and the 'התקשרתי' action", async () => {
    const w = worker();
    await w.push(alert);
    expect(w.shown).toEqual([
      {
        title: alert.title,
        options: expect.objectContaining({
          body: alert.body,
          tag: alert.tag,
          lang: "he",
          dir: "auto",
          data: { url: alert.url, lead: "4d1c7a0e-8d4b-4c5e-9a7e-2f1b3c4d5e6f" },
          actions: [{ action: "called", title: "התקשרתי" }],
        }),
      },
    ]);
  });

  it("tapping opens the lead's card; with the action it also tells the page to record the call", async () => {
    const w = worker();
    await w.push(alert);
    await w.click(w.shown[0]);
    expect(w.opened).toEqual([`open ${ORIGIN}${alert.url}`]);
    expect(w.posted).toEqual([]);
    await w.click(w.shown[0], "called");
    expect(w.posted).toEqual([{ to: `${ORIGIN}${alert.url}`, message: { type: "called", lead: "4d1c7a0e-8d4b-4c5e-9a7e-2f1b3c4d5e6f" } }]);
  });

  it("uses an open back office instead of a new window", async () => {
    const w = worker([{ url: `${ORIGIN}/admin#reports` }]);
    await w.push(alert);
    await w.click(w.shown[0]);
    expect(w.opened).toEqual([`navigate ${ORIGIN}${alert.url}`]);
  });

  it("never opens anything but this site's back office, whatever the payload says", async () => {
    for (const url of ["https://evil.example/admin", "//evil.example/admin", "/login", "javascript:alert(1)", "/administrator", 42]) {
      const w = worker();
      await w.push({ ...alert, url });
      await w.click(w.shown[0], "called");
      expect(w.opened).toEqual([`open ${ORIGIN}/admin`]);
      expect(w.posted).toEqual([]);
    }
  });

  it("shows something sensible for a payload that is not JSON", async () => {
    const w = worker();
    await w.push("not json");
    expect(w.shown[0]).toMatchObject({ title: "Coastal Marine", options: { body: "not json", data: { url: "/admin", lead: null } } });
  });
});
