/** The lead card's triage marks (issue 39): its age, its wait against the promise, and the same person's other requests. */
import type { AdminLead, LeadAnswerDue, RelatedLead } from "./api.ts";
import { formatAgo, formatDate, formatDateTimeShort } from "./format.ts";
import { he } from "./strings.ts";

const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap";
const link = "font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100";

/** Business time in the largest sensible unit: '7 שעות עבודה', '40 דק׳ עבודה'. */
function workTime(secs: number): string {
  const s = Math.max(0, secs);
  return s < 3600 ? he.leads.workMinutes(Math.max(1, Math.round(s / 60))) : he.leads.workHours(Math.round(s / 3600));
}

/** 'התקבלה לפני 3 שעות', with the exact time on hover and for screen readers. */
export function AgeBadge({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} title={formatDateTimeShort(createdAt)} className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400" data-testid="lead-age">
      <span className="sr-only">{he.leads.ageSr} </span>
      {he.leads.age(formatAgo(createdAt))}
    </time>
  );
}

/** An unanswered lead: red 'באיחור' past one business day, else the business time left. */
export function AnswerBadge({ due }: { due: LeadAnswerDue }) {
  if (due.overdue)
    return (
      <span className={`${pill} bg-red-700 text-white dark:bg-red-500 dark:text-slate-950`} data-testid="lead-overdue" title={he.leads.hoursNote}>
        <span aria-hidden="true">⚠</span>
        {he.leads.overdue}
        <span className="sr-only">{he.leads.overdueSr(workTime(due.waitingSeconds - due.promiseSeconds))}</span>
      </span>
    );
  return (
    <span className={`${pill} bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100`} data-testid="lead-waiting" title={he.leads.hoursNote}>
      {he.leads.waiting(workTime(due.promiseSeconds - due.waitingSeconds))}
      <span className="sr-only"> {he.leads.waitingSr}</span>
    </span>
  );
}

/**
 * 'כפולה' (the same person asked again within two weeks) or 'לקוח חוזר' (they asked before), and
 * links to those requests: each opens that lead alone, as the office e-mail's link does.
 */
export function RelatedLeads({ lead, onOpen }: { lead: AdminLead; onOpen?(id: string): void }) {
  const rel = lead.related;
  if (!rel.length) return null;
  const duplicates = rel.filter((r) => r.relation === "duplicate").length;
  const returning = rel.some((r) => r.relation === "earlier");
  const open = (e: React.MouseEvent, r: RelatedLead) => {
    if (!onOpen || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    onOpen(r.id);
  };
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" data-testid="lead-related">
      {duplicates > 0 && (
        <span className={`${pill} bg-orange-100 text-orange-950 dark:bg-orange-900/60 dark:text-orange-100`} data-testid="lead-duplicate">
          {he.leads.duplicate(duplicates + 1)}
          <span className="sr-only">: {he.leads.duplicateSr}</span>
        </span>
      )}
      {returning && (
        <span className={`${pill} bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100`} data-testid="lead-returning">
          {he.leads.returning}
          <span className="sr-only">: {he.leads.returningSr}</span>
        </span>
      )}
      <ul aria-label={he.leads.related} className="contents">
        {rel.slice(0, 3).map((r) => (
          <li key={r.id} className="inline">
            <a href={`/admin?lead=${r.id}`} onClick={(e) => open(e, r)} className={link} data-testid="lead-related-link" data-relation={r.relation}>
              {he.leads.relation[r.relation]} · {formatDate(r.createdAt)} · {he.leads.statuses[r.status]}
            </a>
          </li>
        ))}
        {rel.length > 3 && <li className="inline text-slate-600 dark:text-slate-400">+{rel.length - 3}</li>}
      </ul>
    </div>
  );
}
