import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { Spinner, primaryButton } from "../ui.tsx";
import { reasonText } from "./error-text.ts";
import { smallButton } from "./field-parts.tsx";
import { POLL_MS, publishPhase, unfinishedPublish, type Phase, type PublishJob } from "./publish-status.ts";
import { fetchLiveBuildVersion, type SiteState } from "./site-api.ts";
import { t } from "./strings.ts";

/** What the bar needs of a published document's state (the Site section's, the price rules'). */
export type PublishState = Pick<SiteState, "changed" | "live" | "rebuild">;

interface Props {
  server: PublishState;
  /** The sections with edits not saved, by their Hebrew names. */
  unsaved: string[];
  publish(): Promise<number>;
  /** Saves every section with edits (offered beside Publish while there are some). */
  saveAll?(): Promise<void>;
  /** Reads the server's state again (the rebuild's last error, once late). */
  reload(): void;
  /** The version the live site was built from (default: the site content's, /content-version.json). */
  liveBuild?: (signal?: AbortSignal) => Promise<number | null>;
}

/**
 * The bar at the bottom of the Site section: whether the draft is saved and published, "Publish",
 * then "Publishing…" until the live site reports the new version ("Live"), or says the rebuild is
 * late after 10 minutes. It stays in view while the office scrolls, and never hides a field: the
 * page keeps its height as scroll padding, so a focused field scrolls clear of it.
 */
export default function PublishBar({ server, unsaved, publish, saveAll, reload, liveBuild = fetchLiveBuildVersion }: Props) {
  const [job, setJob] = useState<PublishJob | null>(null);
  const [saving, setSaving] = useState(false);
  const [phase, setPhase] = useState<Phase | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const bar = useRef<HTMLDivElement>(null);
  const reloadNow = useRef(reload);
  reloadNow.current = reload;

  // Opened while an earlier publish is still being built: follow it.
  useEffect(() => {
    const ac = new AbortController();
    void liveBuild(ac.signal).then((v) => {
      const open = unfinishedPublish(server.live, v);
      if (!ac.signal.aborted && open) setJob((j) => j ?? open);
    });
    return () => ac.abort();
    // Once, for the state the panel opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!job) return;
    let stopped = false;
    const check = async () => {
      const p = publishPhase(job, await liveBuild(), Date.now());
      if (stopped) return;
      setPhase(p);
      if (p !== "publishing") {
        clearInterval(timer);
        if (p === "late") reloadNow.current();
      }
    };
    setPhase(publishPhase(job, null, Date.now()));
    void check();
    const timer = setInterval(check, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [job, liveBuild]);

  // The page scrolls a focused field clear of the bar.
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    // Its height also places each section's sticky save row just above it.
    const ro = new ResizeObserver(() => {
      // A section's save row, where it sticks (wider screens), sits on top of the bar: a field scrolls clear of both.
      const rows = [...document.querySelectorAll<HTMLElement>("[data-save-row]")].filter((r) => getComputedStyle(r).position === "sticky");
      const row = Math.max(0, ...rows.map((r) => r.offsetHeight));
      root.style.scrollPaddingBottom = el.offsetHeight ? `${el.offsetHeight + 16 + row}px` : "";
      root.style.setProperty("--publish-bar-h", `${el.offsetHeight}px`);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.scrollPaddingBottom = "";
      root.style.removeProperty("--publish-bar-h");
    };
  }, []);

  async function onPublish() {
    setBusy(true);
    setProblem("");
    try {
      const version = await publish();
      setJob({ version, since: Date.now() });
    } catch (e) {
      setProblem(e instanceof ApiError && e.httpStatus === 409 ? t.bar.nothing : `${t.bar.failed} ${e instanceof ApiError ? reasonText(e.message) : ""}`.trim());
    } finally {
      setBusy(false);
    }
  }

  const draftState = unsaved.length ? t.bar.unsaved(unsaved.join(", ")) : server.changed ? t.bar.changed : t.bar.same;
  // On a phone the bar keeps to the state itself; the explanations stay for a screen reader (max-sm:sr-only).
  return (
    <div
      ref={bar}
      role="region"
      aria-label={t.bar.label}
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-700 dark:bg-slate-900/95"
      data-testid="publish-bar"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 space-y-0.5 text-sm" aria-live="polite">
          <p className={`font-semibold ${unsaved.length ? "text-amber-800 dark:text-amber-300" : "text-slate-800 dark:text-slate-100"}`} data-testid="draft-state">
            {draftState}
            {unsaved.length > 0 && <span className="max-sm:sr-only"> {t.bar.unsavedNote}</span>}
          </p>
          {job && phase && (
            <p className="flex flex-wrap items-center gap-x-2 text-slate-700 dark:text-slate-300" data-testid="publish-state" data-phase={phase}>
              {phase === "publishing" && (
                <>
                  <Spinner className="size-3.5" />
                  <strong>{t.bar.publishing}</strong> <span>{t.bar.publishingNote(job.version)}</span>
                  <span className="max-sm:sr-only">{t.bar.publishingWait}</span>
                  {!server.rebuild.hook && (
                    <span className="basis-full text-xs">
                      {t.bar.noHook[0]} (<bdi dir="ltr">{t.bar.noHook[1]}</bdi>), {t.bar.noHook[2]}
                    </span>
                  )}
                </>
              )}
              {phase === "live" && <strong className="text-emerald-800 dark:text-emerald-300">✓ {t.bar.live(job.version)}</strong>}
              {phase === "late" && <strong className="text-red-700 dark:text-red-300">{t.bar.late(job.version)}</strong>}
            </p>
          )}
          {phase === "late" && server.rebuild.lastError && (
            <p className="text-red-700 dark:text-red-300" data-testid="rebuild-error">
              {t.bar.lastError}{" "}
              <bdi dir="ltr" className="break-all">
                {server.rebuild.lastError}
              </bdi>
            </p>
          )}
          {problem && (
            <p role="alert" className="font-semibold text-red-700 dark:text-red-300" data-testid="publish-problem">
              {problem}
            </p>
          )}
        </div>
        {phase === "late" && job && (
          <button type="button" className={smallButton} onClick={() => setJob({ ...job })}>
            {t.bar.checkAgain}
          </button>
        )}
        {saveAll && unsaved.length > 0 && (
          <button
            type="button"
            className={`${primaryButton} min-h-11 px-6 text-base`}
            disabled={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await saveAll();
              } finally {
                setSaving(false);
              }
            }}
            data-testid="publish-bar-save"
          >
            {saving && <Spinner className="size-4" />}
            {t.bar.save(unsaved.length)}
          </button>
        )}
        <button type="button" className={`${primaryButton} min-h-11 px-6 text-base`} onClick={onPublish} disabled={busy || !server.changed} data-testid="publish">
          {busy && <Spinner className="size-4" />}
          {t.bar.publish}
        </button>
      </div>
    </div>
  );
}
