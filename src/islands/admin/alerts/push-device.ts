/**
 * This browser as an alerts device (issue 34): the back office's service worker (/admin-sw.js,
 * scoped to /admin only: the public pages never get one) and its push subscription.
 */
import { addAlertDevice, removeAlertDevice, type AlertDevice } from "../api.ts";

export const SW_URL = "/admin-sw.js";
export const SW_SCOPE = "/admin";

export type Support = "ok" | "no-push" | "ios-not-installed" | "insecure";

/** Whether this browser can get alerts, and if not, why (the screen says what to do). */
export function pushSupport(): Support {
  if (typeof window === "undefined") return "no-push";
  if (!window.isSecureContext) return "insecure";
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return ios && !standalone ? "ios-not-installed" : "no-push";
  return "ok";
}

/** "Android · Chrome", "iPhone · Safari", "Windows · Edge"…: how the device list names this one. */
export function deviceLabel(ua = navigator.userAgent): string {
  const os = /Android/.test(ua) ? "Android" : /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "Mac" : /Linux/.test(ua) ? "Linux" : "";
  const browser = /Edg\//.test(ua) ? "Edge" : /SamsungBrowser/.test(ua) ? "Samsung Internet" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "";
  return [os, browser].filter(Boolean).join(" · ") || "דפדפן";
}

const urlBase64ToBytes = (b64: string) => {
  const s = atob((b64 + "=".repeat((4 - (b64.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  await navigator.serviceWorker.ready;
  return reg;
}

/** This browser's current subscription, if alerts are on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "ok") return null;
  const reg = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns alerts on here: asks for permission (the browser's own prompt, after the user's tap),
 * subscribes with the site's key and registers the device. Throws "denied" when refused.
 */
export async function enableAlerts(publicKey: string): Promise<AlertDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("denied");
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the keys were changed) cannot be used.
  const key = sub?.options.applicationServerKey;
  if (sub && key && !sameKey(new Uint8Array(key), urlBase64ToBytes(publicKey))) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(publicKey) });
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return addAlertDevice({ endpoint: json.endpoint, keys: json.keys, label: deviceLabel() });
}

/** The device key of a subscription (as the server lists it: SHA-256 of the endpoint, 16 hex digits). */
export async function endpointKey(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

const sameKey = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Turns alerts off here: the server forgets the device, the browser the subscription. */
export async function disableAlerts(deviceId: string | null): Promise<void> {
  if (deviceId) await removeAlertDevice(deviceId);
  const sub = await currentSubscription();
  await sub?.unsubscribe();
}
