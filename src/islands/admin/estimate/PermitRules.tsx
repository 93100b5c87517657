import { useState } from "react";
import { MAX_PERMITS, PROJECTS, WATERWAYS, type PermitRule, type WaterwayId } from "../../../lib/contracts/estimate.ts";
import { card } from "../ui.tsx";
import Confirm from "../site/Confirm.tsx";
import { FieldError, describedBy, input, labelClass, smallButton } from "../site/field-parts.tsx";
import { PROJECT_HE, WATERWAY_HE, WATERWAY_SHORT_HE, t } from "./strings.ts";
import { SampleCheck } from "./SampleCheck.tsx";
import type { PriceRulesEditor } from "./use-price-rules.ts";

/** A one-line text the visitor reads (a permit's name, a note): English, or its Spanish (issue 37). */
function TextField({ ed, path, label, value, lang = "en" }: { ed: PriceRulesEditor; path: string; label: string; value: string; lang?: "en" | "es" }) {
  const error = ed.errorAt(path);
  const hint = lang === "es" ? `${path}-hint` : undefined;
  return (
    <label className="block min-w-0">
      <span className={labelClass}>{label}</span>
      {hint && (
        <span id={hint} className="sr-only">
          {t.spanishHint}
        </span>
      )}
      <input
        dir="ltr"
        lang={lang}
        className={input}
        value={value}
        onChange={(e) => ed.change(path, e.target.value)}
        data-field={path}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${path}-error`, hint)}
        maxLength={300}
      />
      {error && <FieldError id={`${path}-error`} text={error} />}
    </label>
  );
}

/** A whole number (weeks, sq ft, inches). */
function WholeField({ ed, path, label }: { ed: PriceRulesEditor; path: string; label: string }) {
  const error = ed.errorAt(path);
  return (
    <label className="block min-w-0">
      <span className={labelClass}>{label}</span>
      <input
        dir="ltr"
        inputMode="numeric"
        className={`${input} tabular-nums`}
        value={ed.shown(path)}
        onChange={(e) => ed.typeNumber(path, e.target.value)}
        data-field={path}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${path}-error`)}
      />
      {error && <FieldError id={`${path}-error`} text={error} />}
    </label>
  );
}

