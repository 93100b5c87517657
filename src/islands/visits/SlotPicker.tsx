/**
 * The open times of the next days (issue 35): a row of days, then that day's times, each a listbox
 * (WAI-ARIA APG) whose options speak their whole date ("Tuesday, November 3, 8:00 AM"), so a screen
 * reader never hears a bare "8:00". One thumb on a phone: every target is at least 44 px, the days
 * scroll sideways under the thumb. Keyboard: arrows move, Home and End jump, Enter or Space picks a
 * time (a day is picked as focus reaches it).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { PublicSlot } from "../../lib/contracts/visits";
import { byDay, dayOf, monthDayOf, timeOf, weekdayOf } from "../../lib/visit-time";
import { visitWords } from "../../lib/i18n/visits";
import { useLocale } from "../shared/locale";

interface Props {
  slots: PublicSlot[];
  /** The picked slot's start, or null. */
  value: string | null;
  onPick(slot: PublicSlot, how: "pointer" | "keyboard"): void;
  /** The heading level's text for the two lists ("Choose a day", "Choose a time"). */
  headingClass?: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Where focus goes for a key in a list of `n` (or -1 for a key it does not handle). */
function moveTo(key: string, i: number, n: number): number {
  if (key in STEP) return Math.min(n - 1, Math.max(0, i + STEP[key]));
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return -1;
}

const HEADING = "text-lg font-bold text-slate-900 dark:text-white";
// The lists' boxes, shared with the placeholder shown while the times load, so the times arrive in
// the room it kept and nothing below them moves (a 0.074 layout shift on /book, issue 38).
const DAYS = "-mx-1 mt-3 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-3 [scrollbar-width:thin]";
const DAY = "relative flex min-h-16 min-w-[4.75rem] shrink-0 flex-col items-center justify-center rounded-2xl border-2 px-3 py-2 text-center";
/** Two rows of times on phones and tablets, one from lg (five a row): a day of up to five times, as the office's default hours give, takes the placeholder's room. */
const TIMES = "mt-3 grid min-h-26 grid-cols-3 content-start gap-2 sm:grid-cols-4 lg:min-h-12 lg:grid-cols-5";
const TIME = "relative flex min-h-12 items-center justify-center rounded-xl border-2 px-2 text-base font-bold whitespace-nowrap";

