import { useEffect, useState, type ReactNode } from "react";
import { fetchPipes, type PipeReport } from "./api.ts";
import { formatDateTimeShort } from "./format.ts";
import { he } from "./strings.ts";

/** A pipe can go down while the dashboard stays open: look again this often. */
const REFRESH_MS = 2 * 60_000;

/** Latin words (Zoho API Console, ZOHO_REFRESH_TOKEN, status.zoho.com) and the spaces between them. */
const LATIN_RUN = /[A-Za-z](?:[\w.*-]*[\w*])?(?: [A-Za-z](?:[\w.*-]*[\w*])?)*/g;

/**
 * Hebrew with English names in it: each English run is isolated left to right, so it reads as
 * typed and the punctuation around it (an underscore, a bracket, a full stop) stays on its side.
 */
function Mixed({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LATIN_RUN)) {
    parts.push(text.slice(last, m.index), <bdi key={m.index} dir="ltr">{m[0]}</bdi>);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function WarningIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 text-red-600 dark:text-red-300" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v4m0 4h.01M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0Z" />
    </svg>
  );
}

function PipeBanner({ pipe }: { pipe: PipeReport }) {
  const waiting = pipe.pipe === "zoho" ? he.pipes.waiting.zoho(pipe.waitingLeads) : he.pipes.waiting.smtp(pipe.waitingLeads, pipe.waitingMessages ?? 0);
  return (
    <div
      role="alert"
      data-testid={`pipe-alert-${pipe.pipe}`}
      className="flex gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-950 shadow-sm dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
    >
      <WarningIcon />
      <div className="min-w-0 space-y-1.5">
        <h2 className="text-base font-bold">
          <Mixed text={he.pipes.title[pipe.pipe]} />
        </h2>
        <p data-testid="pipe-alert-state">
          {he.pipes.since(formatDateTimeShort(pipe.failingSince!), pipe.failures)} {waiting} {he.pipes.safe}
        </p>
        {pipe.lastError && (
          <p>
            <span className="font-semibold">{he.pipes.lastError}</span>{" "}
            {/* An English error from Zoho or the mail server: shown left to right, as written. */}
            <bdi dir="ltr" className="break-words font-mono text-xs" data-testid="pipe-alert-error">
              {pipe.lastError}
            </bdi>
          </p>
        )}
        <p data-testid="pipe-alert-todo">
          <span className="font-semibold">{he.pipes.todo}</span> <Mixed text={he.pipes.advice[pipe.pipe]} />
        </p>
        {pipe.alertOpenedAt && <p className="text-red-900/80 dark:text-red-100/80">{he.pipes.told[pipe.pipe](formatDateTimeShort(pipe.alertOpenedAt))}</p>}
      </div>
    </div>
  );
}

/**
 * A banner for each pipe a lead leaves through (the Zoho CRM sync, mail) that has failed every
 * attempt for an hour: what fails, since when, how many leads wait, what to do. Nothing otherwise.
 */
export default function PipeAlerts() {
  const [down, setDown] = useState<PipeReport[]>([]);

  useEffect(() => {
    const ctl = new AbortController();
    const load = () =>
      fetchPipes(ctl.signal)
        .then((pipes) => setDown(pipes.filter((p) => p.state === "down" && p.failingSince)))
        .catch((e) => {
          // The banner only adds to the dashboard: a failed look keeps what it showed, and the next one tries again.
          if (!ctl.signal.aborted) console.error("Failed to fetch the pipes' state", e);
        });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      ctl.abort();
      clearInterval(timer);
    };
  }, []);

  if (!down.length) return null;
  return (
    <section aria-label={he.pipes.label} className="space-y-3" data-testid="pipe-alerts">
      {down.map((p) => (
        <PipeBanner key={p.pipe} pipe={p} />
      ))}
    </section>
  );
}
