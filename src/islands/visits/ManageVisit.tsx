/**
 * The visitor's own page for a booked visit (/book/change#t=…, issue 35): the link from their e-mail
 * shows the visit, moves it to another free time or cancels it, without an account. A link that no
 * longer works (used, expired, for a cancelled visit, or not one of ours) gets a page that says so
 * plainly, with what to do next.
 */
import { startTransition, useEffect, useRef, useState } from "react";
import type { LinkProblem, ManageAnswer, PublicSlot } from "../../lib/contracts/visits";
import { e164 } from "../../lib/phone";
import { whenOf } from "../../lib/visit-time";
import { IslandBoundary } from "../shared/IslandBoundary";
import { LocaleContext } from "../shared/locale";
import { visitWords } from "../../lib/i18n/visits";
import { localHref, type Locale } from "../../lib/i18n/locales";
import { SlotPicker } from "./SlotPicker";
import { cancelVisit, rescheduleVisit, viewVisit } from "./visits-api";

type View =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "problem"; reason: LinkProblem; message: string }
  | { kind: "visit"; data: ManageAnswer }
  | { kind: "moved"; slot: PublicSlot }
  | { kind: "cancelled"; slot: PublicSlot };

/** The token after '#t=' (kept out of every server log: a fragment is never sent). */
const tokenOfPage = () => new URLSearchParams(location.hash.slice(1)).get("t") ?? "";

interface Props {
  phone: string;
  /** The page's language (issue 37): /es/book/change is the link of a Spanish visitor's e-mail. */
  lang?: Locale;
}

