/**
 * What replaces a lead form once its request is sent or saved on the device (issue 39): a heading
 * that takes the focus, who calls and by when (one business day of the published office hours, on
 * Cape Coral's clock), a summary of what was sent, an "Urgent? Call now" link to the office and a way
 * to send another. A request still waiting on the device says so, and promises nothing sooner.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { e164 } from "../../lib/phone";
import { replyBy, replyByText, type OfficeHours } from "../../lib/reply-by";
import { useLocale } from "./locale";

export interface SummaryRow {
  label: string;
  value: string;
}

interface Props {
  state: "sent" | "queued";
  /** The line under the heading once sent ("Thank you, Pat. Your request is in."). */
  thanks: string;
  /** What the visitor sent, in the form's order; empty values are left out. */
  summary: SummaryRow[];
  /** Where the office answers: the visitor's phone (called), else their e-mail (written to). */
  replyTo: { phone?: string; email: string };
  /** The office's published hours (site.json `hours`). */
  hours: OfficeHours;
  /** When the request was sent (the reply is due one business day later). */
  sentAt: number;
  /** The office's phone. */
  phone: string;
  /** 2 on a page whose heading is the form's (/contact), 3 inside a section (the landing page, a product). */
  level?: 2 | 3;
  /** The queued notice, the site-visit link, photos still to go: under the promise. */
  children?: ReactNode;
  onAnother(): void;
  /** Extra actions beside 'Send another request' (a product page's way back to the catalogue). */
  actions?: ReactNode;
}

export function SentPanel({ state, thanks, summary, replyTo, hours, sentAt, phone, level = 2, children, onAnother, actions }: Props) {
  const { t, locale } = useLocale();
  const c = t.confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel takes the form's place: the focus goes to its heading, so a screen reader reads it
  // and a keyboard continues from there (the button that had it is gone).
  useEffect(() => heading.current?.focus(), [state]);
  const due = state === "sent" ? replyBy(new Date(sentAt), hours) : null;
  const when = due ? replyByText(due, new Date(sentAt), locale) : null;
  const H = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="sent-panel-heading" className="grid gap-4" data-testid="sent-panel" data-state={state}>
      <div className="flex items-center gap-3">
        <span
          className={`flex size-12 shrink-0 items-center justify-center rounded-full ${state === "sent" ? "bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200" : "bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100"}`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d={state === "sent" ? "M5 13l4 4L19 7" : "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z"} />
          </svg>
        </span>
        <H ref={heading} id="sent-panel-heading" tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none dark:text-white">
          {state === "sent" ? t.sent : c.queuedTitle}
        </H>
      </div>
      {state === "sent" && (
        <div className="text-base text-slate-800 dark:text-slate-100">
          <p>{thanks}</p>
          {when && (
            <p className="mt-1 font-semibold" data-testid="reply-by">
              {replyTo.phone ? c.callBy(replyTo.phone, when) : c.mailBy(replyTo.email, when)}
            </p>
          )}
        </div>
      )}
      {children}
      {state === "queued" && <p className="text-sm text-slate-700 dark:text-slate-300">{c.queuedThen}</p>}
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">{c.summary}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="sent-summary">
          {summary
            .filter((r) => r.value.trim())
            .map((r) => (
              <div key={r.label} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{r.label}</dt>
                <dd className="min-w-0 break-words whitespace-pre-line text-slate-900 dark:text-slate-100" dir="auto">
                  {r.value}
                </dd>
              </div>
            ))}
        </dl>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <a href={`tel:${e164(phone)}`} className="btn-brand" data-testid="urgent-call">
          {c.urgent} <span className="whitespace-nowrap">{phone}</span>
        </a>
        <button type="button" onClick={onAnother} className="min-h-11 rounded-lg px-3 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-200 dark:hover:text-white">
          {c.another}
        </button>
        {actions}
      </div>
    </section>
  );
}
