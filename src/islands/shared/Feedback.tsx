import { useEffect } from "react";
import { useToast } from "../../lib/stores/toast.ts";
import { useLoading } from "../../lib/stores/loading.ts";
import { takeFlash } from "../../lib/flash.ts";
import { IslandBoundary } from "./IslandBoundary.tsx";
import { LocaleContext } from "./locale.ts";
import { catalogueStrings } from "../../lib/i18n/catalogue.ts";
import type { Locale } from "../../lib/i18n/locales.ts";

/**
 * Shows the toast and loading stores (spec §3): one per page, e.g. `<Feedback client:idle />`.
 * The live regions are always in the page, so screen readers announce every new message. It also
 * shows a message left by the previous page (`setFlash`).
 */
export default function Feedback({ lang = "en" }: { lang?: Locale }) {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) useToast.getState().show(flash.message, flash.type);
  }, []);
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={catalogueStrings(lang).notifications}>
        <Toast lang={lang} />
        <LoadingOverlay />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}

function Toast({ lang }: { lang: Locale }) {
  const { visible, type, message, clear } = useToast();
  const success = type === "success";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4" role={success ? "status" : "alert"} aria-live={success ? "polite" : "assertive"} aria-atomic="true">
      {visible && message && (
        <div
          data-testid="toast"
          data-type={success ? "success" : "error"}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${
            success
              ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
              : "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
          }`}
        >
          <span aria-hidden="true" className="mt-px text-base leading-none">
            {success ? "✓" : "!"}
          </span>
          <span className="flex-1" dir="auto">
            {message}
          </span>
          <button type="button" onClick={clear} className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current" aria-label={catalogueStrings(lang).dismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

function LoadingOverlay() {
  const { visible, message } = useLoading();
  return (
    <div role="status" aria-live="polite" className={visible ? "" : "sr-only"}>
      {visible && (
        <div data-testid="loading" className="fixed inset-0 z-[56] flex items-center justify-center bg-slate-900/40 backdrop-blur-[2px]" aria-busy="true">
          <div className="flex items-center gap-3 rounded-2xl bg-white px-6 py-4 text-slate-900 shadow-xl dark:bg-slate-800 dark:text-slate-100">
            <span className="size-6 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600 motion-reduce:animate-none" aria-hidden="true" />
            <span className="font-medium">{message}</span>
          </div>
        </div>
      )}
    </div>
  );
}
