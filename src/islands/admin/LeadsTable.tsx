import { useEffect, useState } from "react";
import { useToast } from "../../lib/stores/toast.ts";
import { downloadLeadsCsv, fetchLeads, retryLead, type AdminLead, type LeadsPage } from "./api.ts";
import { he } from "./strings.ts";
import { Card, Skeleton, Spinner, formatDateTime, quietButton } from "./ui.tsx";

const STATE_STYLE: Record<AdminLead["crmState"], string> = {
  synced: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  pending: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  disabled: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
};
const th = "px-3 py-2 text-start font-semibold whitespace-nowrap";
const td = "px-3 py-2 align-top";

/** Quote requests and inquiries, newest first, with their CRM sync state, a retry and a CSV export. */
export default function LeadsTable() {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<LeadsPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const toast = useToast((s) => s.show);

  useEffect(() => {
    const ctl = new AbortController();
    fetchLeads(page, ctl.signal)
      .then((a) => (setAnswer(a), setFailed(false)))
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch leads", e);
        setAnswer({ data: [], page, pageSize: 20, total: 0 });
        setFailed(true);
      });
    return () => ctl.abort();
  }, [page, reloads]);

  const retry = async (lead: AdminLead) => {
    setBusy(lead.id);
    try {
      await retryLead(lead.id);
      toast(he.leads.retried, "success");
      setReloads((n) => n + 1);
    } catch (e) {
      console.error("Failed to re-queue lead", e);
      toast(he.leads.retryFailed, "error");
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLeadsCsv();
    } catch (e) {
      console.error("Failed to export leads", e);
      toast(he.failed, "error");
    } finally {
      setExporting(false);
    }
  };

  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;

  return (
    <Card
      id="card-leads"
      title={he.leads.title}
      actions={
        <button type="button" className={quietButton} onClick={exportCsv} disabled={exporting} data-testid="leads-csv">
          {exporting ? <Spinner /> : <span aria-hidden="true">⤓</span>}
          {he.leads.csv}
        </button>
      }
    >
      {!answer ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : answer.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400" role={failed ? "alert" : undefined}>
          {failed ? he.failed : he.leads.empty}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={he.leads.table}>
            <table className="w-full min-w-[52rem] text-sm" data-testid="leads-table">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                  {Object.values(he.leads.cols).map((c) => (
                    <th key={c} scope="col" className={th}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.data.map((l) => (
                  <tr key={l.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="lead-row">
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={l.createdAt}>{formatDateTime(l.createdAt)}</time>
                    </td>
                    <td className={td}>{he.leads.kinds[l.kind] ?? l.kind}</td>
                    <td className={td} dir="auto">
                      {l.fullName || "—"}
                    </td>
                    <td className={td} dir="ltr">
                      <a className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100" href={`mailto:${l.email}`}>
                        {l.email}
                      </a>
                    </td>
                    <td className={`${td} whitespace-nowrap`} dir="ltr">
                      {l.phone || "—"}
                    </td>
                    <td className={`${td} max-w-56`} dir="auto">
                      {l.productName ? `${l.productName} · ` : ""}
                      {l.subject || "—"}
                    </td>
                    <td className={td}>
                      <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[l.crmState]}`} data-state={l.crmState}>
                        {he.leads.states[l.crmState] ?? l.crmState}
                      </span>
                      <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{he.leads.attempts(l.attempts)}</span>
                      {l.spamReason && <span className="mt-1 block text-xs font-semibold text-amber-700 dark:text-amber-300">{he.leads.spam}</span>}
                      {l.lastError && (
                        <span className="mt-1 block max-w-48 truncate text-xs text-red-700 dark:text-red-300" dir="ltr" title={l.lastError}>
                          {l.lastError}
                        </span>
                      )}
                    </td>
                    <td className={td}>
                      {l.crmState !== "synced" && (
                        <button
                          type="button"
                          className={`${quietButton} px-2.5 py-1 text-xs`}
                          onClick={() => retry(l)}
                          disabled={busy === l.id}
                          aria-label={`${he.leads.retry}: ${l.fullName || l.email}`}
                        >
                          {busy === l.id && <Spinner className="size-3" />}
                          {he.leads.retry}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="mt-4 flex items-center justify-between gap-3 text-sm" aria-label={he.leads.paging}>
            <button type="button" className={quietButton} onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              {he.leads.prev}
            </button>
            <span aria-live="polite" className="text-slate-600 dark:text-slate-400">
              {he.leads.page(page, pages)}
            </span>
            <button type="button" className={quietButton} onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
              {he.leads.next}
            </button>
          </nav>
        </>
      )}
    </Card>
  );
}
