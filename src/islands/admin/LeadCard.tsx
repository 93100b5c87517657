import { useState, type ReactNode } from "react";
import type { AdminLead } from "./api.ts";
import { formatDateTimeShort, formatPhone, formatUsd, mapHref, telHref } from "./format.ts";
import { AgeBadge, AnswerBadge, RelatedLeads } from "./LeadTriage.tsx";
import { StatusBadge } from "./LeadStatus.tsx";
import { rangeOf } from "../../lib/estimate.ts";
import LeadPhotos from "./LeadPhotos.tsx";
import { he } from "./strings.ts";
import { Spinner, primaryButton, quietButton } from "./ui.tsx";
import { v as vs } from "./visits/strings.ts";
import { dayShort } from "./visits/days.ts";

export const CRM_STYLE: Record<string, string> = {
  synced: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  pending: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  disabled: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  preview: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
};
const KIND_STYLE: Record<string, string> = {
  quote: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  inquiry: "bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100",
};
const link = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100";

function Row({ label, children, className = "flex" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`${className || "flex"} min-w-0 gap-2`}>
      <dt className="w-24 shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

interface Props {
  lead: AdminLead;
  retrying: boolean;
  onRetry(lead: AdminLead): void;
  /** 'Not spam' on a lead held as possible spam. */
  onRelease?(lead: AdminLead): void;
  /** 'התקשרתי': records the first call (issue 34). */
  onCalled?(lead: AdminLead): void;
  /** The status workflow's part of the card (status, note, history). */
  children?: ReactNode;
  /** Opens another lead alone (a duplicate's or a returning customer's other request). */
  onOpenLead?(id: string): void;
  /** Open on a phone too (one lead shown alone, from a link or an alert). */
  defaultOpen?: boolean;
}

/**
 * One lead as the office reads it: who, what, how to reach them, and where it stands in the CRM.
 * Its first lines triage it (issue 39): age, overdue, duplicate or returning customer, status and
 * amount, call. On a phone that is all the card shows until 'פרטים ופעולות' opens the rest.
 */
export default function LeadCard({ lead: l, retrying, onRetry, onRelease, onCalled, onOpenLead, defaultOpen = false, children }: Props) {
  // A held lead shows everything: it is read before it is released.
  const [open, setOpen] = useState(defaultOpen || !!l.spamReason);
  const tel = telHref(l.phone, l.phoneE164, l.phoneExt);
  const who = l.fullName || l.email;
  return (
    <article
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="lead-row"
      data-lead-id={l.id}
      aria-labelledby={`lead-${l.id}-name`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${KIND_STYLE[l.kind] ?? ""}`} data-testid="lead-kind">
          {he.leads.kindsShort[l.kind] ?? l.kind}
        </span>
        {l.language === "es" && (
          <span
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
            lang="es"
            title={he.leads.spanishTitle}
            data-testid="lead-language"
          >
            {he.leads.spanish}
            <span className="sr-only"> · {he.leads.spanishTitle}</span>
          </span>
        )}
        <span className="min-w-0 font-semibold text-slate-800 dark:text-slate-100" data-testid="lead-subject">
          <bdi>{l.kind === "inquiry" && l.productName ? l.productName : l.subject || "—"}</bdi>
        </span>
        <span className="ms-auto">
          <AgeBadge createdAt={l.createdAt} />
        </span>
      </header>

      {l.spamReason && (
        <div
          className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
          data-testid="lead-held"
        >
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">{he.leads.held}:</strong> {he.leads.heldReasons[l.spamReason] ?? l.spamReason}.
            {l.deleteAfter && <span className="block text-xs text-amber-900 dark:text-amber-200">{he.leads.heldUntil(formatDateTimeShort(l.deleteAfter))}</span>}
          </p>
          {onRelease && (
            <button
              type="button"
              className={`${primaryButton} whitespace-nowrap`}
              onClick={() => onRelease(l)}
              disabled={retrying}
              aria-label={he.leads.releaseFor(who)}
              data-testid="lead-release"
            >
              {retrying && <Spinner className="size-3" />}
              {he.leads.release}
            </button>
          )}
        </div>
      )}

      <div className="mt-1 flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`lead-${l.id}-name`} className="min-w-0 text-base font-bold text-slate-900 sm:text-lg dark:text-white" dir="auto">
            {l.fullName || "—"}
          </h3>
          {/* On a phone the card is a line or two: status and amount here, the rest behind 'פרטים'. */}
          {!l.spamReason && (
            <span className="flex items-center gap-2 md:hidden">
              <StatusBadge status={l.status} testId="lead-status-compact" />
              {l.amount !== null && (
                <span className="text-sm font-semibold tabular-nums">
                  <bdi dir="ltr">{formatUsd(l.amount)}</bdi>
                </span>
              )}
            </span>
          )}
          {l.answerDue && <AnswerBadge due={l.answerDue} />}
        </div>
        {!l.spamReason && (
          <button
            type="button"
            className={`${quietButton} min-h-11 shrink-0 px-2.5 whitespace-nowrap md:hidden`}
            aria-expanded={open}
            aria-controls={`lead-${l.id}-details`}
            aria-label={open ? he.leads.lessFor(who) : he.leads.moreFor(who)}
            onClick={() => setOpen((o) => !o)}
            data-testid="lead-more"
          >
            {open ? he.leads.lessShort : he.leads.moreShort}
            <span aria-hidden="true">{open ? "▴" : "▾"}</span>
          </button>
        )}
      </div>
      <RelatedLeads lead={l} onOpen={onOpenLead} />
      <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="lead-first-contact">
        {tel && (
          <a
            href={tel}
            className={`${quietButton} min-h-11 px-2.5 whitespace-nowrap md:hidden`}
            dir="ltr"
            aria-label={`${he.leads.call(who)}: ${formatPhone(l.phone)}`}
            data-testid="lead-call"
          >
            <span aria-hidden="true">✆</span>
            {formatPhone(l.phone)}
          </a>
        )}
        {!l.spamReason &&
          onCalled &&
          (l.firstContact || l.status === "new") &&
          (l.firstContact ? (
            <p className="text-xs text-emerald-800 dark:text-emerald-200">
              <span aria-hidden="true">✓ </span>
              {he.leads.firstContact(formatDateTimeShort(l.firstContact.at))}, <bdi>{l.firstContact.by}</bdi>
            </p>
          ) : (
            <button
              type="button"
              className={`${primaryButton} min-h-11 whitespace-nowrap`}
              onClick={() => onCalled(l)}
              disabled={retrying}
              aria-label={he.leads.calledFor(who)}
              data-testid="lead-called"
            >
              {retrying ? <Spinner className="size-3" /> : <span aria-hidden="true">✓</span>}
              {he.leads.called}
            </button>
          ))}
      </div>

      <div id={`lead-${l.id}-details`} className={open ? "" : "hidden md:block"} data-testid="lead-details">
        <div className="mt-2 grid gap-x-6 gap-y-3 md:grid-cols-2">
          <dl className="space-y-1.5 text-sm text-slate-800 dark:text-slate-200">
            <Row label={he.leads.phone} className={tel ? "hidden md:flex" : ""}>
              {tel ? (
                <a href={tel} className={`${link} whitespace-nowrap`} dir="ltr" aria-label={`${he.leads.call(who)}: ${formatPhone(l.phone)}`} data-testid="lead-tel">
                  {formatPhone(l.phone)}
                </a>
              ) : (
                "—"
              )}
            </Row>
            <Row label={he.leads.email}>
              <a href={`mailto:${l.email}`} className={`${link} break-all`} dir="ltr" data-testid="lead-mail">
                {l.email}
              </a>
            </Row>
            {l.address && (
              <Row label={he.leads.address}>
                <bdi data-testid="lead-address">{l.address}</bdi>{" "}
                <a
                  href={mapHref(l.address)}
                  target="_blank"
                  rel="noopener"
                  className={`${link} whitespace-nowrap`}
                  aria-label={he.leads.mapLabel(l.address)}
                  data-testid="lead-map"
                >
                  ({he.leads.map})
                </a>
              </Row>
            )}
            {l.kind === "inquiry" && l.productId && (
              <Row label={he.leads.product}>
                <a href={`/products/${encodeURIComponent(l.productId)}`} className={link}>
                  <bdi>{l.productName || l.productId}</bdi>
                </a>
              </Row>
            )}
            {l.sms?.consent && (
              <Row label={he.leads.sms}>
                <span data-testid="lead-sms" data-state={l.sms.state ?? "none"}>
                  {l.sms.state ? (he.leads.smsStates[l.sms.state] ?? l.sms.state) : he.leads.smsConsentOnly}
                </span>
              </Row>
            )}
            {l.kind === "quote" && l.subject && (
              <Row label={he.leads.service}>
                <bdi>{l.subject}</bdi>
              </Row>
            )}
          </dl>

          <div className="min-w-0 space-y-2 text-sm">
            {l.estimate && (
              <div className="rounded-lg border border-brand-200 bg-brand-50 p-2.5 dark:border-brand-800 dark:bg-brand-900/40" data-testid="lead-estimate">
                <p className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300" title={he.leads.estimateHint}>
                  {he.leads.estimate}
                  {l.estimate.sample && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                      {he.leads.estimateSample}
                    </span>
                  )}
                </p>
                <p className="text-lg font-bold text-slate-900 tabular-nums dark:text-white" data-testid="lead-estimate-range">
                  <bdi dir="ltr">{rangeOf(l.estimate)}</bdi>
                </p>
                <ul dir="ltr" lang="en" className="mt-1 space-y-0.5 text-start text-xs text-slate-700 dark:text-slate-300" data-testid="lead-estimate-lines">
                  {l.estimate.lines.slice(1).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            )}
            {l.message && (
              <div>
                <p className="text-slate-500 dark:text-slate-400">{he.leads.details}</p>
                <p className="mt-0.5 break-words whitespace-pre-line text-slate-800 dark:text-slate-200" dir="auto" data-testid="lead-message">
                  {l.message}
                </p>
              </div>
            )}
            {l.photoCount > 0 && <LeadPhotos leadId={l.id} count={l.photoCount} who={who} />}
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-slate-500 dark:text-slate-400">{he.leads.crm}</span>
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${CRM_STYLE[l.crmState] ?? CRM_STYLE.disabled}`}
                data-state={l.crmState}
              >
                {he.leads.states[l.crmState] ?? l.crmState}
              </span>
              {l.crmState === "disabled" && !l.crmRetry ? (
                <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="lead-crm-off">
                  {he.leads.crmOff}
                </span>
              ) : (
                <span className="text-xs text-slate-500 dark:text-slate-400">{he.leads.attempts(l.attempts)}</span>
              )}
              {l.crmRetry && (
                <button
                  type="button"
                  className={`${quietButton} px-2.5 py-1 text-xs whitespace-nowrap`}
                  onClick={() => onRetry(l)}
                  disabled={retrying}
                  aria-label={`${he.leads.retry}: ${who}`}
                  data-testid="lead-retry"
                >
                  {retrying && <Spinner className="size-3" />}
                  {he.leads.retry}
                </button>
              )}
            </div>
            {l.visit && (
              <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="lead-visit" data-status={l.visit.status}>
                <span className="text-slate-500 dark:text-slate-400">{vs.leadLine}: </span>
                <span className="tabular-nums">
                  {dayShort(l.visit.slot.date)} <bdi dir="ltr">{l.visit.slot.time}</bdi>
                </span>
                {" · "}
                {vs.statuses[l.visit.status]}{" "}
                <a href="#calendar" className={`${link} whitespace-nowrap`}>
                  ({vs.toCalendar})
                </a>
              </p>
            )}
            {l.released && (
              <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="lead-released">
                {he.leads.releasedNote(formatDateTimeShort(l.released.at), l.released.by)}
              </p>
            )}
            {l.lastError && (
              <p className="truncate text-xs text-red-700 dark:text-red-300" dir="ltr" title={l.lastError}>
                {l.lastError}
              </p>
            )}
          </div>
        </div>
        {children}
      </div>
    </article>
  );
}
