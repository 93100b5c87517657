/**
 * A day and a time for a visit, as the office picks them: the day (DayPicker), that day's grid of
 * visit times (free ones to tap, taken ones shown as such), or any other time typed in. Cape Coral's
 * clock throughout; the server turns it into the instant.
 */
import { useEffect, useId, useState } from "react";
import type { AdminDaySlots } from "../../../lib/contracts/visits.ts";
import DayPicker from "../DayPicker.tsx";
import { he } from "../strings.ts";
import { Spinner, field, label } from "../ui.tsx";
import { fetchDay } from "./visits-api.ts";
import { v } from "./strings.ts";

interface Props {
  date: string;
  time: string;
  onChange(date: string, time: string): void;
  /** Moving a visit: its own time counts as free. */
  exceptVisit?: string;
}

export default function SlotChooser({ date, time, onChange, exceptVisit }: Props) {
  const id = useId();
  const [day, setDay] = useState<AdminDaySlots | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    setDay(null);
    fetchDay(date, exceptVisit, ctl.signal)
      .then(setDay)
      .catch(() => !ctl.signal.aborted && setDay({ date, slots: [] }));
    return () => ctl.abort();
  }, [date, exceptVisit]);

  return (
    <div className="grid gap-3">
      <div className="w-48">
        <label htmlFor={`${id}-date`} className={label}>
          {v.date}
        </label>
        <DayPicker id={`${id}-date`} value={date} onChange={(d) => onChange(d, time)} max="2100-12-31" labels={he.log.picker} />
      </div>
      <fieldset>
        <legend className={label}>{v.freeSlots}</legend>
        {!day ? (
          <Spinner />
        ) : day.slots.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{v.noFreeSlots}</p>
        ) : (
          <div className="flex flex-wrap gap-2" data-testid="office-slots">
            {day.slots.map((s) => (
              <button
                key={s.start}
                type="button"
                disabled={!s.free}
                aria-pressed={time === s.time}
                onClick={() => onChange(date, s.time)}
                className="min-h-11 min-w-20 rounded-lg border border-slate-300 px-3 text-sm font-semibold tabular-nums text-slate-800 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white disabled:cursor-not-allowed disabled:border-dashed disabled:text-slate-400 dark:border-slate-600 dark:text-slate-100 dark:aria-pressed:bg-brand-500 dark:disabled:text-slate-500"
                dir="ltr"
              >
                {s.time}
                {!s.free && <span className="sr-only"> {v.slotTaken}</span>}
              </button>
            ))}
          </div>
        )}
      </fieldset>
      <div className="w-40">
        <label htmlFor={`${id}-time`} className={label}>
          {v.otherTime}
        </label>
        <input id={`${id}-time`} type="time" step={900} value={time} onChange={(e) => onChange(date, e.target.value)} className={field} dir="ltr" />
      </div>
    </div>
  );
}
