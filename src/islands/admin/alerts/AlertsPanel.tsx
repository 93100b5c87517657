/**
 * The alerts tab (issue 34), Hebrew: this device's alerts (on, off, a test) and the admin's other
 * devices; then who gets alerts when: the weekly rota, quiet hours, the on-call person and the
 * escalation order for a lead nobody has called.
 */
import { useEffect, useId, useState } from "react";
import { useToast } from "../../../lib/stores/toast.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { fetchAlerts, removeAlertDevice, saveAlertSettings, sendTestAlert, type AlertDevice, type AlertSettings, type AlertsAnswer, type Shift, type StaffMember } from "../api.ts";
import { he } from "../strings.ts";
import { Card, LoadFailed, Skeleton, Spinner, field, formatDateTime, label, primaryButton, quietButton } from "../ui.tsx";
import { currentSubscription, disableAlerts, enableAlerts, endpointKey, pushSupport, type Support } from "./push-device.ts";

const t = he.alerts;
/** A form field that takes the width it is given (the shared one fills its row). */
const compact = field.replace("w-full ", "");

export default function AlertsPanel() {
  const [data, setData] = useState<AlertsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    fetchAlerts(ctl.signal)
      .then((d) => (setData(d), setFailed(false)))
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to load alerts", e);
        setFailed(true);
      });
    return () => ctl.abort();
  }, [reloads]);
  const reload = () => setReloads((n) => n + 1);

  if (failed) return <LoadFailed text={t.loadFailed} onRetry={reload} />;
  if (!data)
    return (
      <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <DeviceCard data={data} onDevices={(devices) => setData({ ...data, devices })} />
      <RotaCard staff={data.staff} initial={data.settings} />
    </div>
  );
}