function ManageVisit({ phone, lang = "en" }: Props) {
  const w = visitWords(lang).manage;
  const cape = visitWords(lang).cape;
  const TITLES: Record<LinkProblem, string> = w.titles;
  // A link's problem in the page's words (the server's are English).
  const problemOf = (reason: LinkProblem, message: string) => w.problems?.[reason] ?? message;
  const bookHref = localHref("/book", lang);
  const [view, setView] = useState<View>({ kind: "loading" });
  const [changing, setChanging] = useState(false);
  const [picked, setPicked] = useState<PublicSlot | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const token = useRef("");

  const load = async () => {
    token.current = tokenOfPage();
    if (!token.current) return setView({ kind: "problem", reason: "invalid", message: w.noToken });
    const r = await viewVisit(token.current, lang);
    // Drawn as a transition, in short slices (the visit and its open times; see BookVisit).
    startTransition(() => {
      if (r.kind === "ok") setView({ kind: "visit", data: r.data });
      else if (r.kind === "link") setView({ kind: "problem", reason: r.reason, message: problemOf(r.reason, r.message) });
      else setView({ kind: "failed" });
    });
  };
  useEffect(() => void load(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on opening the page
  useEffect(() => {
    if (view.kind !== "loading") heading.current?.focus();
  }, [view.kind]);

  const move = async () => {
    if (!picked || busy) return;
    setBusy(true);
    setNotice(null);
    const r = await rescheduleVisit(token.current, picked.start);
    setBusy(false);
    if (r.kind === "ok") return setView({ kind: "moved", slot: r.data.visit.slot });
    if (r.kind === "taken" && view.kind === "visit") {
      setPicked(null);
      setView({ kind: "visit", data: { ...view.data, slots: [...(view.data.slots ?? []).filter((s) => s.start !== picked.start && !r.next.some((n) => n.start === s.start)), ...r.next].sort((a, b) => a.start.localeCompare(b.start)) } });
      return setNotice(w.taken(whenOf(picked, lang)));
    }
    if (r.kind === "link") return setView({ kind: "problem", reason: r.reason, message: problemOf(r.reason, r.message) });
    if (r.kind === "field") {
      setPicked(null);
      return setNotice(w.gone);
    }
    setNotice(w.moveFailed(phone));
  };
  const cancel = async () => {
    if (busy || view.kind !== "visit") return;
    setBusy(true);
    const r = await cancelVisit(token.current);
    setBusy(false);
    if (r.kind === "ok") return setView({ kind: "cancelled", slot: r.data.visit.slot });
    if (r.kind === "link") return setView({ kind: "problem", reason: r.reason, message: problemOf(r.reason, r.message) });
    setNotice(w.cancelFailed(phone));
  };

  const call = (
    <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap text-brand-700 underline dark:text-brand-200">
      {phone}
    </a>
  );
  const h = "text-2xl font-extrabold text-slate-900 outline-none dark:text-white";

  if (view.kind === "loading")
    return (
      <div aria-busy="true" aria-label={w.loading} className="grid gap-3">
        <div className="skeleton h-8 w-64 rounded-md" />
        <div className="skeleton h-6 w-80 max-w-full rounded-md" />
      </div>
    );
  if (view.kind === "failed")
    return (
      <div role="alert">
        <h1 ref={heading} tabIndex={-1} className={h}>
          {w.loadFailed}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {w.checkConnection} {call}.
        </p>
        <button type="button" className="btn-brand mt-4" onClick={() => (setView({ kind: "loading" }), void load())}>
          {w.tryAgain}
        </button>
      </div>
    );
  if (view.kind === "problem")
    return (
      <div data-testid="visit-link-problem" data-reason={view.reason}>
        <h1 ref={heading} tabIndex={-1} className={h}>
          {TITLES[view.reason]}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{view.message}</p>
        <p className="mt-4 flex flex-wrap gap-3">
          <a href={bookHref} className="btn-brand">
            {w.book}
          </a>
          <a href={`tel:${e164(phone)}`} className="btn border-2 border-brand-600 text-brand-700 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-100 dark:hover:bg-slate-800">
            {w.call} {phone}
          </a>
        </p>
      </div>
    );
  if (view.kind === "moved" || view.kind === "cancelled")
    return (
      <div data-testid={`visit-${view.kind}`}>
        <h1 ref={heading} tabIndex={-1} className={h}>
          {view.kind === "moved" ? w.moved : w.cancelled}
        </h1>
        {view.kind === "moved" ? (
          <>
            <p className="mt-3 text-lg font-semibold text-brand-700 dark:text-brand-200" data-testid="visit-moved-when">
              {whenOf(view.slot, lang)} <span className="font-normal text-slate-600 dark:text-slate-300">{cape}</span>
            </p>
            <p className="mt-3 text-slate-700 dark:text-slate-300">{w.movedText}</p>
          </>
        ) : (
          <>
            <p className="mt-3 text-slate-700 dark:text-slate-300">{w.cancelledText(whenOf(view.slot, lang))}</p>
            <p className="mt-4">
              <a href={bookHref} className="btn-brand">
                {w.bookAnother}
              </a>
            </p>
          </>
        )}
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {w.questions} {call}.
        </p>
      </div>
    );

  const { visit, slots = [] } = view.data;
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="visit-manage">
      <div>
        <h1 ref={heading} tabIndex={-1} className={h}>
          {w.title}
        </h1>
        <p className="mt-2 text-lg font-semibold text-brand-700 dark:text-brand-200" data-testid="visit-current">
          {whenOf(visit.slot, lang)} <span className="font-normal text-slate-600 dark:text-slate-300">{cape}</span>
        </p>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{w.atProperty(visit.zip)}</p>
      </div>
      {notice && (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {notice}
        </p>
      )}
      {!changing && !confirmCancel && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="button" className="btn-brand" onClick={() => setChanging(true)} data-testid="visit-change">
            {w.change}
          </button>
          <button type="button" className="btn border-2 border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950" onClick={() => setConfirmCancel(true)} data-testid="visit-cancel">
            {w.cancel}
          </button>
        </div>
      )}
      {confirmCancel && (
        <div className="rounded-2xl border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950" role="group" aria-labelledby="cancel-q">
          <p id="cancel-q" className="font-semibold text-red-950 dark:text-red-100">
            {w.cancelQ(whenOf(visit.slot, lang))}
          </p>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => void cancel()} disabled={busy} data-testid="visit-cancel-confirm">
              {busy ? w.cancelling : w.yesCancel}
            </button>
            <button type="button" className="btn border-2 border-slate-400 text-slate-800 dark:text-slate-100" onClick={() => setConfirmCancel(false)}>
              {w.keep}
            </button>
          </div>
        </div>
      )}
      {changing && (
        <div className="grid grid-cols-1 gap-5 border-t border-slate-200 pt-6 dark:border-slate-700">
          {slots.length ? (
            <SlotPicker slots={slots} value={picked?.start ?? null} onPick={(s) => setPicked(s)} />
          ) : (
            <p>
              {w.allTaken} {call}.
            </p>
          )}
          <p aria-live="polite" className="text-slate-700 dark:text-slate-300" data-testid="visit-new-time">
            {picked ? (
              <>
                {w.newTime} <strong className="text-brand-700 dark:text-brand-200">{whenOf(picked, lang)}</strong>
              </>
            ) : (
              w.pickNew
            )}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="button" className="btn-brand disabled:cursor-not-allowed disabled:opacity-60" disabled={!picked || busy} onClick={() => void move()} data-testid="visit-move">
              {busy ? w.moving : w.move}
            </button>
            <button type="button" className="btn border-2 border-slate-400 text-slate-800 dark:text-slate-100" onClick={() => (setChanging(false), setPicked(null))}>
              {w.keepTime}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export default function ManageVisitIsland(props: Props) {
  const lang = props.lang ?? "en";
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={visitWords(lang).manage.what}>
        <ManageVisit {...props} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}
