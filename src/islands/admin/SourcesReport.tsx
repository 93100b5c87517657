import { useEffect } from "react";
import type { ReportPeriod } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { CountCells, CountHeaders, CsvButton, ReportBody, TableBox, choiceKey, th, useReport } from "./report-ui.tsx";
import { specialLabel } from "./report-format.ts";
import { he } from "./strings.ts";
import { Card } from "./ui.tsx";

/** Leads per source (as grouped) with the count in each status and the won rate, by won count. */
export default function SourcesReport({ choice, onPeriod }: { choice: ReportChoice; onPeriod(p: ReportPeriod): void }) {
  const report = useReport("sources", choice, choiceKey(choice, true));
  const r = report.data;
  // The days the server counted (its today, in the admin's zone) are said above every card.
  useEffect(() => void (r && onPeriod(r.period)), [r, onPeriod]);
  const t = he.reports.sources;
  // The columns follow the answer on screen, not the switch, until the new answer is in.
  const group = r?.group ?? choice.group;
  return (
    <Card id="report-sources" title={t.title} actions={<CsvButton table="sources" choice={choice} title={t.title} />}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {t.hint} {he.reports.groupHints[group]}.
      </p>
      <ReportBody report={report} empty={!r?.rows.length} emptyText={t.empty}>
        {() => (
          <>
            <TableBox label={t.table}>
              <table className="w-full min-w-[40rem] text-sm" data-testid="sources-table" data-group={group}>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                    {t.cols[group].map((c) => (
                      <th key={c} scope="col" className={th}>
                        {c}
                      </th>
                    ))}
                    <CountHeaders />
                  </tr>
                </thead>
                <tbody>
                  {r!.rows.map((row) => {
                    const special = specialLabel(group, row);
                    return (
                      <tr key={`${row.special}|${row.keys.join("|")}`} className="border-b border-slate-100 dark:border-slate-800" data-testid="source-row">
                        {special ? (
                          <th scope="row" colSpan={row.keys.length} className="px-2 py-2 text-start font-medium text-slate-700 italic dark:text-slate-300">
                            {special}
                          </th>
                        ) : (
                          row.keys.map((v, i) => {
                            const Cell = i === 0 ? "th" : "td";
                            return (
                              <Cell
                                key={i}
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
                            );
                          })
                        )}
                        <CountCells counts={row} />
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableBox>
            {r!.groups > r!.rows.length && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t.more(r!.rows.length, r!.groups)}</p>}
          </>
        )}
      </ReportBody>
    </Card>
  );
}
