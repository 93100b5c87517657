import { hoursText, weekOrder, WEEK, type Weekday } from "../../../lib/office-hours.ts";
import { useEditor } from "./editor-context.ts";
import { FieldError, Hint, input, labelClass } from "./field-parts.tsx";
import { fieldId, join, type HoursSpec } from "./spec.ts";
import { t } from "./strings.ts";

interface Hours {
  label: string;
  days: string[];
  opens: string;
  closes: string;
}

// As a Hebrew week is read: Sunday first.
const SHOWN: Weekday[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The office's hours as the office thinks of them (issue 39, item 6): the days it is open, ticked,
 * and when it opens and closes. The sentence the site prints, in English and Spanish, is written
 * from them (src/lib/office-hours.ts) and shown here as it will read; nothing to type twice.
 */
export default function HoursField({ spec, value, path, onChange }: { spec: HoursSpec; value: unknown; path: string; onChange(v: unknown): void }) {
  const { errorAt } = useEditor();
  const hours = (value ?? { label: "", days: [], opens: "08:00", closes: "17:00" }) as Hours;
  const days = weekOrder(hours.days);
  const id = fieldId(path);
  const set = (next: Partial<Hours>) => {
    const h = { ...hours, days, ...next };
    const ok = weekOrder(h.days).length > 0 && h.opens < h.closes;
    onChange(ok ? { ...h, label: hoursText(h.days, h.opens, h.closes, "en") } : h);
  };
  const toggle = (d: Weekday, on: boolean) => set({ days: weekOrder(on ? [...days, d] : days.filter((x) => x !== d)) });
  const daysError = errorAt(join(path, "days"));
  const closesError = errorAt(join(path, "closes")) ?? (hours.opens && hours.closes && hours.opens >= hours.closes ? t.hours.closesFirst : undefined);
  const ready = days.length > 0 && hours.opens < hours.closes;

  return (
    <fieldset className="min-w-0 sm:col-span-2" data-field={path} data-label={spec.label} data-testid="hours-field">
      <legend className="mb-2 text-base font-bold text-slate-900 dark:text-white">{spec.label}</legend>
      {spec.hint !== undefined && <Hint id={`${id}-hint`}>{spec.hint}</Hint>}
      <div className="mt-2 space-y-4 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
        <fieldset data-field={join(path, "days")} data-label={t.hours.days} aria-describedby={daysError ? `${id}-days-error` : undefined}>
          <legend className={labelClass}>{t.hours.days}</legend>
          <ul className="flex flex-wrap gap-2">
            {SHOWN.map((d) => (
              <li key={d}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:border-slate-600 dark:text-slate-200 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-slate-800">
                  <input type="checkbox" className="size-5 accent-brand-600" checked={days.includes(d)} onChange={(e) => toggle(d, e.target.checked)} data-day={d} />
                  {t.hours.dayNames[WEEK.indexOf(d)]}
                </label>
              </li>
            ))}
          </ul>
          {daysError && <FieldError id={`${id}-days-error`} text={daysError} />}
        </fieldset>
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          <div>
            <label htmlFor={`${id}-opens`} className={labelClass}>
              {t.hours.opens}
            </label>
            <input id={`${id}-opens`} type="time" dir="ltr" className={input} value={hours.opens} onChange={(e) => e.target.value && set({ opens: e.target.value })} data-field={join(path, "opens")} data-label={t.hours.opens} />
          </div>
          <div>
            <label htmlFor={`${id}-closes`} className={labelClass}>
              {t.hours.closes}
            </label>
            <input
              id={`${id}-closes`}
              type="time"
              dir="ltr"
              className={input}
              value={hours.closes}
              onChange={(e) => e.target.value && set({ closes: e.target.value })}
              aria-invalid={closesError ? true : undefined}
              aria-describedby={closesError ? `${id}-closes-error` : undefined}
              data-field={join(path, "closes")}
              data-label={t.hours.closes}
            />
          </div>
          {closesError && (
            <div className="col-span-2">
              <FieldError id={`${id}-closes-error`} text={closesError} />
            </div>
          )}
        </div>
        <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" aria-live="polite" data-testid="hours-text">
          <p className="font-semibold text-slate-800 dark:text-slate-200">{t.hours.asWritten}</p>
          {ready ? (
            <ul className="mt-1 space-y-0.5">
              {(["en", "es"] as const).map((lang) => (
                <li key={lang}>
                  {lang === "en" ? t.hours.english : t.hours.spanish}{" "}
                  <bdi dir="ltr" lang={lang} className="font-medium text-slate-900 dark:text-white" data-testid={`hours-text-${lang}`}>
                    {hoursText(days, hours.opens, hours.closes, lang)}
                  </bdi>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-600 dark:text-slate-400">{t.hours.notYet}</p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
