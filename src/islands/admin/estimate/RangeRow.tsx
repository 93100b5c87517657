import { FieldError, describedBy, hintClass, input, labelClass } from "../site/field-parts.tsx";
import type { PriceRulesEditor } from "./use-price-rules.ts";
import { t } from "./strings.ts";

interface Props {
  ed: PriceRulesEditor;
  /** Where the range is in the document ("projects.seawall.barge"): its low and high are edited. */
  path: string;
  label: string;
  /** What the row belongs to, for its inputs' names when the label alone repeats ("קיר ים חדש"). */
  context?: string;
  hint?: string;
  /** Dollars (a $ before the number) or a factor (1 = the base price). */
  kind: "money" | "factor";
}

/** A low–high pair of numbers: one label, two inputs ("מ־", "עד"), each refusal at its own input. */
export function RangeRow({ ed, path, label, context, hint, kind }: Props) {
  const named = context ? `${context} · ${label}` : label;
  const hintId = hint ? `${path}-hint` : undefined;
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_9rem_9rem] sm:items-start" data-field={path}>
      <div className="col-span-2 sm:col-span-1 sm:pt-2.5">
        <p className={labelClass}>{label}</p>
        {hint && (
          <p id={hintId} className={`${hintClass} max-sm:mb-1`}>
            {hint}
          </p>
        )}
      </div>
      {(["low", "high"] as const).map((end) => {
        const at = `${path}.${end}`;
        const error = ed.errorAt(at);
        return (
          <div key={end} className="min-w-0">
            <label className="flex items-center gap-2">
              <span className="w-6 shrink-0 text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
                {end === "low" ? t.low : t.high}
              </span>
              <span dir="ltr" className="relative block min-w-0 flex-1">
                {kind === "money" && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500 dark:text-slate-400" aria-hidden="true">$</span>}
                <input
                  id={at}
                  data-field={at}
                  dir="ltr"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-label={end === "low" ? t.lowFor(named) : t.highFor(named)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(hintId, error && `${at}-error`)}
                  className={`${input} tabular-nums ${kind === "money" ? "pl-7" : ""}`}
                  value={ed.shown(at)}
                  onChange={(e) => ed.typeNumber(at, e.target.value)}
                />
              </span>
            </label>
            {error && <FieldError id={`${at}-error`} text={error} />}
          </div>
        );
      })}
    </div>
  );
}
