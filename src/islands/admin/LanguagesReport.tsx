import type { ReportChoice } from "./reports-api.ts";
import { CountCells, CountHeaders, TableBox, choiceKey, th, useReport, ReportCard } from "./report-ui.tsx";
import { he } from "./strings.ts";

/** Leads and won jobs from the English and the Spanish site (issue 37), with their statuses. */
export default function LanguagesReport({ choice }: { choice: ReportChoice }) {
  const report = useReport("languages", choice, choiceKey(choice, false));
  const r = report.data;
  const t = he.reports.languages;
  return (
    <ReportCard table="languages" choice={choice} title={t.title} hint={t.hint} report={report} empty={!r?.rows.some((row) => row.total)} emptyText={t.empty}>
      {() => (
        <TableBox label={t.table}>
          <table className="w-full min-w-[36rem] text-sm" data-testid="languages-table">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className={th}>
                  {t.language}
                </th>
                <CountHeaders />
              </tr>
            </thead>
            <tbody>
              {r!.rows.map((row) => (
                <tr key={row.language} className="border-b border-slate-100 dark:border-slate-800" data-testid="language-row" data-language={row.language}>
                  <th scope="row" className="px-2 py-2 text-start font-medium text-slate-900 dark:text-slate-100">
                    {t.names[row.language]}
                  </th>
                  <CountCells counts={row} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </ReportCard>
  );
}
