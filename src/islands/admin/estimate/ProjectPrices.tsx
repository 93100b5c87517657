import { PROJECT_INFO, type EstimateAnswers, type PriceRules, type ProjectId } from "../../../lib/contracts/estimate.ts";
import { computeEstimate, rangeOf } from "../../../lib/estimate.ts";
import { card } from "../ui.tsx";
import { RangeRow } from "./RangeRow.tsx";
import { BASE_HE, KIND_HE, MATERIAL_HE, PROJECT_HE, UNIT_HE, t } from "./strings.ts";
import { SampleCheck } from "./SampleCheck.tsx";
import type { PriceRulesEditor } from "./use-price-rules.ts";

/** A typical job of each project, priced with the draft and with the live rules side by side. */
const EXAMPLES: Record<ProjectId, { answers: EstimateAnswers; he: string }> = {
  dock: { answers: { project: "dock", kind: "new", material: "wood", length: 40, width: 8, water: "salt", access: "land", waterway: "canal" }, he: "רציף חדש מעץ, \u206640 × 8\u2069 רגל, מים מלוחים, מהיבשה" },
  lift: { answers: { project: "lift", kind: "cable", capacity: 10000, water: "salt", access: "land", waterway: "canal" }, he: "מעלית כבלים ל־10,000 ליברות, מים מלוחים" },
  seawall: { answers: { project: "seawall", kind: "new", material: "concrete", feet: 120, water: "salt", access: "barge", waterway: "canal" }, he: "קיר ים חדש מבטון, 120 רגל, מדוברה, מים מלוחים" },
  cap: { answers: { project: "cap", kind: "cap", feet: 80, water: "salt", access: "land", waterway: "canal" }, he: "כיפה חדשה, 80 רגל, מים מלוחים" },
  dredge: { answers: { project: "dredge", kind: "dredge", length: 80, width: 20, depth: 2, water: "salt", access: "barge", waterway: "canal" }, he: "העמקה של \u206680 × 20\u2069 רגל בעומק 2 רגל, מדוברה" },
};

/** A range the draft may not hold yet (a number being typed): no example then. */
function safeRange(rules: PriceRules, a: EstimateAnswers): string | null {
  try {
    return rangeOf(computeEstimate(rules, a));
  } catch {
    return null;
  }
}

/** One project's prices: per kind of job, the material, barge and salt factors, the minimum, and an example. */
export function ProjectPrices({ ed, project, live }: { ed: PriceRulesEditor; project: ProjectId; live: PriceRules }) {
  const info = PROJECT_INFO[project];
  const rules = ed.value!;
  const base = `projects.${project}`;
  const example = EXAMPLES[project];
  const draft = safeRange(rules, example.answers);
  const now = safeRange(live, example.answers);
  return (
    <section aria-labelledby={`prices-${project}-title`} className={`${card} space-y-6`} data-testid={`prices-${project}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`prices-${project}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {PROJECT_HE[project]}
        </h3>
        {rules.projects[project].sample && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-testid="sample-tag">
            {t.sampleTag}
          </span>
        )}
      </div>

      <div className="rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="prices-example">
        <p className="font-semibold text-slate-900 dark:text-white">
          {t.example}: {example.he}
        </p>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {t.exampleDraft}: <bdi dir="ltr" className="font-bold tabular-nums" data-testid="example-draft">{draft ?? "—"}</bdi>
          {" · "}
          {t.exampleLive}: <bdi dir="ltr" className="tabular-nums">{now ?? "—"}</bdi>
        </p>
      </div>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-bold text-slate-900 dark:text-white">{t.kinds}</legend>
        {info.kinds.map((k) => {
          const kindName = KIND_HE[`${project}.${k.id}`] ?? k.label;
          return (
            <div key={k.id} className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">{kindName}</p>
              <RangeRow ed={ed} path={`${base}.kinds.${k.id}.unit`} label={t.perUnit(UNIT_HE[project])} context={kindName} kind="money" />
              <RangeRow ed={ed} path={`${base}.kinds.${k.id}.base`} label={BASE_HE[project]} context={kindName} kind="money" />
            </div>
          );
        })}
      </fieldset>

      {info.materials.length > 0 && (
        <fieldset className="space-y-3">
          <legend className="mb-1 font-bold text-slate-900 dark:text-white">{t.materials}</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t.factorsHint}</p>
          {info.materials.map((m) => (
            <RangeRow key={m.id} ed={ed} path={`${base}.materials.${m.id}`} label={MATERIAL_HE[`${project}.${m.id}`] ?? m.label} kind="factor" />
          ))}
        </fieldset>
      )}

      <fieldset className="space-y-3">
        <legend className="sr-only">{t.barge}</legend>
        <RangeRow ed={ed} path={`${base}.barge`} label={t.barge} hint={t.addingHint} kind="factor" />
        <RangeRow ed={ed} path={`${base}.salt`} label={t.salt} kind="factor" />
        <RangeRow ed={ed} path={`${base}.minimum`} label={t.minimum} kind="money" />
      </fieldset>

      <SampleCheck ed={ed} path={`${base}.sample`} label={t.confirmed} />
    </section>
  );
}
