import { Fragment, useEffect } from "react";
import type { ReportPeriod } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { CountCells, CountHeaders, TableBox, choiceKey, th, useNarrow, useReport, ReportCard } from "./report-ui.tsx";
import { specialLabel } from "./report-format.ts";
import { he } from "./strings.ts";

/** Leads per source (as grouped) with the count in each status and the won rate, by won count. */
export default function SourcesReport({ choice, onPeriod }: { choice: ReportChoice; onPeriod(p: ReportPeriod): void }) {
  const report = useReport("sources", choice, choiceKey(choice, true));
  const r = report.data;
  // The days the server counted (its today, in the admin's zone) are said above every card.
  useEffect(() => void (r && onPeriod(r.period)), [r, onPeriod]);
  const t = he.reports.sources;
  // The columns follow the answer on screen, not the switch, until the new answer is in.
  const group = r?.group ?? choice.group;
  // On a phone the total and the won rate follow the source's first column (its medium and campaign after them): no scrolling to see them.
  const split = useNarrow() && t.cols[group].length > 1;
  return (
    <ReportCard table="sources" choice={choice} title={t.title} hint={<>{t.hint} {he.reports.groupHints[group]}.</>} report={report} empty={!r?.rows.length} emptyText={t.empty}>
      {() => (
        <>
          <TableBox label={t.table}>
            <table className="w-full min-w-[40rem] text-sm" data-testid="sources-table" data-group={group}>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                  {t.cols[group].map((c, i) => (
                    <Fragment key={c}>
                      <th scope="col" className={th}>
                        {c}
                      </th>
                      {split && i === 0 && <CountHeaders part="key" />}
                    </Fragment>
                  ))}
                  <CountHeaders part={split ? "statuses" : "all"} />
                </tr>
              </thead>
              <tbody>
                {r!.rows.map((row) => {
                  const special = specialLabel(group, row);
                  return (
                    <tr key={`${row.special}|${row.keys.join("|")}`} className="border-b border-slate-100 dark:border-slate-800" data-testid="source-row">
                      {special ? (
                        <>
                          <th scope="row" colSpan={split ? 1 : row.keys.length} className="px-2 py-2 text-start font-medium text-slate-700 italic dark:text-slate-300">
                            {special}
                          </th>
                          {split && (
                            <>
                              <CountCells counts={row} part="key" />
                              <td colSpan={row.keys.length - 1} />
                            </>
                          )}
                        </>
                      ) : (
                        row.keys.map((v, i) => {
                          const Cell = i === 0 ? "th" : "td";
                          return (
                            <Fragment key={i}>
                              <Cell
                                {...(i === 0 ? { scope: "row" } : {})}
                                // A short value stays whole ('boat-lifts' was split at its dash on a phone); a long one wraps.
                                className={`max-w-[16rem] px-2 py-2 text-start font-medium text-slate-900 dark:text-slate-100 ${v && v.length > 24 ? "break-words" : "whitespace-nowrap"}`}
                              >
                                {v === null ? (
                                  <span className="text-slate-500 dark:text-slate-400">{t.missing}</span>
                                ) : (
                                  <bdi dir="auto" className={group === "utm" ? "" : "font-mono text-xs"}>
                                    {v}
                                  </bdi>
                                )}
                              </Cell>
                              {split && i === 0 && <CountCells counts={row} part="key" />}
                            </Fragment>
                          );
                        })
                      )}
                      <CountCells counts={row} part={split ? "statuses" : "all"} />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableBox>
          {r!.groups > r!.rows.length && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t.more(r!.rows.length, r!.groups)}</p>}
        </>
      )}
    </ReportCard>
  );
}
