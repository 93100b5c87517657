import { useEffect, useId, useState } from "react";
import { useToast } from "../../lib/stores/toast.ts";
import { downloadLeadsCsv, fetchLeads, markContacted, releaseLead, retryLead, type AdminLead, type LeadsFilter, type LeadsPage } from "./api.ts";
import LeadCard from "./LeadCard.tsx";
import LeadStatusPanel from "./LeadStatus.tsx";
import { LEAD_STATUSES, type LeadStatus } from "../../lib/lead-status.ts";
import { he } from "./strings.ts";
import { Card, LoadFailed, Skeleton, Spinner, field, formatNumber, label, quietButton, useDebounced } from "./ui.tsx";

/**
 * The dashboard's first card: how many leads came in this week, then every quote request and
 * inquiry, newest first, filtered on the server, as cards that fit a phone; CSV of the same filter.
 */
export default function LeadsList() {
  const ids = useId();
  const [page, setPage] = useState(1);
  // The office e-mail links to /admin?lead=<id>: open on that lead alone.
  const [filter, setFilter] = useState<LeadsFilter>(() => ({
    kind: "",
    status: "",
    held: "",
    q: "",
    id: leadFromUrl(),
  }));
  // What the office types shows at once; the list follows when typing pauses.
  const [search, setSearch] = useState("");
  const searched = useDebounced(search.trim(), 300);
  const [answer, setAnswer] = useState<LeadsPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const toast = useToast((s) => s.show);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    fetchLeads(page, filter, ctl.signal)
      .then((a) => (setAnswer(a), setFailed(false)))
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch leads", e);
        setFailed(true);
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
  }, [page, filter, reloads]);

  const reload = () => setReloads((n) => n + 1);
  const narrow = (f: Partial<LeadsFilter>) => {
    setFilter((old) => ({ ...old, id: undefined, ...f }));
    if (leadFromUrl()) history.replaceState(history.state, "", location.pathname + location.hash);
    setPage(1);
  };
  useEffect(() => {
    if (searched !== (filter.q ?? "")) narrow({ q: searched });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  const retry = async (lead: AdminLead) => {
    setBusy(lead.id);
    try {
      await retryLead(lead.id);
      toast(he.leads.retried, "success");
      reload();
    } catch (e) {
      console.error("Failed to re-queue lead", e);
      toast(he.leads.retryFailed, "error");
    } finally {
      setBusy(null);
    }
  };

  // 'Not spam': the lead leaves the held list and goes to the office and Zoho like any other.
  const release = async (lead: AdminLead) => {
    setBusy(lead.id);
    try {
      await releaseLead(lead.id);
      toast(he.leads.released, "success");
      reload();
    } catch (e) {
      console.error("Failed to release lead", e);
      toast(he.leads.releaseFailed, "error");
    } finally {
      setBusy(null);
    }
  };

  // 'התקשרתי', on the card or from an alert's action (the service worker's message, below).
  const called = async (lead: Pick<AdminLead, "id">) => {
    setBusy(lead.id);
    try {
      const r = await markContacted(lead.id);
      toast(he.leads.calledDone, "success");
      setAnswer(
        (a) =>
          a && {
            ...a,
            data: a.data.map((l) =>
              l.id === lead.id
                ? {
                    ...l,
                    status: r.status,
                    answerDue: null,
                    firstContact: { at: r.firstContactAt, by: r.by },
                  }
                : l,
            ),
          },
      );
    } catch (e) {
      console.error("Failed to record the first call", e);
      toast(he.leads.calledFailed, "error");
    } finally {
      setBusy(null);
    }
  };
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      const lead = (e.data as { type?: unknown; lead?: unknown } | null)?.type === "called" ? (e.data as { lead: unknown }).lead : null;
      if (typeof lead === "string" && LEAD_ID.test(lead)) void called({ id: lead });
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    // Messages sent before this listener (the worker opened this page) wait until it starts them.
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLeadsCsv(filter);
    } catch (e) {
      console.error("Failed to export leads", e);
      toast(he.failed, "error");
    } finally {
      setExporting(false);
    }
  };

  // The card shows its new status at once; a status filter reloads so the list stays true to it.
  const changed = (id: string, status: LeadStatus, amount: number | null) => {
    setAnswer(
      (a) =>
        a && {
          ...a,
          data: a.data.map((l) =>
            l.id === id
              ? {
                  ...l,
                  status,
                  amount,
                  answerDue: null,
                  statusChangedAt: new Date().toISOString(),
                }
              : l,
          ),
        },
    );
    if (filter.status) reload();
  };

  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const filtered = !!(filter.kind || filter.status || filter.id || filter.q);

  // Another request of the same person (issue 39): that lead alone, linkable like the e-mail's link.
  const openLead = (id: string) => {
    setFilter({ kind: "", status: "", held: "", q: "", id });
    setSearch("");
    history.pushState(history.state, "", `${location.pathname}?lead=${id}${location.hash}`);
    setPage(1);
    document.getElementById("card-leads")?.scrollIntoView({ block: "start" });
  };
  const heldView = filter.held === "only" && !filter.id;

  return (
    <Card
      id="card-leads"
      title={he.leads.title}
      actions={
        <button type="button" className={`${quietButton} whitespace-nowrap`} onClick={exportCsv} disabled={exporting} data-testid="leads-csv">
          {exporting ? <Spinner /> : <span aria-hidden="true">⤓</span>}
          {he.leads.csv}
        </button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <p className="me-auto flex items-baseline gap-2" data-testid="leads-recent">
          <span className="text-3xl font-extrabold tabular-nums text-brand-700 dark:text-brand-100">{answer ? formatNumber(answer.recent) : "—"}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">{he.leads.recent}</span>
        </p>
        {filter.id && (
          <p
            className="flex w-full flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900/60 dark:text-brand-100"
            data-testid="leads-one"
          >
            {he.leads.one}
            <button type="button" className={quietButton} onClick={() => narrow({})}>
              {he.leads.showAll}
            </button>
          </p>
        )}
        <div role="group" aria-label={he.leads.views} className="flex w-full flex-wrap gap-2 sm:w-auto" data-testid="leads-views">
          {(["", "only"] as const).map((v) => (
            <button
              key={v || "real"}
              type="button"
              aria-pressed={(filter.held ?? "") === v}
              onClick={() => narrow({ held: v })}
              className={`${quietButton} aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-900/60 dark:aria-pressed:text-white`}
              data-testid={v ? "view-held" : "view-real"}
            >
              {v ? he.leads.viewHeld : he.leads.viewReal}
              {v && answer && answer.held > 0 && (
                <span
                  className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold tabular-nums text-amber-950 dark:bg-amber-700 dark:text-white"
                  aria-label={he.leads.heldCount(formatNumber(answer.held))}
                >
                  {formatNumber(answer.held)}
                </span>
              )}
            </button>
          ))}
        </div>
        <fieldset className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          <legend className="sr-only">{he.leads.filters}</legend>
          <div className="min-w-0 flex-1 basis-full sm:basis-56">
            <label htmlFor={`${ids}-q`} className={label}>
              {he.leads.search}
            </label>
            <input
              id={`${ids}-q`}
              type="search"
              className={field}
              dir="auto"
              autoComplete="off"
              maxLength={100}
              placeholder={he.leads.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => e.key === "Enter" && narrow({ q: search.trim() })}
              aria-controls={`${ids}-list`}
              data-testid="leads-search"
            />
          </div>
          <div>
            <label htmlFor={`${ids}-kind`} className={label}>
              {he.leads.kind}
            </label>
            <select
              id={`${ids}-kind`}
              className={`${field} w-auto`}
              value={filter.kind ?? ""}
              onChange={(e) => narrow({ kind: e.target.value as LeadsFilter["kind"] })}
              data-testid="filter-kind"
            >
              <option value="">{he.leads.all}</option>
              {Object.entries(he.leads.kinds).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-status`} className={label}>
              {he.leads.status}
            </label>
            <select
              id={`${ids}-status`}
              className={`${field} w-auto`}
              value={filter.status ?? ""}
              onChange={(e) => narrow({ status: e.target.value as LeadsFilter["status"] })}
              data-testid="filter-status"
            >
              <option value="">{he.leads.all}</option>
              {LEAD_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {he.leads.statuses[st]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      </div>

      {heldView && (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100" data-testid="held-note">
          {he.leads.heldNote}
        </p>
      )}
      {failed ? (
        <LoadFailed text={he.failed} onRetry={reload} />
      ) : !answer ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : answer.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          {filtered ? he.leads.emptyFiltered : heldView ? he.leads.heldEmpty : he.leads.empty}
        </p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {loading ? <Spinner className="size-3" /> : he.leads.total(formatNumber(answer.total))}
          </p>
          <ol id={`${ids}-list`} className="space-y-3" aria-label={he.leads.list} data-testid="leads-list" aria-busy={loading}>
            {answer.data.map((l) => (
              <li key={l.id}>
                <LeadCard lead={l} retrying={busy === l.id} onRetry={retry} onRelease={release} onCalled={called} onOpenLead={openLead} defaultOpen={!!filter.id}>
                  {/* A held lead enters the office's workflow once released. */}
                  {!l.spamReason && <LeadStatusPanel lead={l} onChanged={(st, amount) => changed(l.id, st, amount)} />}
                </LeadCard>
              </li>
            ))}
          </ol>
          {pages > 1 && (
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
          )}
        </>
      )}
    </Card>
  );
}

const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lead named by `?lead=` in the address, when it is a lead id. */
function leadFromUrl(): string | undefined {
  const id = new URLSearchParams(location.search).get("lead") ?? "";
  return LEAD_ID.test(id) ? id : undefined;
}
