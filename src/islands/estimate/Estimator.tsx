import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { ACCESSES, ESTIMATE_API, PROJECTS, WATERS, WATERWAYS, WITHIN, type PriceRules, type ProjectId, type SizeField } from "../../lib/contracts/estimate";
import { estimateFrom, money } from "../../lib/estimate";
import { estimateWords, projectInfo } from "../../lib/i18n/estimate";
import type { Locale } from "../../lib/i18n/locales";
import { IslandBoundary } from "../shared/IslandBoundary";
import { LocaleContext } from "../shared/locale";
import { Choice } from "./Choice";
import { EstimateResult } from "./EstimateResult";
import { answersOf, fieldId, initialState, type FormState } from "./form-state";

interface Props {
  /** The live price rules the page was built with (JSON), and their version. */
  rulesJson: string;
  version: number;
  /** The office phone. */
  phone: string;
  /** Where the site visit is booked. */
  bookHref: string;
  /** The company's name (the texting consent names it) and when the office answers. */
  company: string;
  reply?: string;
  /** The page's language (issue 37): the questions, the answer and its words. */
  lang?: Locale;
}

/** 'Send to the office' is loaded when the visitor asks for it, not with the estimator. */
const SendForm = lazy(() => import("./SendForm"));

/** The screen reader hears the range once the visitor pauses, not at every key. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * /estimate (issue 36): the visitor picks a project, answers its plain questions and sees a price
 * range at once, computed in the browser from the rules the page was built with (the same module
 * the server recomputes with). Server-rendered as a plain form that posts to /api/estimate, so it
 * works without JavaScript; the chosen project's questions show by CSS (the page's :has rules), so
 * the no-JavaScript form switches projects too.
 */