function DeviceCard({ data, onDevices }: { data: AlertsAnswer; onDevices(devices: AlertDevice[]): void }) {
  const toast = useToast((s) => s.show);
  const [support, setSupport] = useState<Support | null>(null);
  const [here, setHere] = useState<string | null>(null);
  const [busy, setBusy] = useState<"on" | "off" | "test" | null>(null);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    const s = pushSupport();
    setSupport(s);
    setDenied(s === "ok" && Notification.permission === "denied");
    if (s === "ok") void currentSubscription().then(async (sub) => setHere(sub ? await endpointKey(sub.endpoint) : null));
  }, []);

  const thisDevice = data.devices.find((d) => d.key === here) ?? null;
  const on = !!thisDevice;

  const turnOn = async () => {
    if (!data.publicKey) return;
    setBusy("on");
    try {
      const device = await enableAlerts(data.publicKey);
      setHere(device.key);
      onDevices([...data.devices.filter((d) => d.id !== device.id), device]);
      toast(t.on, "success");
    } catch (e) {
      if (e instanceof Error && e.message === "denied") setDenied(true);
      else {
        console.error("Failed to turn alerts on", e);
        toast(e instanceof ApiError ? e.message : t.failed, "error");
      }
    } finally {
      setBusy(null);
    }
  };
  const turnOff = async (device: AlertDevice | null) => {
    setBusy("off");
    try {
      if (!device || device.key === here) {
        await disableAlerts(device?.id ?? thisDevice?.id ?? null);
        setHere(null);
      } else {
        await removeAlertDevice(device.id);
      }
      onDevices(data.devices.filter((d) => d.id !== (device ?? thisDevice)?.id));
    } catch (e) {
      console.error("Failed to turn alerts off", e);
      toast(t.failed, "error");
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    setBusy("test");
    try {
      const r = await sendTestAlert();
      toast(r.devices ? t.testSent(r.devices) : t.testNone, r.devices ? "success" : "error");
    } catch (e) {
      console.error("Failed to send a test alert", e);
      toast(t.failed, "error");
    } finally {
      setBusy(null);
    }
  };

  const blocked = !data.enabled ? (data.publicKey ? t.previewOff : t.serverOff) : support === "no-push" ? t.noPush : support === "ios-not-installed" ? t.iosInstall : support === "insecure" ? t.insecure : denied ? t.denied : null;

  return (
    <Card id="card-alert-device" title={t.deviceTitle}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t.deviceIntro}</p>
      <p className="mt-4 flex items-center gap-2 font-semibold" role="status" data-testid="alerts-state" data-on={on}>
        <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${on ? "bg-emerald-500" : "bg-slate-400"}`} />
        {support === null ? <Spinner className="size-3" /> : on ? t.on : t.off}
      </p>
      {blocked && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100" data-testid="alerts-blocked">
          {blocked}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {on ? (
          <button type="button" className={quietButton} onClick={() => turnOff(null)} disabled={!!busy} data-testid="alerts-off">
            {busy === "off" && <Spinner className="size-3" />}
            {t.turnOff}
          </button>
        ) : (
          <button type="button" className={primaryButton} onClick={turnOn} disabled={!!busy || !!blocked || support !== "ok" || !data.publicKey} data-testid="alerts-on">
            {busy === "on" && <Spinner className="size-3" />}
            {t.turnOn}
          </button>
        )}
        <button type="button" className={quietButton} onClick={test} disabled={!!busy || !data.devices.length || !data.enabled} data-testid="alerts-test">
          {busy === "test" && <Spinner className="size-3" />}
          {t.test}
        </button>
      </div>

      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">{t.myDevices}</h3>
      {data.devices.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">—</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="alerts-devices">
          {data.devices.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium" dir="auto">
                {d.label || "—"}
              </span>
              {d.key === here && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">{t.thisDevice}</span>}
              <span className="text-xs text-slate-500 dark:text-slate-400">{d.lastSentAt ? t.lastSent(formatDateTime(d.lastSentAt)) : t.neverSent}</span>
              <button type="button" className={`${quietButton} ms-auto px-2.5 py-1 text-xs`} onClick={() => turnOff(d)} disabled={!!busy} aria-label={t.removeDevice(d.label || t.thisDevice)}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const nameOf = (staff: StaffMember[], id: string | null) => staff.find((s) => s.id === id)?.name ?? "—";

function RotaCard({ staff, initial }: { staff: StaffMember[]; initial: AlertSettings }) {
  const ids = useId();
  const toast = useToast((s) => s.show);
  const [settings, setSettings] = useState<AlertSettings>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [addWho, setAddWho] = useState("");
  const set = (patch: Partial<AlertSettings>) => (setSettings((s) => ({ ...s, ...patch })), setError(null));
  const shiftsOf = (day: number) => settings.rota.map((s, i) => [s, i] as const).filter(([s]) => s.day === day);
  const updateShift = (i: number, patch: Partial<Shift>) => set({ rota: settings.rota.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      setSettings(await saveAlertSettings(settings));
      toast(t.saved, "success");
    } catch (e) {
      console.error("Failed to save alert settings", e);
      setError(e instanceof ApiError ? e.message : t.saveFailed);
      toast(t.saveFailed, "error");
    } finally {
      setSaving(false);
    }
  };

  const person = (value: string, onChange: (v: string) => void, labelText: string, id: string, allowNone = false) => (
    <select id={id || undefined} aria-label={id ? undefined : labelText} className={`${compact} min-w-40`} value={value} onChange={(e) => onChange(e.target.value)}>
      {allowNone && <option value="">{t.nobody}</option>}
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );

  return (
    <Card id="card-alert-rota" title={t.rotaTitle}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t.rotaIntro}</p>
      <div className="divide-y divide-slate-200 border-y border-slate-200 dark:divide-slate-700 dark:border-slate-700" data-testid="rota">
        {t.dayOrder.map((day) => {
          const dayName = t.days[day];
          const shifts = shiftsOf(day);
          return (
            <fieldset key={day} className="flex flex-wrap items-start gap-x-3 gap-y-2 py-2.5">
              <legend className="float-start w-14 shrink-0 pt-2 text-sm font-semibold">{dayName}</legend>
              <div className="min-w-0 flex-1 space-y-2">
                {shifts.length === 0 && <p className="pt-2 text-xs text-slate-500 dark:text-slate-400">{t.noShifts}</p>}
                {shifts.map(([s, i], n) => (
                  <div key={i} className="flex flex-wrap items-center gap-2">
                    <select aria-label={`${t.who} (${dayName})`} className={`${compact} min-w-0 flex-1 sm:max-w-48`} value={s.userId} onChange={(e) => updateShift(i, { userId: e.target.value })}>
                      {staff.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.name}
                        </option>
                      ))}
                    </select>
                    <span className="inline-flex items-center gap-1">
                      <span className="inline-flex items-center gap-1" dir="ltr">
                        <input type="time" aria-label={`${t.from} (${dayName})`} className={`${compact} w-[7.5rem]`} value={s.from} onChange={(e) => updateShift(i, { from: e.target.value })} />
                        <span aria-hidden="true">–</span>
                        <input type="time" aria-label={`${t.to} (${dayName})`} className={`${compact} w-[7.5rem]`} value={s.to} onChange={(e) => updateShift(i, { to: e.target.value })} />
                      </span>
                      <button type="button" className={`${quietButton} size-9 p-0`} onClick={() => set({ rota: settings.rota.filter((_, j) => j !== i) })} aria-label={t.removeShift(dayName, n + 1)}>
                        ✕
                      </button>
                    </span>
                  </div>
                ))}
              </div>
              <button
                type="button"
                className={`${quietButton} min-h-9 px-2.5 py-1 text-xs whitespace-nowrap`}
                onClick={() => set({ rota: [...settings.rota, { day, from: "08:00", to: "17:00", userId: staff[0]?.id ?? "" }] })}
                disabled={!staff.length}
                aria-label={t.addShift(dayName)}
              >
                + {t.shift}
              </button>
            </fieldset>
          );
        })}
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className={label}>{t.quiet}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" checked={!!settings.quiet} onChange={(e) => set({ quiet: e.target.checked ? { from: "21:00", to: "07:00" } : null })} data-testid="quiet-on" />
            {t.quietOn}
          </label>
          {settings.quiet && (
            <div className="mt-2 flex items-center gap-1" dir="ltr">
              <input type="time" aria-label={`${t.quiet}: ${t.from}`} className={`${compact} w-[7.5rem]`} value={settings.quiet.from} onChange={(e) => set({ quiet: { ...settings.quiet!, from: e.target.value } })} dir="ltr" />
              <span aria-hidden="true">–</span>
              <input type="time" aria-label={`${t.quiet}: ${t.to}`} className={`${compact} w-[7.5rem]`} value={settings.quiet.to} onChange={(e) => set({ quiet: { ...settings.quiet!, to: e.target.value } })} dir="ltr" />
            </div>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${ids}-oncall`} className={label}>
            {t.onCall}
          </label>
          {person(settings.onCall ?? "", (v) => set({ onCall: v || null }), t.onCall, `${ids}-oncall`, true)}
        </div>
      </div>

      <div className="mt-5">
        <h3 className={label} id={`${ids}-esc`}>
          {t.escalation}
        </h3>
        {settings.escalation.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t.escalationEmpty}</p>
        ) : (
          <ol className="space-y-1 text-sm" aria-labelledby={`${ids}-esc`} data-testid="escalation">
            {settings.escalation.map((id, i) => (
              <li key={`${id}-${i}`} className="flex items-center gap-2">
                <span className="w-6 text-end tabular-nums text-slate-500">{i + 1}.</span>
                <span className="font-medium">{nameOf(staff, id)}</span>
                {i > 0 && (
                  <button
                    type="button"
                    className={`${quietButton} px-2 py-0.5 text-xs`}
                    aria-label={t.moveUp(nameOf(staff, id))}
                    onClick={() => {
                      const next = [...settings.escalation];
                      [next[i - 1], next[i]] = [next[i], next[i - 1]];
                      set({ escalation: next });
                    }}
                  >
                    ↑
                  </button>
                )}
                <button type="button" className={`${quietButton} px-2 py-0.5 text-xs`} aria-label={t.removeFromList(nameOf(staff, id))} onClick={() => set({ escalation: settings.escalation.filter((_, j) => j !== i) })}>
                  ✕
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {person(addWho || staff[0]?.id || "", setAddWho, t.addEscalation, "")}
          <button type="button" className={`${quietButton} px-2.5 py-1 text-xs`} onClick={() => set({ escalation: [...settings.escalation, addWho || staff[0]?.id].filter(Boolean) as string[] })} disabled={!staff.length}>
            + {t.addEscalation}
          </button>
        </div>
      </div>

      {error && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <button type="button" className={`${primaryButton} mt-5`} onClick={save} disabled={saving} data-testid="alerts-save">
        {saving && <Spinner className="size-3" />}
        {t.save}
      </button>
    </Card>
  );
}
