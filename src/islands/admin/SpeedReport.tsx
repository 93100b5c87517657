import type { SpeedRow } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { CsvButton, ReportBody, TableBox, choiceKey, td, th, useReport } from "./report-ui.tsx";
import { formatDuration, hoursText } from "./report-format.ts";
import { formatDateTimeShort, formatDay } from "./format.ts";
import { he } from "./strings.ts";
import { Card, formatNumber } from "./ui.tsx";

const duration = (s: number | null) => (s === null ? he.reports.speed.none : formatDuration(s));
/** A date and its time, or a duration, kept on one line (no-break spaces). */
const nowrap = (s: string) => s.replace(/ /g, "\u00a0");

/**
 * How fast the office answers: per arrival week, the median and 90th percentile of the business
 * time to a lead's first status change, how many still wait; and every lead waiting now.
 */
export default function SpeedReport({ choice }: { choice: ReportChoice }) {
  const report = useReport("speed", choice, choiceKey(choice, false));
  const r = report.data;
  const t = he.reports.speed;
  const row = (w: SpeedRow, total = false) => (
    <tr key={w.week ?? "all"} className={total ? "border-t-2 border-slate-300 font-semibold dark:border-slate-600" : "border-b border-slate-100 dark:border-slate-800"} data-testid={total ? "speed-total" : "speed-week"}>
      <th scope="row" className="px-2 py-2 text-start font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-slate-100">
        {w.week ? formatDay(w.week) : t.all}
      </th>
      <td className={td}>{formatNumber(w.leads)}</td>
      <td className={td}>{formatNumber(w.answered)}</td>
      <td className={td}>{formatNumber(w.waiting)}</td>
      <td className={`${td} whitespace-nowrap`}>{duration(w.medianSeconds)}</td>
      <td className={`${td} whitespace-nowrap`}>{duration(w.p90Seconds)}</td>
    </tr>
  );
  return (
    <Card id="report-speed" title={t.title} actions={<CsvButton table="speed" choice={choice} title={t.title} />}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t.hint}</p>
      {r && (
        <p className="mt-1 mb-3 text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="speed-hours">
          {r.hours ? hoursText(r.hours) : t.noHours}
        </p>
      )}
      {r && (
        <div className="mb-4 rounded-xl bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200" data-testid="speed-waiting">
          <p>
            {t.waitingNow(r.waitingNow.count)}{" "}
            {r.waitingNow.oldest && t.oldest(nowrap(formatDateTimeShort(r.waitingNow.oldest.since)), nowrap(formatDuration(r.waitingNow.oldest.seconds)))}
          </p>
          {r.waitingNow.oldest && (
            <a className="mt-1 inline-block font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200" href={`/admin?lead=${encodeURIComponent(r.waitingNow.oldest.id)}`}>
              {t.openOldest}
            </a>
          )}
        </div>
      )}
      <ReportBody report={report} empty={!r?.total.leads} emptyText={t.empty}>
        {() => (
          <TableBox label={t.table}>
            <table className="w-full min-w-[34rem] text-sm" data-testid="speed-table">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                  {[t.week, t.leads, t.answered, t.waiting, t.median, t.p90].map((c) => (
                    <th key={c} scope="col" className={th}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{r!.weeks.filter((w) => w.leads > 0).map((w) => row(w))}</tbody>
              <tfoot>{row(r!.total, true)}</tfoot>
            </table>
          </TableBox>
        )}
      </ReportBody>
    </Card>
  );
}
