/**
 * One visit as the office reads it on a phone: the time, who (a link to the lead's card), how to
 * reach them and where, how it was booked, and its status, which the office sets with one tap; the
 * visit can be moved to another day and time (the visitor gets a new confirmation).
 */
import { useId, useState } from "react";
import type { AdminVisit, VisitState } from "../../../lib/contracts/visits.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useToast } from "../../../lib/stores/toast.ts";
import { formatPhone, mapHref, telHref } from "../format.ts";
import { Spinner, field, primaryButton, quietButton } from "../ui.tsx";
import SlotChooser from "./SlotChooser.tsx";
import { changeVisit } from "./visits-api.ts";
import { endTime } from "./days.ts";
import { v } from "./strings.ts";

export const STATUS_STYLE: Record<VisitState, string> = {
  scheduled: "border-s-brand-600 dark:border-s-brand-300",
  done: "border-s-emerald-600 dark:border-s-emerald-400",
  "no-show": "border-s-amber-500",
  cancelled: "border-s-slate-400 opacity-75",
};
const BADGE: Record<VisitState, string> = {
  scheduled: "bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100",
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  "no-show": "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  cancelled: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
};
const link = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100";
/** A select that takes the width of its longest status, not the row's. */
const select = field.replace("w-full ", "");

interface Props {
  visit: AdminVisit;
  visitMinutes: number;
  onChanged(visit: AdminVisit): void;
  /** Compact: the week view's narrow columns. */
  compact?: boolean;
}

export default function VisitItem({ visit: x, visitMinutes, onChanged, compact = false }: Props) {
  const id = useId();
  const toast = useToast((t) => t.show);
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState(false);
  const [target, setTarget] = useState({ date: x.slot.date, time: x.slot.time });
  const who = x.fullName || x.email;
  const tel = telHref(x.phone, x.phoneE164);
  const place = x.address ? (x.address.includes(x.zip) ? x.address : `${x.address} ${x.zip}`) : x.zip;

  const run = async (body: Parameters<typeof changeVisit>[1], done: string) => {
    setBusy(true);
    try {
      onChanged(await changeVisit(x.id, body));
      toast(done, "success");
      setMoving(false);
    } catch (e) {
      toast(e instanceof ApiError && e.httpStatus === 409 ? v.taken : e instanceof ApiError && e.httpStatus === 400 ? e.message : v.failed, "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className={`min-w-0 rounded-xl border border-s-4 border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900 ${STATUS_STYLE[x.status]}`}
      aria-labelledby={`${id}-who`}
      data-testid="visit-row"
      data-start={x.slot.start}
      data-status={x.status}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-lg font-extrabold text-slate-900 tabular-nums dark:text-white" dir="ltr">
          {x.slot.time}–{endTime(x.slot.time, visitMinutes)}
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[x.status]}`}>{v.statuses[x.status]}</span>
        {x.crm !== "disabled" && <span className="text-xs text-slate-500 dark:text-slate-400">{v.crm[x.crm]}</span>}
      </header>
      <h3 id={`${id}-who`} className="mt-1 font-bold text-slate-900 dark:text-white">
        <a href={`/admin?lead=${x.leadId}`} className={link} aria-label={v.leadOf(who)} data-testid="visit-lead">
          <bdi>{who}</bdi>
        </a>
        {x.subject && x.subject !== "Site visit" && (
          <span className="font-normal text-slate-600 dark:text-slate-300">
            {" · "}
            <bdi>{x.subject}</bdi>
          </span>
        )}
      </h3>
      <dl className={`mt-1 grid gap-0.5 text-sm text-slate-800 dark:text-slate-200 ${compact ? "" : "sm:grid-cols-2 sm:gap-x-4"}`}>
        {tel && (
          <div>
            <dt className="sr-only">טלפון</dt>
            <dd>
              <a href={tel} className={`${link} whitespace-nowrap`} dir="ltr" aria-label={`${v.call(who)}: ${formatPhone(x.phone)}`}>
                {formatPhone(x.phone)}
              </a>
            </dd>
          </div>
        )}
        <div className="min-w-0">
          <dt className="sr-only">כתובת</dt>
          <dd className="break-words">
            <bdi>{place}</bdi>{" "}
            <a href={mapHref(place)} target="_blank" rel="noopener" className={`${link} whitespace-nowrap`} aria-label={v.mapOf(place)}>
              ({v.map})
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{x.bookedBy === "office" ? v.bookedByOffice(x.bookedByUser ?? "") : v.bookedOnline}</p>
      {x.notes && (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300" dir="auto">
          {x.notes}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-status`} className="sr-only">
          {v.statusLabel(who)}
        </label>
        <select
          id={`${id}-status`}
          value={x.status}
          disabled={busy}
          onChange={(e) => void run({ status: e.target.value as VisitState }, e.target.value === "cancelled" ? v.cancelledNote : v.changed)}
          className={`${select} min-h-11`}
          data-testid="visit-status"
        >
          {(Object.keys(v.statuses) as VisitState[]).map((st) => (
            <option key={st} value={st}>
              {v.statuses[st]}
            </option>
          ))}
        </select>
        {x.status !== "cancelled" && (
          <button type="button" className={`${quietButton} min-h-11`} onClick={() => setMoving((m) => !m)} aria-expanded={moving} aria-label={v.moveOf(who)} data-testid="visit-move-open">
            {v.move}
          </button>
        )}
        {busy && <Spinner className="size-3" />}
      </div>
      {moving && (
        <div className="mt-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="visit-move-panel">
          <h4 className="mb-2 text-sm font-bold text-slate-900 dark:text-white">{v.moveTitle}</h4>
          <SlotChooser date={target.date} time={target.time} exceptVisit={x.id} onChange={(date, time) => setTarget({ date, time })} />
          <div className="mt-3 flex gap-2">
            <button type="button" className={primaryButton} disabled={busy || !target.time} onClick={() => void run(target, v.moved)} data-testid="visit-move-save">
              {busy && <Spinner className="size-3" />}
              {v.save}
            </button>
            <button type="button" className={quietButton} onClick={() => setMoving(false)}>
              {v.cancel}
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
