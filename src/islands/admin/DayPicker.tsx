import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { LOCALE, formatDay } from "./format.ts";
import { localDate } from "./log-line.ts";
import { field } from "./ui.tsx";

const monthTitle = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric" });
const dayLabel = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: "narrow" });
// 2023-01-01 was a Sunday: the week starts on Sunday in Israel and in the US alike.
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => weekday.format(new Date(2023, 0, 1 + i)));

const parse = (ymd: string) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(y, m - 1, d);
};
const addDays = (ymd: string, n: number) => {
  const d = parse(ymd);
  d.setDate(d.getDate() + n);
  return localDate(d);
};

interface Props {
  id: string;
  /** YYYY-MM-DD */
  value: string;
  onChange(ymd: string): void;
  /** The last day that may be chosen (YYYY-MM-DD), today by default. */
  max?: string;
  labels: { previous: string; next: string; choose: string };
}

/**
 * A date field that writes the date the way the rest of the dashboard does (he-IL, 23.11.2026):
 * the browser's own date input follows the browser's language instead. A month grid opens below
 * it; arrow keys move by day and week, Enter picks, Escape closes.
 */
export default function DayPicker({ id, value, onChange, max = localDate(), labels }: Props) {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(value);
  const box = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);
  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
  }, [open, focus]);

  const pick = (ymd: string) => {
    if (ymd > max) return;
    onChange(ymd);
    setOpen(false);
    document.getElementById(id)?.focus();
  };

  const first = parse(`${focus.slice(0, 7)}-01`);
  const lead = first.getDay();
  const count = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const days = Array.from({ length: count }, (_, i) => localDate(new Date(first.getFullYear(), first.getMonth(), i + 1)));
  const shiftMonth = (n: number) => {
    const d = parse(focus);
    const target = new Date(d.getFullYear(), d.getMonth() + n, 1);
    const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
    const next = localDate(new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), last)));
    setFocus(next > max ? max : next);
  };

  const onGridKey = (e: KeyboardEvent) => {
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in step) {
      e.preventDefault();
      const next = addDays(focus, step[e.key]);
      if (next <= max) setFocus(next);
    } else if (e.key === "PageUp" || e.key === "PageDown") {
      e.preventDefault();
      shiftMonth(e.key === "PageUp" ? -1 : 1);
    }
  };

  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          document.getElementById(id)?.focus();
        }
      }}
    >
      <button
        id={id}
        type="button"
        className={`${field} flex items-center justify-between gap-2 text-start tabular-nums`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-description={labels.choose}
        onClick={() => {
          setFocus(value);
          setOpen((o) => !o);
        }}
        data-testid="day-picker"
      >
        <span data-testid="day-picker-value">{formatDay(value)}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-slate-500 dark:text-slate-400" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      {open && (
        <div
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          className="absolute start-0 top-full z-30 mt-1 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900"
          data-testid="day-picker-dialog"
        >
          <div className="mb-2 flex items-center justify-between">
            <button type="button" className="rounded-md px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => shiftMonth(-1)} aria-label={labels.previous}>
              <span aria-hidden="true" className="rtl:hidden">‹</span>
              <span aria-hidden="true" className="ltr:hidden">›</span>
            </button>
            <p id={titleId} className="font-semibold" aria-live="polite">
              {monthTitle.format(first)}
            </p>
            <button
              type="button"
              className="rounded-md px-2 py-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
              onClick={() => shiftMonth(1)}
              disabled={localDate(new Date(first.getFullYear(), first.getMonth() + 1, 1)) > max}
              aria-label={labels.next}
            >
              <span aria-hidden="true" className="rtl:hidden">›</span>
              <span aria-hidden="true" className="ltr:hidden">‹</span>
            </button>
          </div>
          <div ref={grid} className="grid grid-cols-7 gap-1 text-center text-sm" onKeyDown={onGridKey}>
            {WEEKDAYS.map((w, i) => (
              <span key={i} aria-hidden="true" className="py-1 text-xs font-semibold text-slate-500 dark:text-slate-400">
                {w}
              </span>
            ))}
            {Array.from({ length: lead }, (_, i) => (
              <span key={`pad-${i}`} aria-hidden="true" />
            ))}
            {days.map((d) => (
                <span key={d}>
                  <button
                    type="button"
                    data-day={d}
                    aria-pressed={d === value}
                    tabIndex={d === focus ? 0 : -1}
                    disabled={d > max}
                    aria-label={dayLabel.format(parse(d))}
                    aria-current={d === localDate() ? "date" : undefined}
                    onClick={() => pick(d)}
                    className={`size-9 rounded-full tabular-nums hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-30 dark:hover:bg-slate-800 ${
                      d === value ? "bg-brand-600 font-bold text-white hover:bg-brand-700 dark:hover:bg-brand-700" : ""
                    } ${d === localDate() && d !== value ? "ring-1 ring-accent-500" : ""}`}
                  >
                    {Number(d.slice(8))}
                  </button>
                </span>
              ))}
          </div>
        </div>
      )}
    </div>
  );
}
