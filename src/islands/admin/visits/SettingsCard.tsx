/**
 * The office's visit settings (issue 35, item 1), Hebrew: the hours of each weekday (one range or
 * several), days off, visit length and travel time, the day's cap, how far ahead visitors book, and
 * the service area's ZIP codes, those still from the seed marked 'לדוגמה' until the office confirms
 * them. Saved as one version (kept in the history, with who and when).
 */
import { useEffect, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import type { VisitSettings } from "../../../lib/visit-schemas.ts";
import { useToast } from "../../../lib/stores/toast.ts";
import DayPicker from "../DayPicker.tsx";
import { he } from "../strings.ts";
import { Card, LoadFailed, Skeleton, Spinner, field, formatDateTime, label, primaryButton, quietButton } from "../ui.tsx";
import { fetchVisitSettings, saveVisitSettings, type SettingsAnswer } from "./visits-api.ts";
import { capeCoralToday, dateText } from "./days.ts";
import { s, weekdayNames } from "./strings.ts";

const compact = field.replace("w-full ", "");
const small = `${quietButton} px-2.5 py-1 text-xs`;

export default function SettingsCard() {
  const id = useId();
  const toast = useToast((t) => t.show);
  const [data, setData] = useState<SettingsAnswer | null>(null);
  const [draft, setDraft] = useState<VisitSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [zip, setZip] = useState("");
  const [dayOff, setDayOff] = useState({ date: capeCoralToday(), label: "" });

  const load = () => {
    setFailed(false);
    fetchVisitSettings()
      .then((d) => (setData(d), setDraft(d.settings)))
      .catch(() => setFailed(true));
  };
  useEffect(load, []);

  if (failed) return <LoadFailed text={he.failed} onRetry={load} />;
  if (!data || !draft) return <Skeleton className="h-64 w-full" />;
  const set = (patch: Partial<VisitSettings>) => setDraft({ ...draft, ...patch });
  const num = (k: "visitMinutes" | "bufferMinutes" | "maxPerDay" | "minDaysAhead" | "maxDaysAhead", text: string) => (
    <div>
      <label htmlFor={`${id}-${k}`} className={label}>
        {text}
      </label>
      <input id={`${id}-${k}`} type="number" inputMode="numeric" min={0} value={draft[k]} onChange={(e) => set({ [k]: Number(e.target.value) })} className={`${compact} w-28`} dir="ltr" />
    </div>
  );

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveVisitSettings(draft);
      setData(saved);
      setDraft(saved.settings);
      toast(s.saved, "success");
    } catch (e) {
      toast(`${s.failed} ${e instanceof ApiError ? e.message : ""}`, "error");
    } finally {
      setBusy(false);
    }
  };

  const addZip = () => {
    if (!/^\d{5}$/.test(zip)) return toast(s.badZip, "error");
    if (!draft.zips.includes(zip)) set({ zips: [...draft.zips, zip] });
    setZip("");
  };

  return (
    <Card id="visit-settings" title={s.title}>
      <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">{s.intro}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <fieldset>
          <legend className="mb-2 font-bold text-slate-900 dark:text-white">{s.weekly}</legend>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {weekdayNames.map((name, i) => {
              const day = i + 1;
              const ranges = draft.weekly.map((h, index) => ({ h, index })).filter((r) => r.h.day === day);
              return (
                <li key={day} className="flex flex-wrap items-center gap-2 py-2" data-testid="settings-weekday" data-day={day}>
                  <span className="w-16 font-semibold text-slate-800 dark:text-slate-200">{name}</span>
                  {ranges.length === 0 && <span className="text-sm text-slate-500 dark:text-slate-400">{s.weekdayOff}</span>}
                  {ranges.map(({ h, index }) => (
                    <span key={index} className="flex items-center gap-1">
                      <input type="time" aria-label={`${name} ${s.from}`} value={h.from} onChange={(e) => set({ weekly: draft.weekly.map((x, j) => (j === index ? { ...x, from: e.target.value } : x)) })} className={`${compact} w-36`} dir="ltr" />
                      <span aria-hidden="true">–</span>
                      <input type="time" aria-label={`${name} ${s.to}`} value={h.to} onChange={(e) => set({ weekly: draft.weekly.map((x, j) => (j === index ? { ...x, to: e.target.value } : x)) })} className={`${compact} w-36`} dir="ltr" />
                      <button type="button" className={small} aria-label={`${s.removeRange}: ${name}`} onClick={() => set({ weekly: draft.weekly.filter((_, j) => j !== index) })}>
                        ✕
                      </button>
                    </span>
                  ))}
                  <button type="button" className={small} onClick={() => set({ weekly: [...draft.weekly, { day, from: "08:00", to: "16:00" }] })}>
                    + {ranges.length ? s.addRange : weekdayNames[i]}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="grid content-start gap-5">
          <div className="flex flex-wrap gap-4">
            {num("visitMinutes", s.visitMinutes)}
            {num("bufferMinutes", s.bufferMinutes)}
            {num("maxPerDay", s.maxPerDay)}
            {num("minDaysAhead", s.minDaysAhead)}
            {num("maxDaysAhead", s.maxDaysAhead)}
          </div>
          <fieldset>
            <legend className="mb-2 font-bold text-slate-900 dark:text-white">{s.daysOff}</legend>
            {draft.daysOff.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">{s.noDaysOff}</p>
            ) : (
              <ul className="mb-2 space-y-1">
                {draft.daysOff.map((d) => (
                  <li key={d.date} className="flex items-center gap-2 text-sm">
                    <span className="tabular-nums">{dateText(d.date)}</span>
                    <bdi className="text-slate-600 dark:text-slate-300">{d.label}</bdi>
                    <button type="button" className={small} onClick={() => set({ daysOff: draft.daysOff.filter((x) => x.date !== d.date) })}>
                      {s.removeDayOff}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-end gap-2">
              <div className="w-44">
                <DayPicker id={`${id}-dayoff`} value={dayOff.date} onChange={(date) => setDayOff((x) => ({ ...x, date }))} max="2100-12-31" labels={he.log.picker} />
              </div>
              <input aria-label={s.dayOffLabel} placeholder={s.dayOffLabel} value={dayOff.label} onChange={(e) => setDayOff((x) => ({ ...x, label: e.target.value }))} className={`${compact} w-56`} maxLength={80} />
              <button type="button" className={quietButton} onClick={() => (set({ daysOff: [...draft.daysOff.filter((x) => x.date !== dayOff.date), dayOff] }), setDayOff((x) => ({ ...x, label: "" })))}>
                {s.addDayOff}
              </button>
            </div>
          </fieldset>
        </div>
        <fieldset className="lg:col-span-2">
          <legend className="mb-1 font-bold text-slate-900 dark:text-white">{s.zips}</legend>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{s.zipsIntro}</p>
          {draft.sampleZips.length > 0 && (
            <p className="mb-2 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100" data-testid="zips-sample-note">
              {s.sampleNote(draft.sampleZips.length)}
              <button type="button" className={small} onClick={() => set({ sampleZips: [] })} data-testid="zips-confirm">
                {s.confirmAll}
              </button>
            </p>
          )}
          <ul className="flex flex-wrap gap-2" dir="ltr" data-testid="zips">
            {draft.zips.map((z) => (
              <li key={z} className="flex items-center gap-1 rounded-full border border-slate-300 py-0.5 ps-3 pe-1 text-sm tabular-nums dark:border-slate-600">
                {z}
                {draft.sampleZips.includes(z) && (
                  <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" lang="he" dir="rtl">
                    {s.sample}
                  </span>
                )}
                <button type="button" className="flex size-7 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={s.removeZip(z)} onClick={() => set({ zips: draft.zips.filter((x) => x !== z), sampleZips: draft.sampleZips.filter((x) => x !== z) })}>
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex gap-2">
            <input aria-label={s.addZip} placeholder={s.zipPlaceholder} value={zip} onChange={(e) => setZip(e.target.value.trim())} onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), addZip())} className={`${compact} w-28`} inputMode="numeric" maxLength={5} dir="ltr" />
            <button type="button" className={quietButton} onClick={addZip}>
              {s.addZip}
            </button>
          </div>
        </fieldset>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4 border-t border-slate-200 pt-4 dark:border-slate-700">
        <button type="button" className={`${primaryButton} min-h-11`} onClick={() => void save()} disabled={busy} data-testid="settings-save">
          {busy && <Spinner className="size-3" />}
          {s.save}
        </button>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {data.history.length ? `${s.history}: ${data.history.slice(0, 3).map((h) => s.by(h.savedBy, formatDateTime(h.savedAt))).join(" · ")}` : s.never}
        </p>
      </div>
    </Card>
  );
}
