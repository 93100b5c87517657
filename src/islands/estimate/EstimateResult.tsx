import type { ReactNode } from "react";
import type { Estimate, EstimateProblem } from "../../lib/contracts/estimate";
import { answersText, money, weeksText } from "../../lib/estimate";
import { estimateWords } from "../../lib/i18n/estimate";
import type { Locale } from "../../lib/i18n/locales";
import { e164 } from "../../lib/phone";

interface Props {
  result: { estimate: Estimate } | { problem: EstimateProblem };
  phone: string;
  /** The second way on: the site visit booking page. */
  bookHref: string;
  /** "Send to the office" (the quote request with these answers), and its form once opened. */
  send?: ReactNode;
  sendForm?: ReactNode;
  lang?: Locale;
}

/**
 * The answer: the range, "a ballpark, not a quote", the three things that move it most, the
 * permits with their typical weeks, and the two ways on. Shown only where JavaScript runs (the
 * form's own submit button gives the others the same answer as a page).
 */
export function EstimateResult({ result, phone, bookHref, send, sendForm, lang = "en" }: Props) {
  const w = estimateWords(lang);
  const r = w.result;
  const STATUS_TEXT = w.permits.status;
  // On a Spanish page, an office text with no Spanish yet is the English, marked so (issue 37).
  const en = (english: boolean) => (english ? "en" : undefined);
  if ("problem" in result)
    return (
      <div className="rounded-3xl border-2 border-dashed border-slate-300 p-6 dark:border-slate-600" data-testid="estimate-problem">
        <h2 className="text-xl font-bold">{r.ballpark}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-200">{r.needsLook}</p>
        <p className="mt-2 font-semibold text-red-700 dark:text-red-300">{result.problem.message}</p>
      </div>
    );
  const e = result.estimate;
  const needed = e.permits.filter((p) => p.status !== "exempt");
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700" data-testid="estimate-result">
      <div className="bg-brand-900 px-6 pt-6 pb-5 text-white">
        <h2 className="text-lg font-bold text-brand-100">{r.ballpark}</h2>
        <p className="mt-1 text-4xl font-black tracking-tight tabular-nums" data-testid="estimate-range">
          <span className="whitespace-nowrap">{money(e.low)}</span>
          <span className="font-bold text-brand-200"> – </span>
          <span className="whitespace-nowrap">{money(e.high)}</span>
        </p>
        <p className="mt-2 text-sm text-brand-100" data-testid="estimate-for">
          {r.for} {answersText(e.answers, lang)}
        </p>
        {e.sample && (
          <p className="mt-3 inline-flex rounded-full bg-accent-500 px-3 py-0.5 text-sm font-bold text-slate-950" data-testid="estimate-sample">
            {r.sample}
          </p>
        )}
      </div>
      <div className="space-y-6 p-6">
        <p className="text-slate-800 dark:text-slate-100">
          <strong>{r.notAQuote}</strong> {r.realPrice}
          {e.sample && r.sampleNote}
        </p>

        <section aria-labelledby="estimate-drivers">
          <h3 id="estimate-drivers" className="font-bold text-slate-900 dark:text-white">
            {r.drivers}
          </h3>
          <ol className="mt-2 space-y-2">
            {e.drivers.map((d, i) => (
              <li key={d.id} className="flex gap-3">
                <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 dark:bg-brand-800 dark:text-brand-100">
                  {i + 1}
                </span>
                <span className="text-slate-700 dark:text-slate-200">
                  <strong className="text-slate-900 dark:text-white">{d.title}.</strong> {d.detail}
                </span>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="estimate-permits" data-testid="estimate-permits">
          <h3 id="estimate-permits" className="font-bold text-slate-900 dark:text-white">
            {r.permits}
          </h3>
          {e.permits.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-200">{r.none}</p>
          ) : (
            <ul className="mt-2 space-y-3">
              {e.permits.map((p) => (
                <li key={p.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-permit={p.id} data-status={p.status}>
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <strong className="text-slate-900 dark:text-white" lang={en(!!p.english?.includes("name"))}>
                      {p.name}
                    </strong>
                    <span className={`text-sm font-semibold ${p.status === "exempt" ? "text-emerald-800 dark:text-emerald-300" : "text-slate-700 dark:text-slate-200"}`}>
                      {p.status === "exempt" ? STATUS_TEXT.exempt : `${STATUS_TEXT[p.status]} · ${weeksText(p.weeks, lang)}`}
                    </span>
                  </p>
                  {/* The agency by its own (English) name. */}
                  <p className="text-sm text-slate-600 dark:text-slate-300" lang={en(lang !== "en")}>
                    {p.agency}
                  </p>
                  {p.note && (
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-200" lang={en(!!p.english?.includes("note"))}>
                      {p.note}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          {e.permitWeeks && needed.length > 0 && (
            <p className="mt-3 text-slate-700 dark:text-slate-200">
              {r.take} <strong>{weeksText(e.permitWeeks, lang)}</strong> {r.beforeWork}
            </p>
          )}
          {e.waterwayNote && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" lang={en(!!e.waterwayNoteEnglish)}>
              {e.waterwayNote}
            </p>
          )}
        </section>

        <div className="grid gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
          {send}
          {sendForm}
          <a href={bookHref} className="btn-brand w-full" data-testid="estimate-book">
            {r.book}
          </a>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {r.call}{" "}
            <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap text-brand-700 underline dark:text-brand-200">
              {phone}
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
