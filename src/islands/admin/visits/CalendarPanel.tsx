/**
 * The back office's calendar tab (issue 35, item 5), Hebrew, phone first: the site visits of a day, a
 * week or the next 30 days, each linked to its lead's card; the office books a visit for a caller,
 * moves one or records how it went; and, behind their buttons, the visit settings and the private
 * calendar feed. Times are Cape Coral's, as the server names them.
 */
import { useEffect, useId, useState } from "react";
import type { AdminVisit, AdminVisitsAnswer } from "../../../lib/contracts/visits.ts";
import { Card, LoadFailed, Skeleton, card, quietButton } from "../ui.tsx";
import VisitItem from "./VisitItem.tsx";
import CallerForm from "./CallerForm.tsx";
import SettingsCard from "./SettingsCard.tsx";
import FeedCard from "./FeedCard.tsx";
import { fetchVisits } from "./visits-api.ts";
import { addDays, capeCoralToday, dayShort, dayTitle, daysBetween, weekStart } from "./days.ts";
import { v } from "./strings.ts";

type View = keyof typeof v.views;
type Panel = "none" | "new" | "settings" | "feed";
const LIST_DAYS = 30;

function rangeOf(view: View, anchor: string): [string, string] {
  if (view === "day") return [anchor, anchor];
  if (view === "week") return [weekStart(anchor), addDays(weekStart(anchor), 6)];
  return [anchor, addDays(anchor, LIST_DAYS - 1)];
}

export default function CalendarPanel() {
  const ids = useId();
  const [view, setView] = useState<View>("list");
  const [anchor, setAnchor] = useState(capeCoralToday);
  const [data, setData] = useState<AdminVisitsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [panel, setPanel] = useState<Panel>("none");
  const [from, to] = rangeOf(view, anchor);

  useEffect(() => {
    const ctl = new AbortController();
    setFailed(false);
    fetchVisits(from, to, ctl.signal)
      .then(setData)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to load the visits", e);
        setFailed(true);
      });
    return () => ctl.abort();
  }, [from, to, reloads]);

  const today = data?.today ?? capeCoralToday();
  const visits = data?.visits ?? [];
  const replace = (x: AdminVisit) => {
    // A visit moved out of the range leaves it; the next load shows it where it went.
    setData((d) => (d ? { ...d, visits: d.visits.map((y) => (y.id === x.id ? x : y)).filter((y) => y.slot.date >= from && y.slot.date <= to) } : d));
  };
  const step = (n: number) => setAnchor((a) => addDays(a, n * (view === "day" ? 1 : view === "week" ? 7 : LIST_DAYS)));
  const days = view === "list" ? [...new Set(visits.map((x) => x.slot.date))] : daysBetween(from, to);
  const toggle = (p: Panel) => setPanel((cur) => (cur === p ? "none" : p));

  return (
    <div className="space-y-4" data-testid="calendar">
      <section className={`${card} grid gap-3`} aria-labelledby={`${ids}-title`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
            {v.title}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{v.zoneNote}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="radiogroup" aria-label={v.viewLabel} className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600">
            {(Object.keys(v.views) as View[]).map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={view === k}
                onClick={() => setView(k)}
                className="min-h-10 min-w-14 rounded-md px-3 text-sm font-semibold text-slate-700 aria-checked:bg-brand-600 aria-checked:text-white dark:text-slate-200 dark:aria-checked:bg-brand-500"
                data-testid={`calendar-view-${k}`}
              >
                {v.views[k]}
              </button>
            ))}
          </div>
          <div className="flex items-center gap-1">
            <button type="button" className={`${quietButton} min-h-10 px-3`} onClick={() => step(-1)} aria-label={v.previous}>
              <span aria-hidden="true">›</span>
            </button>
            <button type="button" className={`${quietButton} min-h-10 px-3`} onClick={() => setAnchor(today)}>
              {v.today}
            </button>
            <button type="button" className={`${quietButton} min-h-10 px-3`} onClick={() => step(1)} aria-label={v.next}>
              <span aria-hidden="true">‹</span>
            </button>
          </div>
          <p className="text-sm font-semibold text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="calendar-range">
            {view === "day" ? dayTitle(from) : view === "week" ? `${dayShort(from)} – ${dayShort(to)}` : `${v.listRange} · ${data ? v.count(visits.length) : ""}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {([
            ["new", v.newVisit],
            ["settings", v.settings],
            ["feed", v.feed],
          ] as const).map(([p, text]) => (
            <button key={p} type="button" className={`${quietButton} min-h-11`} aria-expanded={panel === p} onClick={() => toggle(p)} data-testid={`calendar-${p}`}>
              {p === "new" && <span aria-hidden="true">+</span>}
              {text}
            </button>
          ))}
        </div>
      </section>

      {panel === "new" && (
        <CallerForm
          day={anchor < today ? today : anchor}
          onClose={() => setPanel("none")}
          onBooked={(x) => {
            setPanel("none");
            setAnchor(x.slot.date);
            setView("day");
            setReloads((n) => n + 1);
          }}
        />
      )}
      {panel === "settings" && <SettingsCard />}
      {panel === "feed" && <FeedCard />}

      {failed ? (
        <LoadFailed text={v.loadFailed} onRetry={() => setReloads((n) => n + 1)} />
      ) : !data ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : view === "list" && visits.length === 0 ? (
        <Card id="calendar-empty" title={v.listRange}>
          <p className="text-slate-600 dark:text-slate-400" data-testid="calendar-list-empty">
            {v.listEmpty}
          </p>
        </Card>
      ) : (
        <div className={view === "week" ? "grid gap-3 lg:grid-cols-7 lg:gap-2" : "grid gap-4"} data-testid={`calendar-${view}`}>
          {days.map((date) => {
            const ofDay = visits.filter((x) => x.slot.date === date);
            return (
              <section key={date} aria-labelledby={`${ids}-${date}`} className={`min-w-0 ${view === "week" ? "rounded-xl border border-slate-200 bg-slate-100/70 p-2 dark:border-slate-700 dark:bg-slate-900/60" : ""}`} data-date={date}>
                <h3 id={`${ids}-${date}`} className={`mb-2 text-sm font-bold ${date === today ? "text-brand-700 dark:text-brand-200" : "text-slate-700 dark:text-slate-300"}`}>
                  {view === "week" ? dayShort(date) : dayTitle(date)}
                  {date === today && (
                    <>
                      {" "}
                      <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{v.today}</span>
                    </>
                  )}
                  {ofDay.length > 0 && view !== "week" && <span className="font-normal text-slate-500 dark:text-slate-400"> · {v.count(ofDay.length)}</span>}
                </h3>
                {ofDay.length === 0 ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">{view === "week" ? "—" : v.empty}</p>
                ) : (
                  <div className="grid gap-2">
                    {ofDay.map((x) => (
                      <VisitItem key={x.id} visit={x} visitMinutes={data.visitMinutes} onChanged={replace} compact={view === "week"} />
                    ))}
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
