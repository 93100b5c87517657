import type { MoneyFigure } from "../../lib/contracts/reports.ts";
import type { ReportChoice } from "./reports-api.ts";
import { choiceKey, useReport, ReportCard } from "./report-ui.tsx";
import { formatUsd } from "./format.ts";
import { he } from "./strings.ts";

/** The period's money (issue 39): open quotes, won jobs and the average job, from the amounts the office writes. */
export default function MoneyReport({ choice }: { choice: ReportChoice }) {
  const report = useReport("money", choice, choiceKey(choice, false));
  const r = report.data;
  const t = he.reports.money;
  const empty = !!r && !r.pipeline.leads && !r.won.leads && !r.pipeline.withoutAmount && !r.won.withoutAmount;
  return (
    <ReportCard table="money" choice={choice} title={t.title} hint={t.hint} report={report} empty={empty} emptyText={t.empty}>
      {() => (
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="money-figures">
          <Figure testId="money-pipeline" label={t.pipeline} amount={r!.pipeline.amount} note={t.pipelineHint(r!.pipeline.leads)} figure={r!.pipeline} />
          <Figure testId="money-won" label={t.won} amount={r!.won.amount} note={t.wonHint(r!.won.leads)} figure={r!.won} />
          <Figure testId="money-average" label={t.average} amount={r!.averageJob} note={t.averageHint} />
        </dl>
      )}
    </ReportCard>
  );
}

function Figure({ testId, label, amount, note, figure }: { testId: string; label: string; amount: number | null; note: string; figure?: MoneyFigure }) {
  const t = he.reports.money;
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60" data-testid={testId}>
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-slate-900 tabular-nums dark:text-white" data-testid={`${testId}-amount`}>
        <bdi dir="ltr">{amount === null ? t.none : formatUsd(Math.round(amount))}</bdi>
      </dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</dd>
      {!!figure?.withoutAmount && <dd className="mt-1 text-xs text-amber-800 dark:text-amber-200">{t.without(figure.withoutAmount)}</dd>}
    </div>
  );
}