function Estimator({ rulesJson, version, phone, bookHref, company, reply, lang = "en" }: Props) {
  const w = estimateWords(lang);
  const f = w.form;
  const rules = useMemo(() => JSON.parse(rulesJson) as PriceRules, [rulesJson]);
  const [state, setState] = useState<FormState>(initialState);
  const answers = useMemo(() => answersOf(state), [state]);
  const result = useMemo(() => estimateFrom(rules, answers, version, lang), [rules, answers, version, lang]);
  const problem = "problem" in result ? result.problem : null;
  const said = "estimate" in result ? f.said(money(result.estimate.low), money(result.estimate.high)) : f.check(result.problem.message);
  const [announced, setAnnounced] = useState("");
  const first = useRef(true);
  const answer = useRef<HTMLElement>(null);
  /**
   * The answer is below the screen (a phone, answering the questions): its range shows in a bar at
   * the bottom. Known once hydrated (an observer says so), so the prebuilt page never shows a bar
   * that could not hide itself while a visitor scrolls without touching the page.
   */
  const [answerBelow, setAnswerBelow] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const el = answer.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setAnswerBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0));
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    // Not on the first render: the page's own text says it, and nothing has changed yet.
    if (first.current) return void (first.current = false);
    const t = setTimeout(() => setAnnounced(said), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(t);
  }, [said]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const setFor = (key: "kind" | "material", p: ProjectId, value: string) => setState((s) => ({ ...s, [key]: { ...s[key], [p]: value } }));
  const setSize = (p: ProjectId, field: SizeField, value: string) => setState((s) => ({ ...s, sizes: { ...s.sizes, [p]: { ...s.sizes[p], [field]: value } } }));
  const errorAt = (p: ProjectId, field: string) => (problem && state.project === p && problem.field === field ? problem.message : undefined);

  return (
    <div className="estimator grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
      <form method="post" action={lang === "en" ? ESTIMATE_API : `${ESTIMATE_API}?lang=${lang}`} className="space-y-8" onSubmit={(e) => e.preventDefault()} aria-label={f.label}>
        <Choice
          legend={f.project}
          name="project"
          id="est-project"
          options={PROJECTS.map((p) => ({ id: p, label: projectInfo(p, lang).label }))}
          value={state.project}
          onChange={(v) => set("project", v as ProjectId)}
          columns={2}
          step
        />

        {PROJECTS.map((p) => {
          const info = projectInfo(p, lang);
          return (
            <fieldset key={p} data-project={p} className="space-y-6">
              <legend className="mb-4 text-lg font-bold text-slate-900 dark:text-white">{w.about(p)}</legend>
              {info.kinds.length > 1 && (
                <Choice legend={info.kindQuestion} name={`${p}.kind`} id={fieldId(p, "kind")} options={info.kinds} value={state.kind[p]} onChange={(v) => setFor("kind", p, v)} error={errorAt(p, "kind")} />
              )}
              {info.sizes.map((q) => {
                const id = fieldId(p, q.field);
                const error = errorAt(p, q.field);
                return (
                  <div key={q.field}>
                    <label htmlFor={id} className="field-label">
                      {q.label} <span className="font-normal text-slate-600 dark:text-slate-300">({q.unit})</span>
                    </label>
                    <div className="relative max-w-xs">
                      <input
                        id={id}
                        name={`${p}.${q.field}`}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        value={state.sizes[p][q.field] ?? ""}
                        onChange={(e) => setSize(p, q.field, e.target.value)}
                        className="field pe-14 tabular-nums"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={[q.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
                        maxLength={12}
                      />
                      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 end-4 flex items-center text-slate-600 dark:text-slate-300">
                        {q.unit}
                      </span>
                    </div>
                    {q.hint && (
                      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                        {q.hint}
                      </p>
                    )}
                    {error && (
                      <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="estimate-field-error">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              {info.materials.length > 0 && (
                <Choice legend={f.material} name={`${p}.material`} id={fieldId(p, "material")} options={info.materials} value={state.material[p]} onChange={(v) => setFor("material", p, v)} error={errorAt(p, "material")} />
              )}
              {p === "seawall" && (
                <div data-within>
                  <Choice
                    legend={f.within}
                    name="seawall.within"
                    id={fieldId(p, "within")}
                    options={WITHIN.map((x) => ({ id: x, label: w.within[x] }))}
                    value={state.within}
                    onChange={(v) => set("within", v as FormState["within"])}
                    columns={3}
                  />
                </div>
              )}
            </fieldset>
          );
        })}

        <fieldset className="space-y-6">
          <legend className="mb-4 text-lg font-bold text-slate-900 dark:text-white">{f.where}</legend>
          <Choice legend={f.whichWaterway} name="waterway" id="est-waterway" options={WATERWAYS.map((x) => ({ id: x, label: w.waterway[x] }))} value={state.waterway} onChange={(v) => set("waterway", v as FormState["waterway"])} />
          <Choice legend={f.whichWater} name="water" id="est-water" options={WATERS.map((x) => ({ id: x, label: w.water[x] }))} value={state.water} onChange={(v) => set("water", v as FormState["water"])} />
          <Choice
            legend={f.howReach}
            name="access"
            id="est-access"
            options={ACCESSES.map((a) => ({ id: a, label: w.access[a], note: w.accessNote[a] }))}
            value={state.access}
            onChange={(v) => set("access", v as FormState["access"])}
          />
        </fieldset>

        {/* Without JavaScript the range comes back as a page. */}
        <div data-nojs>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {f.show}
          </button>
        </div>
      </form>

      {/* Beside the questions on a wide screen, in view while they are answered (not once the send form makes it long). */}
      <section ref={answer} id="estimate-answer" data-live aria-label={f.answer} className={`scroll-mt-20 ${sending ? "" : "lg:sticky lg:top-24"}`}>
        <EstimateResult
          result={result}
          phone={phone}
          bookHref={bookHref}
          lang={lang}
          send={
            <button type="button" className="btn-primary w-full" aria-expanded={sending} aria-controls="estimate-send" onClick={() => setSending((s) => !s)} data-testid="estimate-send-open">
              {f.send}
            </button>
          }
          sendForm={
            sending && (
              <div id="estimate-send">
                <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">{f.loading}</p>}>
                  <SendForm answers={answers} project={state.project} phone={phone} company={company} reply={reply} />
                </Suspense>
              </div>
            )
          }
        />
        <p aria-live="polite" className="sr-only" data-testid="estimate-announce">
          {announced}
        </p>
      </section>

      {/* Phones and tablets: the range stays in sight while the questions are answered. */}
      {answerBelow && "estimate" in result && (
        <a
          href="#estimate-answer"
          data-live
          className="fixed inset-x-0 bottom-(--contact-bar-space) z-30 flex items-center justify-between gap-3 border-t border-brand-700 bg-brand-900 px-4 py-2.5 text-white shadow-[0_-4px_16px_rgb(0_0_0/0.15)] lg:hidden"
          data-testid="estimate-summary"
        >
          <span className="min-w-0">
            <span className="block text-xs font-semibold text-brand-100">{f.answer}</span>
            <span className="block text-lg font-black tabular-nums">
              {money(result.estimate.low)} – {money(result.estimate.high)}
            </span>
          </span>
          <span className="shrink-0 text-sm font-semibold underline">{f.seeWhy}</span>
        </a>
      )}
    </div>
  );
}

export default function EstimatorIsland(props: Props) {
  return (
    <LocaleContext.Provider value={props.lang ?? "en"}>
      <IslandBoundary what={props.lang === "es" ? "la calculadora" : "the estimator"}>
        <Estimator {...props} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}
