import type { VisitsRow } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { TableBox, choiceKey, td, th, useReport, ReportCard } from "./report-ui.tsx";
import { formatPercent } from "./report-format.ts";
import { LOCALE, formatDay } from "./format.ts";
import { formatNumber } from "./ui.tsx";
import { r as t } from "./visits/strings.ts";

const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const days = (n: number | null) => (n === null ? t.none : t.days(oneDecimal.format(n)));

/**
 * Site visits (issue 35): per week of the period, visits booked online and by the office, done,
 * no-show and cancelled, the no-show rate, and the days from the lead to its visit.
 */
export default function VisitsReport({ choice }: { choice: ReportChoice }) {
  const report = useReport("visits", choice, choiceKey(choice, false));
  const data = report.data;
  const row = (w: VisitsRow, total = false) => (
    <tr key={w.week ?? "all"} className={total ? "border-t-2 border-slate-300 font-semibold dark:border-slate-600" : "border-b border-slate-100 dark:border-slate-800"} data-testid={total ? "visits-total" : "visits-week"}>
      <th scope="row" className="px-2 py-2 text-start font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-slate-100">
        {w.week ? formatDay(w.week) : t.all}
      </th>
      <td className={td}>{formatNumber(w.visits)}</td>
      <td className={td}>{formatNumber(w.online)}</td>
      <td className={td}>{formatNumber(w.office)}</td>
      <td className={td}>{formatNumber(w.done)}</td>
      <td className={td}>{formatNumber(w.noShow)}</td>
      <td className={td}>{formatNumber(w.cancelled)}</td>
      <td className={td} data-testid="visits-no-show-rate">
        {w.noShowRate === null ? t.none : formatPercent(w.noShowRate)}
      </td>
      <td className={`${td} whitespace-nowrap`}>{days(w.medianDays)}</td>
      <td className={`${td} whitespace-nowrap`}>{days(w.averageDays)}</td>
    </tr>
  );
  return (
    <ReportCard table="visits" choice={choice} title={t.title} hint={t.hint} report={report} empty={!data?.total.visits} emptyText={t.empty}>
      {() => (
        <TableBox label={t.table}>
          <table className="w-full min-w-[48rem] text-sm" data-testid="visits-table">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                {[t.week, t.visits, t.online, t.office, t.done, t.noShow, t.cancelled].map((c) => (
                  <th key={c} scope="col" className={th}>
                    {c}
                  </th>
                ))}
                <th scope="col" className={th} title={t.noShowRateHint}>
                  {t.noShowRate}
                </th>
                <th scope="col" className={th}>
                  {t.medianDays}
                </th>
                <th scope="col" className={th}>
                  {t.averageDays}
                </th>
              </tr>
            </thead>
            <tbody>{data!.weeks.filter((w) => w.visits > 0).map((w) => row(w))}</tbody>
            <tfoot>{row(data!.total, true)}</tfoot>
          </table>
        </TableBox>
      )}
    </ReportCard>
  );
}
