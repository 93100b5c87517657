/** What every report card shares: loading its table for the admin's choice, the CSV button, its table's cells. */
import { useEffect, useState, type ReactNode } from "react";
import { useToast } from "../../lib/stores/toast.ts";
import type { ReportTable, StatusCounts } from "../../lib/contracts/reports.ts";
import { LEAD_STATUSES } from "../../lib/lead-status.ts";
import { downloadReportCsv, fetchReport, type ReportAnswers, type ReportChoice } from "./reports-api.ts";
import { formatPercent } from "./report-format.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, Spinner, formatNumber, quietButton } from "./ui.tsx";

/**
 * The table `table` for `choice`, loaded again whenever the choice changes (`key` says which parts
 * of it matter to this table). `data` keeps the last answer while the next one loads.
 */
export function useReport<T extends ReportTable>(table: T, choice: ReportChoice, key: string) {
  const [data, setData] = useState<ReportAnswers[T] | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setFailed(false);
    fetchReport(table, choice, ctl.signal)
      .then(setData)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error(`Failed to fetch the ${table} report`, e);
        setFailed(true);
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
    // `key` is the part of `choice` this table depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, key, tries]);
  return { data, loading, failed, retry: () => setTries((n) => n + 1) };
}

/** The part of the admin's choice that a table depends on. */
export const choiceKey = (c: ReportChoice, grouped: boolean) => [c.period, c.period === "custom" ? `${c.from}..${c.to}` : "", grouped ? c.group : ""].join("|");

export function CsvButton({ table, choice, title }: { table: ReportTable; choice: ReportChoice; title: string }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast((s) => s.show);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReportCsv(table, choice);
    } catch (e) {
      console.error(`Failed to export the ${table} report`, e);
      toast(he.reports.csvFailed, "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`${quietButton} whitespace-nowrap`}
      onClick={download}
      disabled={busy}
      aria-label={he.reports.csvOf(title)}
      data-testid={`report-csv-${table}`}
    >
      {busy ? <Spinner /> : <span aria-hidden="true">⤓</span>}
      {he.reports.csv}
    </button>
  );
}

/**
 * One report's card: its title with the CSV button, the hint under it, and its figures once loaded
 * (ReportBody: skeletons, the failure with a retry, the empty text).
 */
export function ReportCard({ table, choice, title, hint, report, empty, emptyText, children }: {
  table: ReportTable;
  choice: ReportChoice;
  title: string;
  hint: ReactNode;
  report: ReturnType<typeof useReport>;
  empty: boolean;
  emptyText: string;
  children: () => ReactNode;
}) {
  return (
    <Card id={`report-${table}`} title={title} actions={<CsvButton table={table} choice={choice} title={title} />}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      <ReportBody report={report} empty={empty} emptyText={emptyText}>
        {children}
      </ReportBody>
    </Card>
  );
}

/** A card's body: its skeleton while the first answer loads, the failure with a retry, or the content. */
export function ReportBody({
  report,
  empty,
  emptyText,
  children,
}: {
  report: ReturnType<typeof useReport>;
  empty: boolean;
  emptyText: string;
  children: () => ReactNode;
}) {
  if (report.failed) return <LoadFailed text={he.failed} onRetry={report.retry} />;
  if (!report.data)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-2/3" />
      </div>
    );
  if (empty) return <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>;
  // Dimmed while the next choice loads; the old figures stay readable meanwhile.
  return (
    <div aria-busy={report.loading} className={report.loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
      {children()}
    </div>
  );
}

export const th = "px-2 py-2 text-start font-semibold whitespace-nowrap";
export const td = "px-2 py-2 tabular-nums";

/** The total and the won rate ('key'), the status counts, or all of them. */
type CountPart = "key" | "statuses" | "all";

/** Whether the screen is a phone's (narrower than Tailwind's `sm`): tables put their key figures first. */
export function useNarrow(): boolean {
  const query = "(max-width: 639.98px)";
  const [narrow, setNarrow] = useState(() => typeof matchMedia !== "undefined" && matchMedia(query).matches);
  useEffect(() => {
    const m = matchMedia(query);
    const on = () => setNarrow(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return narrow;
}

/**
 * The header cells of the total, the won rate and the status counts: the total and the won rate
 * first, so that on a phone they stand beside the row's name, not off-screen (issue 39).
 */
export function CountHeaders({ part = "all" }: { part?: CountPart }) {
  return (
    <>
      {part !== "statuses" && (
        <>
          <th scope="col" className={th}>
            {he.reports.total}
          </th>
          <th scope="col" className={th} title={he.reports.wonRateHint}>
            {he.reports.wonRate}
          </th>
        </>
      )}
      {part !== "key" &&
        LEAD_STATUSES.map((s) => (
          <th key={s} scope="col" className={th}>
            {he.leads.statuses[s]}
          </th>
        ))}
    </>
  );
}

export function CountCells({ counts, part = "all" }: { counts: StatusCounts; part?: CountPart }) {
  return (
    <>
      {part !== "statuses" && (
        <>
          <td className={`${td} font-semibold`} data-testid="total">
            {formatNumber(counts.total)}
          </td>
          <td className={`${td} font-semibold`} data-testid="won-rate">
            {formatPercent(counts.wonRate)}
          </td>
        </>
      )}
      {part !== "key" &&
        LEAD_STATUSES.map((s) => (
          <td key={s} className={`${td} ${counts[s] ? "" : "text-slate-500 dark:text-slate-400"}`}>
            {formatNumber(counts[s])}
          </td>
        ))}
    </>
  );
}

/** A table that scrolls in its own box on a narrow screen, named for screen readers. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
