import { useRef, useState } from "react";
import type { ReportChoice } from "./reports-api.ts";
import { TableBox, choiceKey, td, th, useReport, ReportCard } from "./report-ui.tsx";
import { sourceName } from "./report-format.ts";
import { LOCALE, formatDay } from "./format.ts";
import { he } from "./strings.ts";
import { formatNumber, useDarkMode } from "./ui.tsx";
import { useChart } from "./use-chart.ts";

// brand-500, accent-500, violet-600, green-600, pink-600: told apart in both themes; the swatches use the same.
const COLOURS = ["#0e7490", "#f59e0b", "#7c3aed", "#16a34a", "#db2777"];
const SWATCHES = ["bg-brand-500", "bg-accent-500", "bg-violet-600", "bg-green-600", "bg-pink-600"];
const weekLabel = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "numeric", timeZone: "UTC" });

const loadChart = () => import("./report-chart-setup.ts").then((m) => m.Chart);

/**
 * Leads and won jobs per arrival week for the sources table's first five sources: per week a pale
 * stack of leads and a full stack of won jobs, one colour per source. Right to left (the first week
 * on the right, the axis on the right), themed; the same figures in a table below it.
 */
export default function WeeklyChart({ choice }: { choice: ReportChoice }) {
  const report = useReport("weekly", choice, choiceKey(choice, true));
  const r = report.data;
  const t = he.reports.chart;
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useDarkMode();
  const [chartFailed, setChartFailed] = useState(false);
  const names = r ? r.sources.map((s) => sourceName(r.group, s)) : [];
  const empty = !r?.sources.length;

  const text = dark ? "#cbd5e1" : "#334155";
  const grid = dark ? "#334155" : "#e2e8f0";
  useChart(
    canvas,
    loadChart,
    r && !empty
      ? () => ({
          type: "bar",
          data: {
            labels: r.weeks.map((w) => weekLabel.format(new Date(`${w}T00:00:00Z`))),
            // The won stack comes first so that it stands left of the leads: read from the right, leads then won.
            datasets: r.sources.flatMap((s, i) => [
              { label: t.dataset(names[i], t.won), data: s.won, stack: "won", backgroundColor: COLOURS[i], borderColor: COLOURS[i], borderWidth: 1 },
              // See-through with a full-colour border: reads the same on the light and the dark card (a "pale" fill is dark on dark).
              { label: t.dataset(names[i], t.leads), data: s.leads, stack: "leads", backgroundColor: `${COLOURS[i]}33`, borderColor: COLOURS[i], borderWidth: 2 },
            ]),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            locale: LOCALE,
            scales: {
              x: {
                stacked: true,
                reverse: true,
                ticks: { color: text },
                grid: { color: grid },
                title: { display: true, text: t.xTitle, color: text, font: { weight: "bold" } },
              },
              y: {
                stacked: true,
                position: "right",
                beginAtZero: true,
                ticks: { color: text, precision: 0 },
                grid: { color: grid },
                title: { display: true, text: t.yTitle, color: text, font: { weight: "bold" } },
              },
            },
            plugins: {
              legend: { display: false },
              tooltip: {
                rtl: true,
                textDirection: "rtl",
                callbacks: { title: (items) => `${t.week}${formatDay(r.weeks[items[0].dataIndex])}` },
              },
            },
          },
        })
      : null,
    dark ? "dark" : "light",
    [r, dark, empty],
    () => setChartFailed(true),
  );

  const summary = r ? r.sources.map((s, i) => t.summary(names[i], sum(s.leads), sum(s.won))).join("; ") : "";

  return (
    <ReportCard table="weekly" choice={choice} title={t.title} hint={t.hint} report={chartFailed ? { ...report, failed: true, retry: () => (setChartFailed(false), report.retry()) } : report} empty={empty} emptyText={t.empty}>
      {() => (
        <>
          <div className="relative h-72">
            <canvas ref={canvas} role="img" aria-label={`${t.title}: ${summary}`} data-testid="weekly-chart" data-x-title={t.xTitle} data-y-title={t.yTitle} />
          </div>
          <ul aria-label={t.key} className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="weekly-key">
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-4 rounded-sm border-2"
                style={{ borderColor: COLOURS[0], backgroundColor: `${COLOURS[0]}33` }}
                data-testid="key-leads"
              />
              {t.keyLeads}
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-3 w-4 rounded-sm" style={{ backgroundColor: COLOURS[0] }} data-testid="key-won" />
              {t.keyWon}
            </li>
          </ul>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="weekly-legend">
            {r!.sources.map((s, i) => (
              <li key={names[i]} className="flex items-center gap-2">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SWATCHES[i]}`} />
                <bdi dir="auto">{names[i]}</bdi>
              </li>
            ))}
          </ul>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">{t.table}</summary>
            <TableBox label={t.table}>
              <table className="mt-2 w-full min-w-[30rem]" data-testid="weekly-table">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                    <th scope="col" className={th}>
                      {t.week}
                    </th>
                    {names.map((n) => (
                      <th key={n} scope="col" className={th}>
                        <bdi dir="auto">{n}</bdi>
                        <span className="block text-xs font-normal">
                          {t.leads} / {t.won}
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {r!.weeks.map((w, wi) => (
                    <tr key={w} className="border-b border-slate-100 dark:border-slate-800">
                      <th scope="row" className={`${td} text-start font-medium`}>
                        {formatDay(w)}
                      </th>
                      {r!.sources.map((s, si) => (
                        <td key={si} className={td}>
                          {formatNumber(s.leads[wi])} / {formatNumber(s.won[wi])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          </details>
        </>
      )}
    </ReportCard>
  );
}

const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
