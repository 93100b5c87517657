import type { ReportChoice } from "./reports-api.ts";
import { CountCells, CountHeaders, useNarrow, TableBox, choiceKey, th, useReport, ReportCard } from "./report-ui.tsx";
import { he } from "./strings.ts";

/** Leads per service a quote asked for and per product an inquiry was about, with their statuses, by won count. */
export default function ServicesReport({ choice }: { choice: ReportChoice }) {
  const report = useReport("services", choice, choiceKey(choice, false));
  const r = report.data;
  const t = he.reports.services;
  // On a phone the total and the won rate follow the item's name, before its kind and the statuses.
  const narrow = useNarrow();
  return (
    <ReportCard table="services" choice={choice} title={t.title} hint={t.hint} report={report} empty={!r?.rows.length} emptyText={t.empty}>
      {() => (
        <TableBox label={t.table}>
          <table className="w-full min-w-[40rem] text-sm" data-testid="services-table">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className={th}>
                  {t.item}
                </th>
                {narrow && <CountHeaders part="key" />}
                <th scope="col" className={th}>
                  {t.kind}
                </th>
                <CountHeaders part={narrow ? "statuses" : "all"} />
              </tr>
            </thead>
            <tbody>
              {r!.rows.map((row) => (
                <tr key={`${row.kind}|${row.id}`} className="border-b border-slate-100 dark:border-slate-800" data-testid="service-row">
                  <th scope="row" className="max-w-[18rem] min-w-[9rem] px-2 py-2 text-start font-medium break-words text-slate-900 dark:text-slate-100">
                    {row.kind === "quote" ? (
                      row.id === null ? (
                        <span className="italic">{t.other}</span>
                      ) : (
                        <bdi dir="auto">{row.id}</bdi>
                      )
                    ) : (
                      <>
                        <bdi dir="auto">{row.name ?? t.unknownProduct}</bdi>
                        {row.id && (
                          <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-400">
                            <bdi dir="ltr">{row.id}</bdi>
                          </span>
                        )}
                      </>
                    )}
                  </th>
                  {narrow && <CountCells counts={row} part="key" />}
                  <td className="px-2 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300">{he.leads.kindsShort[row.kind]}</td>
                  <CountCells counts={row} part={narrow ? "statuses" : "all"} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </ReportCard>
  );
}
