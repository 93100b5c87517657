// @ts-check
/// <reference lib="webworker" />
/**
 * The back office's service worker (issue 34): staff alerts only. Registered by the alerts tab with
 * scope /admin, so the public pages never have a service worker. It caches nothing: the back office
 * always reads live data.
 *
 *  - push: shows the alert (Hebrew; the title, text and lead link come from the server). One
 *    notification per tag: an alert delivered twice replaces itself instead of ringing again.
 *  - notificationclick: opens (or focuses) the back office on the lead's card. The action
 *    'התקשרתי' also tells that page to record the first call: by a message from this worker, which
 *    no link or other site can send.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", () => void sw.skipWaiting());
sw.addEventListener("activate", (event) => event.waitUntil(sw.clients.claim()));

/** Only a back-office path of this site is ever opened. */
function adminPath(/** @type {unknown} */ url) {
  if (typeof url !== "string") return "/admin";
  try {
    const u = new URL(url, sw.location.origin);
    return u.origin === sw.location.origin && (u.pathname === "/admin" || u.pathname.startsWith("/admin/")) ? u.pathname + u.search + u.hash : "/admin";
  } catch {
    return "/admin";
  }
}

sw.addEventListener("push", (event) => {
  /** @type {{ title?: unknown; body?: unknown; url?: unknown; tag?: unknown }} */
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = adminPath(data.url);
  const lead = new URL(url, sw.location.origin).searchParams.get("lead");
  const title = typeof data.title === "string" && data.title ? data.title : "Coastal Marine";
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      lang: "he",
      dir: "auto",
      icon: "/icons/office-192.png",
      badge: "/icons/office-badge-96.png",
      data: { url, lead },
      // @ts-expect-error: actions are in Chromium's and Firefox's Notification options
      actions: lead ? [{ action: "called", title: "התקשרתי" }] : [],
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { url, lead } = /** @type {{ url?: string; lead?: string | null }} */ (event.notification.data ?? {});
  const target = new URL(adminPath(url), sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const existing = open.find((c) => new URL(c.url).pathname === "/admin");
      let client;
      if (existing) {
        client = (await existing.navigate(target).catch(() => null)) ?? existing;
        await client.focus().catch(() => undefined);
      } else {
        client = await sw.clients.openWindow(target);
      }
      // Queued by the page until it listens (its message queue starts with its listener).
      if (event.action === "called" && lead && client) client.postMessage({ type: "called", lead });
    })(),
  );
});
