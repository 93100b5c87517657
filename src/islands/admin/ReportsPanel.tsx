import { lazy, Suspense, useId, useMemo, useState } from "react";
import { REPORT_GROUPINGS, REPORT_MAX_DAYS, REPORT_PERIODS, type ReportGrouping, type ReportPeriod, type ReportPeriodChoice } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { localDate } from "./log-line.ts";
import { formatDay } from "./format.ts";
import DayPicker from "./DayPicker.tsx";
import SourcesReport from "./SourcesReport.tsx";
import ServicesReport from "./ServicesReport.tsx";
import SpeedReport from "./SpeedReport.tsx";
import VisitsReport from "./VisitsReport.tsx";
import LanguagesReport from "./LanguagesReport.tsx";
import MoneyReport from "./MoneyReport.tsx";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, card, field, label } from "./ui.tsx";

const shiftDays = (ymd: string, n: number) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return localDate(new Date(y, m - 1, d + n));
};

/**
 * The dashboard's 'Reports' tab (issue 28): one period and one grouping of sources for every card;
 * where leads come from, the weekly chart of the top five sources, services and products, how
 * fast the office answers, and the site visits (issue 35); first the money in those leads (issue 39).
 */
export default function ReportsPanel() {
  const ids = useId();
  const [choice, setChoice] = useState<ReportChoice>(() => ({ period: "30d", from: shiftDays(localDate(), -29), to: localDate(), group: "utm" }));
  const [chartTries, setChartTries] = useState(0);
  const [period, setPeriod] = useState<ReportPeriod | null>(null);
  const t = he.reports;

  // A custom period stays one the server takes: 'to' not before 'from', at most REPORT_MAX_DAYS days.
  const setFrom = (from: string) =>
    setChoice((c) => {
      const to = c.to < from ? from : c.to > shiftDays(from, REPORT_MAX_DAYS - 1) ? shiftDays(from, REPORT_MAX_DAYS - 1) : c.to;
      return { ...c, from, to };
    });
  const setTo = (to: string) =>
    setChoice((c) => {
      const from = c.from > to ? to : c.from < shiftDays(to, 1 - REPORT_MAX_DAYS) ? shiftDays(to, 1 - REPORT_MAX_DAYS) : c.from;
      return { ...c, from, to };
    });

  // chart.js is the heaviest piece: the chart card and the library load after the tables.
  const WeeklyChart = useMemo(
    () =>
      lazy(() =>
        import("./WeeklyChart.tsx").catch((e) => {
          console.error("Loading chunk failed", e);
          return {
            default: () => (
              <Card id="report-weekly" title={t.chart.title}>
                <LoadFailed text={he.failed} onRetry={() => setChartTries((n) => n + 1)} />
              </Card>
            ),
          };
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chartTries],
  );

  return (
    <div className="space-y-6">
      <section aria-label={t.filters} className={`${card} flex flex-wrap items-end gap-4`} data-testid="report-filters">
        <div>
          <label htmlFor={`${ids}-period`} className={label}>
            {t.period}
          </label>
          <select
            id={`${ids}-period`}
            className={`${field} w-auto`}
            value={choice.period}
            onChange={(e) => setChoice((c) => ({ ...c, period: e.target.value as ReportPeriodChoice }))}
            data-testid="report-period"
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t.periods[p]}
              </option>
            ))}
          </select>
        </div>
        {choice.period === "custom" && (
          <>
            <div className="w-44">
              <label htmlFor={`${ids}-from`} className={label}>
                {t.from}
              </label>
              <DayPicker id={`${ids}-from`} value={choice.from} onChange={setFrom} labels={he.log.picker} />
            </div>
            <div className="w-44">
              <label htmlFor={`${ids}-to`} className={label}>
                {t.to}
              </label>
              <DayPicker id={`${ids}-to`} value={choice.to} onChange={setTo} labels={he.log.picker} />
            </div>
          </>
        )}
        <fieldset>
          <legend className={label}>{t.group}</legend>
          <div className="flex flex-wrap gap-1 rounded-lg border border-slate-300 p-1 dark:border-slate-600" data-testid="report-group">
            {REPORT_GROUPINGS.map((g) => (
              <label
                key={g}
                className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:text-slate-200 dark:has-checked:bg-brand-500"
              >
                <input
                  type="radio"
                  name={`${ids}-group`}
                  value={g}
                  checked={choice.group === g}
                  onChange={() => setChoice((c) => ({ ...c, group: g as ReportGrouping }))}
                  className="sr-only"
                />
                {t.groups[g]}
              </label>
            ))}
          </div>
        </fieldset>
        {period && (
          <p className="basis-full text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="report-range">
            {t.range(formatDay(period.from), formatDay(period.to))}
          </p>
        )}
      </section>
      <MoneyReport choice={choice} />
      <SourcesReport choice={choice} onPeriod={setPeriod} />
      <Suspense
        fallback={
          <div className={card}>
            <Skeleton className="h-72 w-full" />
          </div>
        }
      >
        <WeeklyChart choice={choice} />
      </Suspense>
      <ServicesReport choice={choice} />
      <SpeedReport choice={choice} />
      <VisitsReport choice={choice} />
      <LanguagesReport choice={choice} />
    </div>
  );
}
