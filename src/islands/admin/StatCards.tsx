import type { Stats } from "./api.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, formatDateTime, formatNumber, primaryButton, useElapsed } from "./ui.tsx";

const SKELETON_MS = 1000;

function Figure({ label, value, testId }: { label: string; value: number | null | undefined; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white" data-testid={testId}>
        {value === null || value === undefined ? "—" : formatNumber(value)}
      </dd>
    </div>
  );
}

/** The three cards (spec §2): product editing, log-ins, statistics; skeletons for the first second. */
export default function StatCards({ stats, failed, onRetry }: { stats: Stats | null; failed: boolean; onRetry(): void }) {
  const elapsed = useElapsed(SKELETON_MS);
  const ready = elapsed && (stats || failed);
  const body = (content: (s: Stats) => React.ReactNode) =>
    !ready ? (
      <div className="space-y-3" aria-busy="true" data-testid="card-skeleton">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    ) : failed ? (
      <LoadFailed text={he.statsFailed} onRetry={onRetry} className="py-2" />
    ) : (
      content(stats!)
    );

  return (
    <div className="grid gap-5 md:grid-cols-3">
      <Card id="card-products" title={he.products.title}>
        {body((s) => (
          <>
            <dl>
              <Figure label={he.products.total} value={s.products} testId="stat-products" />
            </dl>
            <a href="/editor" className={`${primaryButton} mt-4 w-full`}>
              {he.products.open}
            </a>
          </>
        ))}
      </Card>
      <Card id="card-logins" title={he.logins.title}>
        {body((s) => (
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            <Figure label={he.logins.active} value={s.activeSessions} testId="stat-active" />
            <Figure label={he.logins.today} value={s.loginsToday} testId="stat-logins" />
            <Figure label={he.logins.users} value={s.users} testId="stat-users" />
          </dl>
        ))}
      </Card>
      <Card id="card-stats" title={he.stats.title}>
        {body((s) => (
          <>
            <dl className="divide-y divide-slate-100 dark:divide-slate-800">
              <Figure label={he.stats.errors} value={s.errors} testId="stat-errors" />
              <div className="flex items-baseline justify-between gap-3 py-1">
                <dt className="text-sm text-slate-600 dark:text-slate-400">{he.stats.lastError}</dt>
                <dd className="text-sm font-medium text-slate-900 dark:text-white" data-testid="stat-last-error">
                  {s.lastErrorAt ? <time dateTime={s.lastErrorAt}>{formatDateTime(s.lastErrorAt)}</time> : he.stats.noErrorsEver}
                </dd>
              </div>
            </dl>
            <p
              data-testid="system-status"
              className={`mt-3 rounded-lg px-3 py-2 text-sm font-semibold ${
                s.errors === 0
                  ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                  : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
              }`}
            >
              {s.errors === 0 ? he.stats.ok : he.stats.failing(s.errors)}
            </p>
          </>
        ))}
      </Card>
    </div>
  );
}
