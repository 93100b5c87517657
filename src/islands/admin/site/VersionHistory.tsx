import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { formatDateTimeShort } from "../format.ts";
import { Card } from "../ui.tsx";
import Confirm from "./Confirm.tsx";
import { reasonText } from "./error-text.ts";
import { smallButton } from "./field-parts.tsx";
import type { VersionInfo } from "./site-api.ts";
import { t } from "./strings.ts";

const SHOWN = 8;

interface Props {
  versions: VersionInfo[];
  liveVersion: number;
  restore(version: number): Promise<void>;
  announce(text: string): void;
  /** The card's id (one per section on the dashboard) and what the seed's version is called. */
  id?: string;
  seedLabel?: string;
}

/** Every published version, newest first: who, when, and "Restore as draft" with a confirmation. */
export default function VersionHistory({ versions, liveVersion, restore, announce, id = "site-history", seedLabel = t.history.seed }: Props) {
  const [all, setAll] = useState(false);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const shown = all ? versions : versions.slice(0, SHOWN);

  async function yes(v: number) {
    setBusy(true);
    setProblem("");
    try {
      await restore(v);
      setAsking(null);
      announce(t.history.restored(v));
    } catch (e) {
      setProblem(`${t.history.failed} ${e instanceof ApiError ? reasonText(e.message) : ""}`.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card id={id} title={t.history.title}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t.history.hint}</p>
      {problem && (
        <p role="alert" className="mb-3 text-sm font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <ol className="divide-y divide-slate-200 dark:divide-slate-700">
        {shown.map((v) => (
          <li key={v.version} className="py-2.5" data-testid="version" data-version={v.version}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-slate-900 dark:text-white">
                  {t.history.version(v.version)}
                  {v.version === liveVersion && (
                    <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">{t.history.current}</span>
                  )}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  <time dateTime={v.publishedAt}>{formatDateTimeShort(v.publishedAt)}</time> · {t.history.by}
                  <bdi dir="auto">{v.publishedBy.startsWith("content/") ? seedLabel : v.publishedBy}</bdi>
                  {v.restoredFrom !== null && <> · {t.history.restoredFrom(v.restoredFrom)}</>}
                </p>
              </div>
              <button
                type="button"
                className={smallButton}
                onClick={() => setAsking(v.version)}
                aria-label={t.history.restoreFor(v.version)}
                aria-expanded={asking === v.version}
                data-testid="version-restore"
              >
                {t.history.restore}
              </button>
            </div>
            {asking === v.version && (
              <Confirm
                label={t.history.confirm(v.version)}
                question={t.history.confirm(v.version)}
                hint={t.history.confirmHint}
                yes={busy ? "..." : t.history.yes}
                no={t.history.no}
                onYes={() => !busy && void yes(v.version)}
                onNo={() => setAsking(null)}
              />
            )}
          </li>
        ))}
      </ol>
      {!all && versions.length > SHOWN && (
        <button type="button" className={`${smallButton} mt-2`} onClick={() => setAll(true)}>
          {t.history.more}
        </button>
      )}
    </Card>
  );
}
