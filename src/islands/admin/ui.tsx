/** Small building blocks shared by the dashboard's cards. */
import { useEffect, useState, type ReactNode } from "react";
import { he } from "./strings.ts";

// min-w-0: a card is a grid item, and a wide table inside must scroll in its own box, not widen the page.
export const card = "min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
export const button =
  "inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${button} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:hover:bg-brand-600`;
export const quietButton = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
export const field =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:[color-scheme:dark]";
export const label = "mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300";

export function Card({ id, title, actions, children, className = "" }: { id: string; title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} ${className}`} data-testid={id}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Skeleton({ className = "h-4 w-2/3" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none dark:bg-slate-700 ${className}`} />;
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return <span aria-hidden="true" className={`${className} inline-block animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none`} />;
}

/** True once `ms` have passed since the component mounted (the spec's 1 s skeleton). */
export function useElapsed(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return done;
}

/** `value`, but only after it has stayed the same for `ms` (typing in a filter). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Follows the `dark` class on <html>, which the theme toggle flips. */
export function useDarkMode(): boolean {
  const read = () => typeof document !== "undefined" && document.documentElement.classList.contains("dark");
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const mo = new MutationObserver(() => setDark(read()));
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => mo.disconnect();
  }, []);
  return dark;
}

export { formatDateTime, formatNumber, formatTime } from "./format.ts";

/** A card's loading failure: what went wrong and a retry that stays on one line. */
export function LoadFailed({ text, onRetry, className = "" }: { text: string; onRetry(): void; className?: string }) {
  return (
    <div role="alert" className={`flex flex-wrap items-center justify-center gap-3 py-6 text-sm text-red-800 dark:text-red-200 ${className}`} data-testid="load-failed">
      <span>{text}</span>
      <button type="button" className={`${quietButton} whitespace-nowrap`} onClick={onRetry} data-testid="load-retry">
        <span aria-hidden="true">↻</span>
        {he.retry}
      </button>
    </div>
  );
}
