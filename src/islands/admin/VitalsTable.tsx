import { useEffect, useId, useState } from "react";
import { METRICS } from "../../lib/contracts/admin.ts";
import { fetchVitals, type Rating, type VitalRow } from "./api.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, field, formatNumber } from "./ui.tsx";

const RATING_STYLE: Record<Rating, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  "needs-improvement": "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  poor: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
};

function show(metric: VitalRow["metric"], v: number): string {
  if (metric === "CLS") return formatNumber(Math.round(v * 1000) / 1000);
  return v >= 1000 ? `${formatNumber(Math.round(v / 10) / 100)} s` : `${formatNumber(Math.round(v))} ms`;
}

/** Real-user web vitals (decision 9): p75 per page and metric, coloured good / needs improvement / poor. */
export default function VitalsTable() {
  const id = useId();
  const [range, setRange] = useState("7d");
  const [rows, setRows] = useState<VitalRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setRows(null);
    setFailed(false);
    fetchVitals(range, ctl.signal)
      .then((r) => (setRows(r), setFailed(false)))
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch web vitals", e);
        setRows([]);
        setFailed(true);
      });
    return () => ctl.abort();
  }, [range, reloads]);

  const pages = [...new Set((rows ?? []).map((r) => r.path))];
  const cell = (path: string, metric: VitalRow["metric"]) => rows?.find((r) => r.path === path && r.metric === metric);

  return (
    <Card
      id="card-vitals"
      title={he.vitals.title}
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-range`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {he.vitals.range}
          </label>
          <select id={`${id}-range`} className={`${field} w-auto`} value={range} onChange={(e) => setRange(e.target.value)}>
            {Object.entries(he.vitals.ranges).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{he.vitals.hint}</p>
      <ul className="mb-3 flex flex-wrap gap-2 text-xs" aria-label="מקרא">
        {(Object.keys(RATING_STYLE) as Rating[]).map((r) => (
          <li key={r} className={`rounded-full px-2.5 py-0.5 font-semibold ${RATING_STYLE[r]}`}>
            {he.vitals.ratings[r]}
          </li>
        ))}
      </ul>
      {failed ? (
        <LoadFailed text={he.failed} onRetry={() => setReloads((n) => n + 1)} />
      ) : rows === null ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : pages.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300" data-testid="vitals-empty">
          <p className="font-semibold text-slate-900 dark:text-white">{he.vitals.empty}</p>
          <p className="mt-1">{he.vitals.emptyWhat}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {METRICS.map((m) => (
              <div key={m} className="contents">
                <dt dir="ltr" className="font-mono text-xs font-semibold leading-5">
                  {m}
                </dt>
                <dd>{he.vitals.metrics[m]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={he.vitals.table}>
          <table className="w-full min-w-[36rem] text-sm" data-testid="vitals-table">
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {he.vitals.page}
                </th>
                {METRICS.map((m) => (
                  <th key={m} scope="col" className="px-2 py-2 text-start font-semibold">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" dir="ltr" className="py-2 pe-3 text-start font-mono text-xs font-medium text-slate-800 dark:text-slate-200">
                    {p}
                  </th>
                  {METRICS.map((m) => {
                    const c = cell(p, m);
                    return (
                      <td key={m} className="px-2 py-2">
                        {c ? (
                          <span
                            className={`inline-flex flex-col rounded-lg px-2 py-1 ${RATING_STYLE[c.rating]}`}
                            data-rating={c.rating}
                            title={`${he.vitals.ratings[c.rating]} · ${he.vitals.samples(c.samples)}`}
                          >
                            <span dir="ltr" className="font-semibold tabular-nums">
                              {show(m, c.p75)}
                            </span>
                            <span className="text-[11px] opacity-80">
                              {he.vitals.ratings[c.rating]} · {he.vitals.samples(c.samples)}
                            </span>
                          </span>
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
