import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { AMOUNT_STATUSES, NEXT_STATUSES, NOTE_MAX, isBackward, type LeadStatus } from "../../lib/lead-status.ts";
import { useToast } from "../../lib/stores/toast.ts";
import { fetchStatusHistory, setLeadStatus, type AdminLead, type StatusEntry } from "./api.ts";
import { formatDateTimeShort, formatUsd } from "./format.ts";
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

/** '18,400', '$18,400.50', ' 18400 ' → 18400 or 18400.5; '' → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[$,\s]/g, "");
  if (!t) return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

type FieldError = { field: "amount" | "note" | null; text: string };

/**
 * A lead's place in the workflow (issue 39): its status and amount, one button per allowed next
 * step (forward first, so a quoted lead's first action is 'נחתם'), and for the chosen step a short
 * form: the amount for quoted and won, a reason for lost (required), a note otherwise (optional).
 */
export default function LeadStatusPanel({ lead, onChanged }: { lead: AdminLead; onChanged(status: LeadStatus, amount: number | null): void }) {
  const ids = useId();
  const toast = useToast((s) => s.show);
  const next = NEXT_STATUSES[lead.status];
  const who = lead.fullName || lead.email;
  const [to, setTo] = useState<LeadStatus | null>(null);
  const [note, setNote] = useState("");
  const [amount, setAmount] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [history, setHistory] = useState<StatusEntry[] | null>(null);
  const [historyFailed, setHistoryFailed] = useState(false);
  const [historyLoads, setHistoryLoads] = useState(0);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => setTo(null), [lead.status]);
  // The chosen step's first field takes the focus (the amount, else the note).
  useEffect(() => {
    if (to) (amountRef.current ?? noteRef.current)?.focus();
  }, [to]);
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

  const choose = (s: LeadStatus) => {
    setTo((t) => (t === s ? null : s));
    setAmount(lead.amount ? String(lead.amount) : "");
    setNote("");
    setError(null);
  };
  const withAmount = to !== null && AMOUNT_STATUSES.includes(to);
  // The same status again is the amount revised (a quoted or won lead), not a move.
  const moveName = (s: LeadStatus) => (s === lead.status ? he.leads.reviseAmount : isBackward(lead.status, s) ? he.leads.moveBack : he.leads.moveTo[s]);

  const fail = (e: FieldError) => {
    setError(e);
    (e.field === "amount" ? amountRef : e.field === "note" ? noteRef : null)?.current?.focus();
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!to) return;
    const dollars = withAmount ? parseAmount(amount) : null;
    if (Number.isNaN(dollars)) return fail({ field: "amount", text: he.leads.amountBad });
    if (to === lead.status && dollars === null) return fail({ field: "amount", text: he.leads.amountMissing });
    if (to === "lost" && !note.trim()) return fail({ field: "note", text: he.leads.lostWhyMissing });
    setSaving(true);
    setError(null);
    try {
      const r = await setLeadStatus(lead.id, to, note.trim(), dollars);
      setHistory((h) => (h ? [r.entry, ...h] : h));
      setTo(null);
      toast(he.leads.saved, "success");
      onChanged(r.status, r.entry.amount ?? lead.amount);
    } catch (err) {
      console.error("Failed to change the lead's status", err);
      // The server names the field it refused: the message says it in Hebrew, at the field.
      if (err instanceof ApiError && err.httpStatus === 400 && err.field === "amount") fail({ field: "amount", text: he.leads.amountBad });
      else if (err instanceof ApiError && err.httpStatus === 400 && err.field === "note") fail({ field: "note", text: he.leads.lostWhyMissing });
      else
        fail({
          field: null,
          text: err instanceof ApiError && err.httpStatus < 500 ? `${he.leads.saveFailed}: ${err.message}` : he.leads.saveFailed,
        });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mt-3 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-500 dark:text-slate-400">{he.leads.status}</span>
        <StatusBadge status={lead.status} />
        {lead.amount !== null && (
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="lead-amount">
            <bdi dir="ltr">{formatUsd(lead.amount)}</bdi>
          </span>
        )}
        {/* A quoted or won lead's amount can be revised where it is shown, without a move. */}
        {AMOUNT_STATUSES.includes(lead.status) && (
          <button
            type="button"
            className={`${quietButton} px-2.5 py-1 text-xs whitespace-nowrap`}
            aria-expanded={to === lead.status}
            aria-controls={to === lead.status ? `${ids}-form` : undefined}
            onClick={() => choose(lead.status)}
            data-testid="status-revise-amount"
          >
            {he.leads.reviseAmount}
          </button>
        )}
        {lead.statusChangedAt && (
          <time dateTime={lead.statusChangedAt} className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {formatDateTimeShort(lead.statusChangedAt)}
          </time>
        )}
        <button
          type="button"
          className={`${quietButton} ms-auto px-2.5 py-1 text-xs whitespace-nowrap`}
          aria-expanded={showHistory}
          aria-controls={`${ids}-history`}
          onClick={() => setShowHistory((s) => !s)}
          data-testid="status-history-toggle"
        >
          {he.leads.history}
        </button>
      </div>

      <div role="group" aria-label={he.leads.movesFor(who)} className="mt-2 flex flex-wrap gap-2" data-testid="status-moves">
        {next.map((s, i) => {
          const back = isBackward(lead.status, s);
          const style = back ? `${quietButton} text-xs` : i === 0 ? primaryButton : s === "lost" ? `${quietButton} text-red-800 dark:text-red-200` : quietButton;
          return (
            <button
              key={s}
              type="button"
              className={`${style} min-h-10 whitespace-nowrap`}
              aria-expanded={to === s}
              aria-controls={to === s ? `${ids}-form` : undefined}
              onClick={() => choose(s)}
              data-testid="status-move"
              data-to={s}
            >
              {back && <span aria-hidden="true">↩</span>}
              {moveName(s)}
            </button>
          );
        })}
      </div>

      {to && (
        <form
          id={`${ids}-form`}
          onSubmit={save}
          noValidate
          aria-label={he.leads.moveTitle(moveName(to))}
          className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[12rem_minmax(0,1fr)] dark:bg-slate-800/60"
          data-testid="status-form"
          data-to={to}
        >
          {withAmount && (
            <div>
              <label htmlFor={`${ids}-amount`} className={label}>
                {he.leads.amount}
              </label>
              <div className="relative" dir="ltr">
                <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500 dark:text-slate-400">
                  $
                </span>
                <input
                  ref={amountRef}
                  id={`${ids}-amount`}
                  className={`${field} ps-7 tabular-nums`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="18,400"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={error?.field === "amount" || undefined}
                  aria-describedby={`${ids}-amount-hint${error?.field === "amount" ? ` ${ids}-error` : ""}`}
                  data-testid="status-amount"
                />
              </div>
              <p id={`${ids}-amount-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {he.leads.amountHint}
              </p>
            </div>
          )}
          <div className={withAmount ? "" : "sm:col-span-2"}>
            <label htmlFor={`${ids}-note`} className={label}>
              {to === "lost" ? he.leads.lostWhy : he.leads.noteOptional}
              {to === "lost" && (
                <span aria-hidden="true" className="ms-0.5 text-red-600 dark:text-red-400">
                  *
                </span>
              )}
            </label>
            <textarea
              ref={noteRef}
              id={`${ids}-note`}
              className={`${field} min-h-16`}
              dir="auto"
              required={to === "lost"}
              aria-required={to === "lost" || undefined}
              aria-invalid={error?.field === "note" || undefined}
              aria-describedby={error?.field === "note" ? `${ids}-error` : undefined}
              maxLength={NOTE_MAX}
              placeholder={to === "lost" ? he.leads.lostPlaceholder : he.leads.notePlaceholder}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              data-testid="status-note-input"
            />
          </div>
          {error && (
            <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 dark:text-red-300" dir="auto" data-testid="status-error">
              {error.text}
            </p>
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={saving} data-testid="status-save">
              {saving && <Spinner />}
              {he.leads.confirmMove(moveName(to))}
            </button>
            <button type="button" className={quietButton} onClick={() => (setTo(null), setError(null))}>
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
                    {h.from === h.to ? (
                      <>
                        <StatusBadge status={h.to} testId="status-entry-to" />
                        <span className="text-xs font-semibold text-slate-700 dark:text-slate-300" data-testid="status-entry-revised">
                          {he.leads.reviseAmount}
                        </span>
                      </>
                    ) : (
                      <>
                        <StatusBadge status={h.from} testId="status-entry-from" />
                        <span aria-hidden="true">←</span>
                        <StatusBadge status={h.to} testId="status-entry-to" />
                      </>
                    )}
                    <time dateTime={h.at} className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                      {formatDateTimeShort(h.at)}
                    </time>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {he.leads.by} <bdi dir="ltr">{h.by}</bdi>
                    </span>
                    {h.amount !== null && (
                      <span className="text-xs font-semibold text-slate-800 tabular-nums dark:text-slate-200" data-testid="status-entry-amount">
                        <bdi dir="ltr">{formatUsd(h.amount)}</bdi>
                      </span>
                    )}
                    {he.leads.crmPush[h.crm] && <span className="text-xs text-slate-500 dark:text-slate-400">· {he.leads.crmPush[h.crm]}</span>}
                  </div>
                  {h.note && (
                    <p className="mt-0.5 break-words whitespace-pre-line text-slate-800 dark:text-slate-200" dir="auto" data-testid="status-note">
                      {h.note}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
