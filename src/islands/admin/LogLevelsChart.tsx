import { LOG_LEVELS, type LogLevel } from "../../lib/contracts/admin.ts";
import type { Stats } from "./api.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, formatNumber } from "./ui.tsx";

// The log viewer's level colours, a shade stronger for a bar.
const BAR: Record<LogLevel, string> = {
  ERROR: "bg-red-600 dark:bg-red-500",
  WARN: "bg-amber-500 dark:bg-amber-400",
  INFO: "bg-sky-600 dark:bg-sky-500",
  DEBUG: "bg-slate-400 dark:bg-slate-500",
};

/**
 * Today's log entries by level: one kind of thing counted, on one scale (the old doughnut put
 * products, log-ins and errors in one circle, as if they were parts of a whole). Plain HTML bars:
 * they follow the theme and read as a list to a screen reader; no chart library to load.
 */
export default function LogLevelsChart({ stats, failed, onRetry }: { stats: Stats | null; failed: boolean; onRetry(): void }) {
  const levels = stats?.levels;
  const total = levels ? LOG_LEVELS.reduce((n, l) => n + levels[l], 0) : 0;
  const most = levels ? Math.max(1, ...LOG_LEVELS.map((l) => levels[l])) : 1;
  return (
    <Card id="card-chart" title={he.chart.title}>
      <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">{he.chart.hint}</p>
      {failed && !levels ? (
        <LoadFailed text={he.failed} onRetry={onRetry} />
      ) : !levels ? (
        <div className="space-y-3" aria-busy="true">
          {LOG_LEVELS.map((l) => (
            <Skeleton key={l} className="h-6 w-full" />
          ))}
        </div>
      ) : total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400" data-testid="chart-empty">
          {he.chart.empty}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={he.chart.title} data-testid="log-levels">
          {LOG_LEVELS.map((l) => (
            <li key={l} className="grid grid-cols-[7rem_minmax(0,1fr)_3.5rem] items-center gap-3 text-sm" data-level={l}>
              <span className="font-medium text-slate-700 dark:text-slate-300">
                {he.chart.levels[l]} <bdi dir="ltr" className="text-xs text-slate-500 dark:text-slate-400">{l}</bdi>
              </span>
              <span className="h-5 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <span className={`block h-full rounded ${BAR[l]}`} style={{ width: `${(levels[l] / most) * 100}%` }} data-testid="log-level-bar" />
              </span>
              <span className="text-end font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="log-level-count">
                {formatNumber(levels[l])}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
