/**
 * The booking and change pages' first date formatter, made cheap (issue 38). A browser loads its
 * date and time-zone data the first time a page makes an `Intl.DateTimeFormat`: measured in
 * Chromium on this project's machines, 37–85 ms of main-thread work for the first formatter
 * (0.5 ms for the next), which at a phone's 4x is a 150–340 ms task, the longest on /book, just as
 * the open times appear under the visitor's finger.
 *
 * That data is shared by the whole page process, so a worker that makes the same formatters first
 * loads it on its own thread, and the page's own formatter then takes under a millisecond. The open
 * times are shown once both the answer and the worker are done; the worker is done long before a
 * phone's network answers. A browser without workers, a worker that fails to start or one slower
 * than WARM_TIMEOUT_MS changes nothing but the speed: the page makes its formatters as before.
 */
import { INTL_LOCALE, type Locale } from "../../lib/i18n/locales";
import { OFFICE_TIME_ZONE } from "../../lib/wall-clock";
import { SLOT_FORMATS } from "../../lib/visit-time";

/** The longest the open times wait for the worker (then the page makes its formatters itself). */
export const WARM_TIMEOUT_MS = 3000;

const warmed = new Map<Locale, Promise<void>>();

/** Loads the date data the slot formats of `locale` need, off the main thread; resolves when done, failed or timed out. */
export function warmSlotFormats(locale: Locale): Promise<void> {
  let done = warmed.get(locale);
  if (done) return done;
  done = new Promise<void>((resolve) => {
    if (typeof Worker === "undefined") return resolve();
    let worker: Worker | undefined;
    const finish = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(finish, WARM_TIMEOUT_MS);
    try {
      worker = new Worker(new URL("./intl-warm-worker.ts", import.meta.url), { type: "module", name: "intl-warm" });
      worker.onmessage = finish;
      worker.onerror = finish;
      worker.postMessage({ tag: INTL_LOCALE[locale], zone: OFFICE_TIME_ZONE, formats: SLOT_FORMATS });
    } catch {
      finish();
    }
  });
  warmed.set(locale, done);
  return done;
}
