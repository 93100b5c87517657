/**
 * 'קביעת ביקור': the office books a visit for someone on the phone. Their details make a new lead,
 * the day and time are the office's own choice (any time; the database still refuses an overlap),
 * and the caller gets the confirmation e-mail with its invite, as after booking online.
 */
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import type { AdminVisit } from "../../../lib/contracts/visits.ts";
import { useToast } from "../../../lib/stores/toast.ts";
import { FieldError } from "../../shared/FieldError.tsx";
import { Card, Spinner, field, label, primaryButton, quietButton } from "../ui.tsx";
import SlotChooser from "./SlotChooser.tsx";
import { bookForCaller, type CallerInput } from "./visits-api.ts";
import { v } from "./strings.ts";

const EMPTY: CallerInput = { fullName: "", phone: "", email: "", address: "", zip: "", service: "", notes: "" };

export default function CallerForm({ day, onBooked, onClose }: { day: string; onBooked(visit: AdminVisit): void; onClose(): void }) {
  const id = useId();
  const toast = useToast((t) => t.show);
  const [c, setC] = useState<CallerInput>(EMPTY);
  const [when, setWhen] = useState({ date: day, time: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const set = (k: keyof CallerInput) => (value: string) => setC((x) => ({ ...x, [k]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!when.time) return setError({ field: "time", message: v.fieldError(v.fields.time) });
    setBusy(true);
    setError(null);
    try {
      const visit = await bookForCaller(when.date, when.time, { ...c, service: c.service || undefined, notes: c.notes || undefined });
      toast(v.caller.booked, "success");
      onBooked(visit);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 409) setError({ field: "time", message: v.taken });
      else if (err instanceof ApiError && err.field) {
        const f = err.field.replace(/^caller\./, "");
        setError({ field: f, message: `${v.fieldError(v.fields[f] ?? f)}: ${err.message.replace(/^Invalid [\w.]+:\s*/, "")}` });
      } else toast(v.failed, "error");
    } finally {
      setBusy(false);
    }
  }

  const input = (k: keyof CallerInput, text: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${id}-${k}`} className={label}>
        {text}
      </label>
      <input
        id={`${id}-${k}`}
        name={k}
        value={c[k] ?? ""}
        onChange={(e) => set(k)(e.target.value)}
        className={field}
        aria-invalid={error?.field === k || undefined}
        aria-describedby={error?.field === k ? `${id}-${k}-error` : undefined}
        {...props}
      />
      {error?.field === k && <FieldError id={`${id}-${k}-error`} text={error.message} />}
    </div>
  );

  return (
    <Card id="visit-new" title={v.caller.title}>
      <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">{v.caller.intro}</p>
      <form onSubmit={submit} className="grid gap-4 lg:grid-cols-2" data-testid="caller-form">
        <div className="grid gap-3 sm:grid-cols-2">
          {input("fullName", v.caller.fullName, { required: true, autoComplete: "off", maxLength: 120 })}
          {input("phone", v.caller.phone, { required: true, type: "tel", dir: "ltr", maxLength: 40 })}
          <div className="sm:col-span-2">{input("email", v.caller.email, { required: true, type: "email", dir: "ltr", maxLength: 254 })}</div>
          <div className="sm:col-span-2">{input("address", v.caller.address, { required: true, dir: "auto", maxLength: 300 })}</div>
          {input("zip", v.caller.zip, { required: true, inputMode: "numeric", pattern: "\\d{5}", dir: "ltr", maxLength: 5 })}
          {input("service", v.caller.service, { dir: "auto", maxLength: 200 })}
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-notes`} className={label}>
              {v.caller.notes}
            </label>
            <textarea id={`${id}-notes`} rows={2} value={c.notes} onChange={(e) => set("notes")(e.target.value)} className={field} dir="auto" maxLength={2000} />
          </div>
        </div>
        <div>
          <SlotChooser date={when.date} time={when.time} onChange={(date, time) => setWhen({ date, time })} />
          {(error?.field === "time" || error?.field === "date") && <FieldError id={`${id}-when-error`} text={error.message} />}
          <div className="mt-4 flex gap-2">
            <button type="submit" className={`${primaryButton} min-h-11`} disabled={busy} data-testid="caller-submit">
              {busy && <Spinner className="size-3" />}
              {v.caller.submit}
            </button>
            <button type="button" className={`${quietButton} min-h-11`} onClick={onClose}>
              {v.cancel}
            </button>
          </div>
        </div>
      </form>
    </Card>
  );
}
