import { useRef, useState } from "react";
import type { Stats } from "./api.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, formatNumber, useDarkMode } from "./ui.tsx";
import { useChart } from "./use-chart.ts";

// brand-500, accent-500, red-600: the same colours as the swatches' classes below.
const COLOURS = ["#0e7490", "#f59e0b", "#dc2626"];
const SWATCHES = ["bg-brand-500", "bg-accent-500", "bg-red-600"];

/** chart.js is loaded only when the chart is needed, with only the pieces a doughnut uses. */
const loadChart = () => import("./chart-setup.ts").then((m) => m.Chart);

/**
 * Doughnut of products, today's log-ins and errors in the range, from the real counts; follows the
 * theme. When the figures or chart.js cannot be loaded it says so and offers a retry.
 */
export default function DistributionChart({ stats, failed: statsFailed, onRetry }: { stats: Stats | null; failed: boolean; onRetry(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useDarkMode();
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  const values = stats ? [stats.products ?? 0, stats.loginsToday, stats.errors] : null;
  const labels = [he.chart.products, he.chart.logins, he.chart.errors];
  const empty = values !== null && values.every((v) => v === 0);
  const key = values?.join(",");

  useChart(
    canvas,
    loadChart,
    values && !empty
      ? () => ({
          type: "doughnut",
          data: { labels, datasets: [{ data: values, backgroundColor: COLOURS, borderColor: dark ? "#0f172a" : "#ffffff", borderWidth: 3, hoverOffset: 6 }] },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            locale: "he-IL",
            // The legend is the HTML list below (themed by CSS, readable by screen readers).
            plugins: { legend: { display: false }, tooltip: { rtl: true, textDirection: "rtl" } },
          },
        })
      : null,
    dark ? "dark" : "light",
    [key, dark, empty, tries],
    () => setFailed(true),
  );

  const summary = values ? labels.map((l, i) => `${l}: ${formatNumber(values[i])}`).join(", ") : "";

  return (
    <Card id="card-chart" title={he.chart.title}>
      {failed || (statsFailed && !values) ? (
        <LoadFailed
          text={he.failed}
          className="py-16"
          onRetry={() => {
            if (failed) {
              setFailed(false);
              setTries((n) => n + 1);
            } else onRetry();
          }}
        />
      ) : !values ? (
        <Skeleton className="mx-auto size-56 rounded-full" />
      ) : empty ? (
        <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">{he.chart.empty}</p>
      ) : (
        <div className="relative mx-auto h-72 max-w-sm">
          <canvas ref={canvas} role="img" aria-label={`${he.chart.title}: ${summary}`} data-testid="distribution-chart" />
        </div>
      )}
      {values && (
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="chart-legend">
          {labels.map((l, i) => (
            <li key={l} className="flex items-center gap-2">
              <span aria-hidden="true" className={`inline-block size-3 rounded-full ${SWATCHES[i]}`} />
              {l}: <span className="font-semibold tabular-nums">{formatNumber(values[i])}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
