import { useCallback, useEffect, useId, useRef, useState } from "react";
import { fetchLogs, type Range, type Stats, type WindowParams } from "./api.ts";
import { parseLogLine, tailOrDefault, type Level } from "./log-line.ts";
import { he } from "./strings.ts";
import DayPicker from "./DayPicker.tsx";
import { Card, Spinner, field, formatDateTime, formatTime, label, quietButton, useDebounced } from "./ui.tsx";

const TYPING_DEBOUNCE_MS = 400;
const LEVEL_STYLE: Record<Level, string> = {
  INFO: "bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200",
  DEBUG: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  WARN: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  ERROR: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
};

interface Props {
  window: WindowParams;
  onWindowChange(w: WindowParams): void;
  /** Reloads the cards' figures together with the log. */
  onReload(): void;
  adminLogin: Stats["adminLoginToday"] | undefined;
}

/** The system log card (spec §2, §4, §5): tail, filter, range and date; reloads on every change. */
export default function LogViewer({ window: w, onWindowChange, onReload, adminLogin }: Props) {
  const ids = useId();
  const [tailInput, setTailInput] = useState("50");
  const [grep, setGrep] = useState("");
  const tail = tailOrDefault(useDebounced(tailInput, TYPING_DEBOUNCE_MS));
  const filter = useDebounced(grep, TYPING_DEBOUNCE_MS);
  const [lines, setLines] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [reloads, setReloads] = useState(0);
  const areaRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setFailed(false);
    fetchLogs({ ...w, tail, grep: filter }, ctl.signal)
      .then((l) => {
        setLines(l);
        setExpanded(true);
      })
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch raw logs", e);
        setLines([]);
        setFailed(true);
        setExpanded(true);
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
  }, [w, tail, filter, reloads]);

  // Newest lines are last: keep them in view after each load and once the area has opened.
  const toNewest = useCallback(() => {
    if (areaRef.current) areaRef.current.scrollTop = areaRef.current.scrollHeight;
  }, []);
  useEffect(toNewest, [lines, expanded, toNewest]);

  const reload = useCallback(() => {
    setReloads((n) => n + 1);
    onReload();
  }, [onReload]);

  const shown = lines.map(parseLogLine).filter((l) => l !== null);

  return (
    <Card
      id="card-log"
      title={he.log.title}
      actions={
        <div className="flex items-center gap-2">
          <button type="button" className={quietButton} aria-expanded={expanded} aria-controls={`${ids}-area`} onClick={() => setExpanded((x) => !x)}>
            {expanded ? he.log.hide : he.log.show}
          </button>
          <button type="button" className={quietButton} onClick={reload} disabled={loading} data-testid="log-reload">
            {loading ? <Spinner /> : <span aria-hidden="true">↻</span>}
            {loading ? he.log.loading : he.log.reload}
          </button>
        </div>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${ids}-tail`} className={label}>
            {he.log.lines}
          </label>
          <input id={`${ids}-tail`} type="number" inputMode="numeric" min={1} max={1000} className={field} value={tailInput} onChange={(e) => setTailInput(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${ids}-grep`} className={label}>
            {he.log.filter}
          </label>
          <input id={`${ids}-grep`} type="search" dir="auto" maxLength={200} className={field} placeholder={he.log.filterPlaceholder} value={grep} onChange={(e) => setGrep(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${ids}-range`} className={label}>
            {he.log.range}
          </label>
          <select id={`${ids}-range`} className={field} value={w.range} onChange={(e) => onWindowChange({ ...w, range: e.target.value as Range })}>
            {(Object.keys(he.log.ranges) as Range[]).map((r) => (
              <option key={r} value={r}>
                {he.log.ranges[r]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-date`} className={label}>
            {he.log.date}
          </label>
          <DayPicker id={`${ids}-date`} value={w.selectedDate} onChange={(d) => onWindowChange({ ...w, selectedDate: d })} labels={he.log.picker} />
        </div>
      </div>

      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="log-count">
        {loading ? he.log.loading : shown.length ? he.log.shown(shown.length) : ""}
      </p>

      <div
        id={`${ids}-area`}
        ref={areaRef}
        inert={!expanded}
        data-testid="log-area"
        data-expanded={expanded}
        onTransitionEnd={toNewest}
        className={`mt-2 overflow-y-auto rounded-xl bg-slate-50 transition-[max-height] duration-500 ease-in-out motion-reduce:transition-none dark:bg-slate-950 ${
          expanded ? "max-h-[500px] border border-slate-200 dark:border-slate-800" : "max-h-0"
        }`}
        tabIndex={expanded ? 0 : -1}
        role="region"
        aria-label={he.log.area}
      >
        {shown.length === 0 ? (
          <div className="flex flex-wrap items-center justify-center gap-3 p-6 text-center text-sm text-slate-500 dark:text-slate-400">
            <p data-testid="log-empty">{he.log.empty}</p>
            {failed && !loading && (
              <button type="button" className={`${quietButton} whitespace-nowrap`} onClick={reload} data-testid="load-retry">
                <span aria-hidden="true">↻</span>
                {he.retry}
              </button>
            )}
          </div>
        ) : (
          <ol dir="ltr" className="divide-y divide-slate-200/70 text-left font-mono text-xs leading-relaxed dark:divide-slate-800">
            {shown.map((l, i) => (
              <li key={`${l.ts}-${i}`} className="flex flex-wrap gap-x-2 px-3 py-1.5" data-testid="log-line" data-level={l.level}>
                <time dateTime={l.ts} className="text-slate-500 dark:text-slate-400">
                  [{formatDateTime(l.ts)}]
                </time>
                <span className={`rounded px-1.5 font-semibold ${LEVEL_STYLE[l.level]}`}>{l.level}</span>
                <span className="text-brand-700 dark:text-brand-100">[{l.source}]</span>
                <span className="w-full min-w-0 break-words text-slate-800 sm:w-auto sm:flex-1 dark:text-slate-200">{l.message}</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400" data-testid="admin-login-line">
        {adminLogin === undefined ? "\u00a0" : adminLogin ? he.log.adminLogin(formatTime(adminLogin.at), adminLogin.email) : he.log.noAdminLogin}
      </p>
    </Card>
  );
}
