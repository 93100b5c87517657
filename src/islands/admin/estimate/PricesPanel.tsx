import { useCallback, useEffect, useRef, useState } from "react";
import { PROJECTS, type ProjectId } from "../../../lib/contracts/estimate.ts";
import { LoadFailed, Skeleton, Spinner, card, primaryButton } from "../ui.tsx";
import PublishBar from "../site/PublishBar.tsx";
import VersionHistory from "../site/VersionHistory.tsx";
import { PermitRules } from "./PermitRules.tsx";
import { fetchLiveRulesVersion } from "./prices-api.ts";
import { ProjectPrices } from "./ProjectPrices.tsx";
import { PROJECT_HE, t } from "./strings.ts";
import { usePriceRules } from "./use-price-rules.ts";

type Part = ProjectId | "permits";
const PARTS: Part[] = [...PROJECTS, "permits"];
const partName = (p: Part) => (p === "permits" ? t.permitsPart : PROJECT_HE[p]);
/** The part of the screen a field of the document is in ("projects.seawall.barge.low" → seawall). */
const partOf = (field: string): Part => {
  const [top, second] = field.split(".");
  return top === "projects" && (PROJECTS as readonly string[]).includes(second) ? (second as ProjectId) : "permits";
};

/**
 * The dashboard's price rules tab (issue 36, decision 19): the office edits what the estimator at
 * /estimate charges per unit, its factors and minimums, and the permit rules per waterway; saves a
 * draft; publishes (the page is rebuilt, "Live" once /estimate-version.json says so); restores an
 * earlier version. The numbers start as labelled samples until the office confirms each part.
 */
export default function PricesPanel() {
  const ed = usePriceRules();
  const [part, setPart] = useState<Part>("seawall");
  const [said, setSaid] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const announce = useCallback((text: string) => {
    setSaid("");
    requestAnimationFrame(() => setSaid(text));
  }, []);

  // Edits not saved: the browser asks before the page is left.
  useEffect(() => {
    if (!ed.dirty) return;
    const stop = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    addEventListener("beforeunload", stop);
    return () => removeEventListener("beforeunload", stop);
  }, [ed.dirty]);

  /** Shows the part that holds a refused field and puts the focus on it. */
  const reveal = (field: string) => {
    setPart(partOf(field));
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const el = root.current?.querySelector<HTMLElement>(`input[data-field="${field}"]`) ?? root.current?.querySelector<HTMLElement>(`[data-field="${field}"] input`);
        el?.focus();
      }),
    );
  };

  if (!ed.server || !ed.value)
    return ed.loadFailed ? (
      <div className={card}>
        <LoadFailed text={t.loadFailed} onRetry={() => void ed.load()} />
      </div>
    ) : (
      <div className={`${card} space-y-3`} role="status" aria-label={t.loading}>
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );

  const server = ed.server;
  const rules = ed.value;
  const sampleParts = PARTS.filter((p) => (p === "permits" ? rules.permitsSample : rules.projects[p].sample));
  const saving = ed.status?.kind === "saving";
  const failed = ed.status?.kind === "failed" ? ed.status : null;

  async function save() {
    const bad = await ed.save();
    if (bad) reveal(bad);
  }

  return (
    <div ref={root} className="space-y-6" data-testid="prices-panel">
      <header>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t.title}</h2>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">{t.intro}</p>
      </header>

      {sampleParts.length > 0 && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50" role="note" data-testid="prices-sample-banner">
          <p className="font-semibold">{t.sampleBanner}</p>
          <p className="mt-1 text-sm">
            {t.sampleTag}: {sampleParts.map(partName).join(" · ")}
          </p>
        </div>
      )}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <nav aria-label={t.parts}>
            <ul className="flex flex-wrap gap-2">
              {PARTS.map((p) => (
                <li key={p}>
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-[current=true]:border-brand-500 dark:aria-[current=true]:bg-brand-500"
                    aria-current={part === p ? "true" : undefined}
                    onClick={() => setPart(p)}
                    data-testid={`prices-part-${p}`}
                  >
                    {partName(p)}
                    {sampleParts.includes(p) && (
                      <span className="size-2 rounded-full bg-amber-500" title={t.sampleTag}>
                        <span className="sr-only">({t.sampleTag})</span>
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </nav>

          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!saving) void save();
            }}
            className="space-y-4"
          >
            {part === "permits" ? <PermitRules ed={ed} /> : <ProjectPrices key={part} ed={ed} project={part} live={server.live.rules} />}
            <div className={`${card} flex flex-wrap items-center gap-3`}>
              <button type="submit" className={`${primaryButton} min-h-11 px-5`} disabled={saving} data-testid="prices-save">
                {saving && <Spinner className="size-4" />}
                {saving ? t.saving : t.save}
              </button>
              <p aria-live="polite" className={`min-w-0 flex-1 text-sm ${failed ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`} data-testid="prices-status">
                {saving ? t.saving : failed ? (failed.field ? `${t.fix(partName(partOf(failed.field)))} ${failed.text}` : failed.text) : ed.dirty ? t.unsaved : ed.status?.kind === "saved" ? t.saved : t.noChanges}
              </p>
            </div>
          </form>
        </div>

        <VersionHistory id="prices-history" seedLabel={t.history} versions={server.versions} liveVersion={server.live.version} restore={ed.restore} announce={announce} />
      </div>

      <PublishBar server={server} unsaved={ed.dirty ? [t.title] : []} publish={ed.publish} reload={() => void ed.load()} liveBuild={fetchLiveRulesVersion} />
      <div aria-live="polite" className="sr-only">
        {said}
      </div>
    </div>
  );
}