function Permit({ ed, permit, i, onRemove }: { ed: PriceRulesEditor; permit: PermitRule; i: number; onRemove(): void }) {
  const [asking, setAsking] = useState(false);
  const at = `permits.${i}`;
  const toggle = (project: (typeof PROJECTS)[number], w: WaterwayId, on: boolean) => {
    const list = permit.applies[project];
    ed.change(`${at}.applies.${project}`, on ? WATERWAYS.filter((x) => x === w || list.includes(x)) : list.filter((x) => x !== w));
  };
  const exemption = (key: "dockUpToSqFt" | "seawallWithinInches", label: string, start: number) => {
    const path = `${at}.exemptions.${key}`;
    const on = permit.exemptions[key] !== null;
    return (
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[auto_10rem] sm:items-end">
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
          <input type="checkbox" className="size-5 accent-brand-600" checked={on} onChange={(e) => ed.change(path, e.target.checked ? start : null)} />
          {label}
        </label>
        {on && <WholeField ed={ed} path={path} label={t.exemptOn} />}
      </div>
    );
  };
  return (
    <li className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-field={at} data-testid="permit">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="font-bold text-slate-900 dark:text-white">
          <bdi dir="ltr">{permit.name || "—"}</bdi>
        </p>
        <button type="button" className={smallButton} onClick={() => setAsking(true)} aria-expanded={asking} aria-label={t.removePermit(permit.name)}>
          {t.remove}
        </button>
      </div>
      {asking && <Confirm label={t.removePermit(permit.name)} question={t.removePermit(permit.name)} hint="" yes="מחק" no="ביטול" onYes={onRemove} onNo={() => setAsking(false)} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField ed={ed} path={`${at}.name`} label={t.permitName} value={permit.name} />
        <TextField ed={ed} path={`${at}.es.name`} label={t.permitNameEs} value={permit.es?.name ?? ""} lang="es" />
        <TextField ed={ed} path={`${at}.note`} label={t.note} value={permit.note} />
        <TextField ed={ed} path={`${at}.es.note`} label={t.noteEs} value={permit.es?.note ?? ""} lang="es" />
        <div className="sm:col-span-2">
          <TextField ed={ed} path={`${at}.agency`} label={t.agency} value={permit.agency} />
        </div>
        <WholeField ed={ed} path={`${at}.weeks.min`} label={t.weeksMin} />
        <WholeField ed={ed} path={`${at}.weeks.max`} label={t.weeksMax} />
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-start font-semibold text-slate-800 dark:text-slate-200">{t.applies}</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1 text-start font-semibold text-slate-600 dark:text-slate-400">
                <span className="sr-only">פרויקט</span>
              </th>
              {WATERWAYS.map((w) => (
                <th key={w} scope="col" className="p-1 text-center align-bottom text-xs font-semibold text-slate-700 sm:text-sm dark:text-slate-300">
                  <span className="sm:hidden">{WATERWAY_SHORT_HE[w]}</span>
                  <span className="max-sm:hidden">{WATERWAY_HE[w]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PROJECTS.map((p) => (
              <tr key={p} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="p-1 text-start font-medium text-slate-800 dark:text-slate-200">
                  {PROJECT_HE[p]}
                </th>
                {WATERWAYS.map((w) => (
                  <td key={w} className="p-1 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      aria-label={`${PROJECT_HE[p]} · ${WATERWAY_HE[w]}`}
                      checked={permit.applies[p].includes(w)}
                      onChange={(e) => toggle(p, w, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-bold text-slate-900 dark:text-white">{t.exemptions}</legend>
        {exemption("dockUpToSqFt", t.dockExempt, 1000)}
        {exemption("seawallWithinInches", t.seawallExempt, 18)}
      </fieldset>
    </li>
  );
}

/** The permits per waterway, and what the office says of each waterway. */
export function PermitRules({ ed }: { ed: PriceRulesEditor }) {
  const rules = ed.value!;
  const add = () => {
    const ids = new Set(rules.permits.map((p) => p.id));
    let n = rules.permits.length + 1;
    while (ids.has(`permit-${n}`)) n++;
    const fresh: PermitRule = {
      id: `permit-${n}`,
      name: t.newPermit,
      agency: "",
      note: "",
      weeks: { min: 2, max: 8 },
      applies: { dock: [], lift: [], seawall: [], cap: [], dredge: [] },
      exemptions: { dockUpToSqFt: null, seawallWithinInches: null },
    };
    ed.change("permits", [...rules.permits, fresh]);
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="prices-permits-title" className={`${card} space-y-4`} data-testid="prices-permits">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id="prices-permits-title" className="text-lg font-bold text-slate-900 dark:text-white">
            {t.permits}
          </h3>
          {rules.permitsSample && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">{t.sampleTag}</span>}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t.permitsHint}</p>
        <ul className="space-y-4">
          {rules.permits.map((p, i) => (
            <Permit key={p.id} ed={ed} permit={p} i={i} onRemove={() => ed.change("permits", rules.permits.filter((_, j) => j !== i))} />
          ))}
        </ul>
        <button type="button" className={smallButton} onClick={add} disabled={rules.permits.length >= MAX_PERMITS}>
          + {t.addPermit}
        </button>
        <SampleCheck ed={ed} path="permitsSample" label={t.permitsConfirmed} />
      </section>

      <section aria-labelledby="prices-waterways-title" className={`${card} space-y-4`} data-testid="prices-waterways">
        <h3 id="prices-waterways-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t.waterways}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t.waterwaysHint}</p>
        <ul className="space-y-4">
          {WATERWAYS.map((w) => (
            <li key={w} className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-field={`waterways.${w}`}>
              <p className="font-semibold text-slate-900 dark:text-white">{WATERWAY_HE[w]}</p>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input type="checkbox" className="size-5 accent-brand-600" checked={rules.waterways[w].manMade} onChange={(e) => ed.change(`waterways.${w}.manMade`, e.target.checked)} />
                {t.manMade}
              </label>
              <TextField ed={ed} path={`waterways.${w}.note`} label={t.waterwayNote} value={rules.waterways[w].note} />
              <TextField ed={ed} path={`waterways.${w}.es.note`} label={t.waterwayNoteEs} value={rules.waterways[w].es?.note ?? ""} lang="es" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
