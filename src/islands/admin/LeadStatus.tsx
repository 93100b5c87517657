import { useEffect, useId, useState, type FormEvent } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { NEXT_STATUSES, NOTE_MAX, type LeadStatus } from "../../lib/lead-status.ts";
import { useToast } from "../../lib/stores/toast.ts";
import { fetchStatusHistory, setLeadStatus, type AdminLead, type StatusEntry } from "./api.ts";
import { formatDateTimeShort } from "./format.ts";
import { he } from "./strings.ts";
import { LoadFailed, Spinner, field, label, primaryButton, quietButton } from "./ui.tsx";

export const STATUS_STYLE: Record<LeadStatus, string> = {
  new: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100",
  contacted: "bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100",
  quoted: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  won: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  lost: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
};

export function StatusBadge({ status, testId = "lead-status" }: { status: LeadStatus; testId?: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`} data-status={status} data-testid={testId}>
      {he.leads.statuses[status] ?? status}
    </span>
  );
}

/** A lead's place in the workflow: its status, a change with a required note, and the history. */
export default function LeadStatusPanel({ lead, onChanged }: { lead: AdminLead; onChanged(status: LeadStatus): void }) {
  const ids = useId();
  const toast = useToast((s) => s.show);
  const next = NEXT_STATUSES[lead.status];
  const [editing, setEditing] = useState(false);
  const [to, setTo] = useState<LeadStatus>(next[0]);
  const [note, setNote] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const [showHistory, setShowHistory] = useState(false);
  const [history, setHistory] = useState<StatusEntry[] | null>(null);
  const [historyFailed, setHistoryFailed] = useState(false);
  const [historyLoads, setHistoryLoads] = useState(0);

  useEffect(() => setTo(NEXT_STATUSES[lead.status][0]), [lead.status]);
  useEffect(() => {
    if (!showHistory) return;
    const ctl = new AbortController();
    setHistoryFailed(false);
    fetchStatusHistory(lead.id, ctl.signal)
      .then(setHistory)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch the lead's status history", e);
        setHistoryFailed(true);
      });
    return () => ctl.abort();
  }, [showHistory, lead.id, historyLoads]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    setSaving(true);
    setError("");
    try {
      const r = await setLeadStatus(lead.id, to, note.trim());
      setHistory((h) => (h ? [r.entry, ...h] : h));
      setNote("");
      setEditing(false);
      toast(he.leads.saved, "success");
      onChanged(r.status);
    } catch (err) {
      console.error("Failed to change the lead's status", err);
      setError(err instanceof ApiError && err.httpStatus < 500 ? `${he.leads.saveFailed}: ${err.message}` : he.leads.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mt-3 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-500 dark:text-slate-400">{he.leads.status}</span>
        <StatusBadge status={lead.status} />
        {lead.statusChangedAt && (
          <time dateTime={lead.statusChangedAt} className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {formatDateTimeShort(lead.statusChangedAt)}
          </time>
        )}
        <span className="ms-auto flex flex-wrap gap-2">
          {!editing && (
            <button type="button" className={`${quietButton} px-2.5 py-1 text-xs whitespace-nowrap`} onClick={() => setEditing(true)} aria-label={he.leads.changeFor(lead.fullName || lead.email)} data-testid="status-change">
              {he.leads.change}
            </button>
          )}
          <button
            type="button"
            className={`${quietButton} px-2.5 py-1 text-xs whitespace-nowrap`}
            aria-expanded={showHistory}
            aria-controls={`${ids}-history`}
            onClick={() => setShowHistory((s) => !s)}
            data-testid="status-history-toggle"
          >
            {he.leads.history}
          </button>
        </span>
      </div>

      {editing && (
        <form onSubmit={save} className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[12rem_minmax(0,1fr)] dark:bg-slate-800/60" data-testid="status-form">
          <div>
            <label htmlFor={`${ids}-to`} className={label}>
              {he.leads.newStatus}
            </label>
            <select id={`${ids}-to`} className={field} value={to} onChange={(e) => setTo(e.target.value as LeadStatus)}>
              {next.map((s) => (
                <option key={s} value={s}>
                  {he.leads.statuses[s]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-note`} className={label}>
              {he.leads.note}
              <span aria-hidden="true" className="ms-0.5 text-red-600 dark:text-red-400">
                *
              </span>
            </label>
            <textarea
              id={`${ids}-note`}
              className={`${field} min-h-16`}
              dir="auto"
              required
              aria-required="true"
              maxLength={NOTE_MAX}
              placeholder={he.leads.notePlaceholder}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300" dir="auto">
              {error}
            </p>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={saving || !note.trim()} data-testid="status-save">
              {saving && <Spinner />}
              {he.leads.save}
            </button>
            <button type="button" className={quietButton} onClick={() => (setEditing(false), setError(""))}>
              {he.leads.cancel}
            </button>
          </div>
        </form>
      )}

      {showHistory && (
        <div id={`${ids}-history`} className="mt-3" data-testid="status-history">
          {historyFailed ? (
            <LoadFailed text={he.failed} onRetry={() => setHistoryLoads((n) => n + 1)} className="py-2" />
          ) : !history ? (
            <Spinner />
          ) : history.length === 0 ? (
            <p className="text-slate-500 dark:text-slate-400">{he.leads.noHistory}</p>
          ) : (
            <ol className="space-y-2 border-s-2 border-slate-200 ps-3 dark:border-slate-700" aria-label={he.leads.history}>
              {history.map((h) => (
                <li key={h.id} data-testid="status-entry">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={h.from} testId="status-entry-from" />
                    <span aria-hidden="true">←</span>
                    <StatusBadge status={h.to} testId="status-entry-to" />
                    <time dateTime={h.at} className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                      {formatDateTimeShort(h.at)}
                    </time>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {he.leads.by} <bdi dir="ltr">{h.by}</bdi>
                    </span>
                    {he.leads.crmPush[h.crm] && <span className="text-xs text-slate-500 dark:text-slate-400">· {he.leads.crmPush[h.crm]}</span>}
                  </div>
                  <p className="mt-0.5 break-words whitespace-pre-line text-slate-800 dark:text-slate-200" dir="auto" data-testid="status-note">
                    {h.note}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