export function SlotPicker({ slots, value, onPick, headingClass = HEADING }: Props) {
  const id = useId();
  // The page's language (issue 37): the headings, and each date in its words.
  const { locale } = useLocale();
  const w = visitWords(locale).picker;
  const days = byDay(slots);
  const picked = slots.find((s) => s.start === value) ?? null;
  const [day, setDay] = useState<string | null>(picked?.date ?? days[0]?.date ?? null);
  const current = days.find((d) => d.date === day) ?? days[0];
  const dayRefs = useRef<(HTMLLIElement | null)[]>([]);
  const timeRefs = useRef<(HTMLLIElement | null)[]>([]);
  const [timeFocus, setTimeFocus] = useState(0);

  // A new list (a 409's alternatives) keeps the chosen day when it is still there.
  useEffect(() => {
    if (!days.some((d) => d.date === day)) setDay(picked?.date ?? days[0]?.date ?? null);
  }, [slots]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setTimeFocus(Math.max(0, current?.slots.findIndex((s) => s.start === value) ?? 0)), [current?.date, value]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!current) return null;
  const dayIndex = days.indexOf(current);

  const onDayKey = (e: KeyboardEvent) => {
    const to = moveTo(e.key, dayIndex, days.length);
    if (to < 0) return;
    e.preventDefault();
    setDay(days[to].date);
    dayRefs.current[to]?.focus();
    dayRefs.current[to]?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  const onTimeKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPick(current.slots[timeFocus], "keyboard");
      return;
    }
    const to = moveTo(e.key, timeFocus, current.slots.length);
    if (to < 0) return;
    e.preventDefault();
    setTimeFocus(to);
    timeRefs.current[to]?.focus();
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="min-w-0">
        <h2 id={`${id}-days`} className={headingClass}>
          {w.day}
        </h2>
        <ul
          role="listbox"
          aria-labelledby={`${id}-days`}
          aria-orientation="horizontal"
          onKeyDown={onDayKey}
          className={DAYS}
          data-testid="visit-days"
        >
          {days.map((d, i) => {
            const selected = d.date === current.date;
            return (
              <li
                key={d.date}
                ref={(el) => {
                  dayRefs.current[i] = el;
                }}
                role="option"
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={() => setDay(d.date)}
                className={`${DAY} cursor-pointer snap-start border-slate-200 bg-white select-none hover:border-brand-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-300 dark:aria-selected:border-brand-300 dark:aria-selected:bg-brand-300 dark:aria-selected:text-slate-950`}
                data-date={d.date}
              >
                {/* Read as "Monday, November 30: 5 open"; shown as MON / Nov 30 / 5 open. The option is
                    `relative` so the hidden words stay inside the scrolled row, not past the page's edge. */}
                <span className="sr-only">{dayOf(d.slots[0], locale)}: </span>
                <span aria-hidden="true" className="text-xs font-bold tracking-wide uppercase">
                  {weekdayOf(d.slots[0], locale)}
                </span>
                <span aria-hidden="true" className="text-base font-extrabold whitespace-nowrap">
                  {monthDayOf(d.slots[0], locale)}
                </span>
                <span className="text-xs opacity-80">{w.open(d.slots.length)}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="min-w-0">
        <h2 id={`${id}-times`} className={headingClass}>
          {w.time}{" "}
          {/* A line of its own: the heading is as tall for every day, and as the placeholder's. */}
          <span className="block font-semibold text-slate-600 dark:text-slate-300">
            {w.on} {dayOf(current.slots[0], locale)}
          </span>
        </h2>
        <ul role="listbox" aria-labelledby={`${id}-times`} onKeyDown={onTimeKey} className={TIMES} data-testid="visit-times">
          {current.slots.map((s, i) => {
            const selected = s.start === value;
            return (
              <li
                key={s.start}
                ref={(el) => {
                  timeRefs.current[i] = el;
                }}
                role="option"
                aria-selected={selected}
                tabIndex={i === timeFocus ? 0 : -1}
                onClick={() => {
                  setTimeFocus(i);
                  onPick(s, "pointer");
                }}
                onFocus={() => setTimeFocus(i)}
                className={`${TIME} cursor-pointer border-slate-200 bg-white text-slate-900 select-none hover:border-brand-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 aria-selected:border-accent-500 aria-selected:bg-accent-500 aria-selected:text-slate-950 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:border-brand-300 dark:aria-selected:border-accent-500 dark:aria-selected:bg-accent-500 dark:aria-selected:text-slate-950`}
                data-start={s.start}
              >
                <span className="sr-only">{dayOf(s, locale)}, </span>
                {timeOf(s, locale)}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/** The picker's shape while its times load: the same headings and boxes, shimmering. */
export function SlotPickerPlaceholder({ headingClass = HEADING }: { headingClass?: string }) {
  const { locale } = useLocale();
  const w = visitWords(locale).picker;
  return (
    <div className="grid grid-cols-1 gap-6" aria-hidden="true">
      <div className="min-w-0">
        <p className={headingClass}>{w.day}</p>
        <div className={`${DAYS} overflow-hidden`}>
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className={`${DAY} skeleton border-transparent`}>
              <span className="text-xs">&nbsp;</span>
              <span className="text-base">&nbsp;</span>
              <span className="text-xs">&nbsp;</span>
            </div>
          ))}
        </div>
      </div>
      <div className="min-w-0">
        <p className={headingClass}>
          {w.time}
          <span className="block">&nbsp;</span>
        </p>
        <div className={TIMES}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={`${TIME} skeleton border-transparent`}>
              &nbsp;
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
