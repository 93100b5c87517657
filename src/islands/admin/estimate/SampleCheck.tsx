import type { PriceRulesEditor } from "./use-price-rules.ts";
import { getAt } from "./use-price-rules.ts";
import { t } from "./strings.ts";

/** "These are our prices": unticked while the numbers are the seed's samples (the site then says "Sample prices"). */
export function SampleCheck({ ed, path, label }: { ed: PriceRulesEditor; path: string; label: string }) {
  const sample = getAt(ed.value, path) === true;
  return (
    <div className={`rounded-xl border p-3 ${sample ? "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/50" : "border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40"}`}>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-900 dark:text-white">
        <input type="checkbox" className="size-5 accent-brand-600" checked={!sample} onChange={(e) => ed.change(path, !e.target.checked)} data-field={path} data-testid="confirm-prices" />
        {label}
      </label>
      <p className="ms-8 text-xs text-slate-700 dark:text-slate-300">{t.confirmedHint}</p>
    </div>
  );
}
