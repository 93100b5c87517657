/**
 * A short note on a page without a lead form, when a request saved offline has just been sent
 * (by this page, another tab or the service worker), in the page's language. Loaded only then.
 */
import type { OutboxReport } from "./lead-outbox.ts";
import { formStrings } from "./i18n/forms.ts";

export const TOAST_MS = 8000;

export function toast(r: OutboxReport): void {
  if (r.outcome.kind !== "sent") return;
  const t = formStrings(document.documentElement.lang === "es" ? "es" : "en").outbox;
  const what = r.kind === "quote" ? t.quote : t.inquiry;
  const failed = r.outcome.failed.length;
  const el = document.createElement("div");
  el.setAttribute("role", "status");
  el.dataset.outboxToast = "";
  el.className =
    "fixed inset-x-4 bottom-24 z-[80] mx-auto max-w-md rounded-2xl bg-emerald-50 p-4 text-sm font-semibold text-emerald-900 shadow-xl ring-1 ring-emerald-300 md:bottom-6 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-700";
  el.textContent = (r.outcome.photosOnly ? t.toastPhotos(what) : t.toastSent(what)) + (failed ? ` ${t.toastFailed(failed)}` : "");
  document.body.append(el);
  setTimeout(() => el.remove(), TOAST_MS);
}
