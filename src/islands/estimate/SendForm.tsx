/**
 * 'Send to the office' (issue 36): the answers go to the office as a quote request, with the few
 * things it needs to call back. The body carries the answers, never the figure: the server computes
 * the estimate it keeps with the lead from them and the live price rules. Sent through the lead
 * outbox like the quote form (kept on the device when offline or when the server is busy, once per
 * request). Loaded only when the visitor asks for it.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { DETAILS_MAX, PHONE_MAX } from "../../lib/contracts/lead";
import { PROJECT_INFO, type EstimateAnswers } from "../../lib/contracts/estimate";
import { estimateWords } from "../../lib/i18n/estimate";
import type { LeadOutcome } from "../../lib/lead-outbox-page";
import { e164 } from "../../lib/phone";
import { DetailsField, Field, Honeypot, fieldMessage, loadOutbox, nativeCheck, queuedText, storedEmail, useLeadForm, type QueuedBecause } from "../shared/lead-form";
import { SmsConsent, smsConsentBody, smsNeedsPhone } from "../shared/SmsConsent";
import { useLocale } from "../shared/locale";

type FormField = "fullName" | "phone" | "email" | "address" | "details";

interface Props {
  /** The answers as the form holds them (the chosen project's own). */
  answers: Record<string, unknown>;
  project: EstimateAnswers["project"];
  phone: string;
  company: string;
  /** When the office answers (site.json reply), said once it is sent. */
  reply?: string;
}

export default function SendForm({ answers, project, phone, company, reply }: Props) {
  // The page's language (the estimator provides it, issue 37): the words, the consent's wording.
  const { locale } = useLocale();
  const w = estimateWords(locale).send;
  const LABELS: Record<FormField, string> = w.labels;
  const check = nativeCheck(locale);
  const [fields, setFields] = useState<Record<FormField, string>>({ fullName: "", phone: "", email: "", address: "", details: "" });
  const [sms, setSms] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: FormField; message: string } | null>(null);
  const [problem, setProblem] = useState("");
  const [queuedBecause, setQueuedBecause] = useState<QueuedBecause>("offline");
  const [durable, setDurable] = useState(true);
  const { status, setStatus, honeypot, source, send } = useLeadForm();
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setFields((f) => ({ ...f, email: f.email || storedEmail() }));
    first.current?.focus();
  }, []);

  const set = (k: FormField) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    if (fieldError?.field === k) setFieldError(null);
    if (status !== "sending") setStatus("idle");
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFieldError(null);
    setProblem("");
    if (sms && !fields.phone.trim()) return setFieldError({ field: "phone", message: smsNeedsPhone(locale) });
    const details = fields.details.trim();
    const body = {
      fullName: fields.fullName.trim(),
      email: fields.email.trim(),
      phone: fields.phone.trim(),
      address: fields.address.trim(),
      subject: PROJECT_INFO[project].service,
      ...(details ? { details } : {}),
      estimate: answers,
      ...source(),
      ...smsConsentBody(sms, locale),
    };
    await send(
      async () => {
        const outbox = await loadOutbox();
        const entry = outbox.newEntry("quote", body, []);
        const { outcome, durable: kept } = await outbox.sendNew(entry);
        if (outcome.kind === "refused") throw outcome;
        setDurable(kept);
        if (outcome.kind === "kept" && !outcome.leadSent) {
          setQueuedBecause(outcome.reason);
          return "queued";
        }
        return "sent";
      },
      (err) => {
        const refused = (err as Partial<Extract<LeadOutcome, { kind: "refused" }>> | null)?.kind === "refused" ? (err as Extract<LeadOutcome, { kind: "refused" }>) : null;
        const top = refused?.field?.split(".")[0] as FormField | "estimate" | undefined;
        if (top === "estimate") {
          // An answer above changed to one the estimator does not take: said there, and here.
          setProblem(w.answerAbove);
          return "idle";
        }
        if (!refused || !top || !(top in LABELS)) return;
        setFieldError({ field: top, message: fieldMessage(LABELS[top], refused.message, locale) });
        return "idle";
      },
    );
  }

  if (status === "sent")
    return (
      <div role="status" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-50" data-testid="estimate-sent">
        <p className="font-bold">{w.sent}</p>
        <p className="mt-1 text-sm">{reply ?? w.reply}</p>
      </div>
    );

  const error = (f: FormField) => (fieldError?.field === f ? fieldError.message : undefined);
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={estimateWords(locale).form.send} data-testid="estimate-send-form">
      <p className="text-sm text-slate-700 dark:text-slate-200">{w.intro}</p>
      <Field label={LABELS.fullName} required error={error("fullName")}>
        <input ref={first} name="fullName" autoComplete="name" required {...check} value={fields.fullName} onChange={(e) => set("fullName")(e.target.value)} className="field" maxLength={120} />
      </Field>
      <Field label={LABELS.phone} required error={error("phone")}>
        <input name="phone" type="tel" autoComplete="tel" required {...check} value={fields.phone} onChange={(e) => set("phone")(e.target.value)} className="field" maxLength={PHONE_MAX} />
      </Field>
      <Field label={LABELS.email} required error={error("email")}>
        <input name="email" type="email" autoComplete="email" required {...check} value={fields.email} onChange={(e) => set("email")(e.target.value)} className="field" maxLength={254} />
      </Field>
      <Field label={LABELS.address} optionalNote error={error("address")}>
        <input name="address" autoComplete="street-address" value={fields.address} onChange={(e) => set("address")(e.target.value)} className="field" maxLength={300} />
      </Field>
      <DetailsField label={LABELS.details} name="details" hint={w.hint} max={DETAILS_MAX} rows={3} value={fields.details} onChange={set("details")} error={error("details")} />
      <SmsConsent company={company} checked={sms} onChange={setSms} phoneEmpty={!fields.phone.trim()} />
      <Honeypot inputRef={honeypot} />
      <button type="submit" disabled={status === "sending"} className="btn-primary w-full" data-testid="estimate-send">
        {status === "sending" && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
        {status === "sending" ? w.sending : w.submit}
      </button>
      <div role="status" aria-live="polite" className="text-sm font-semibold">
        {problem && <p className="text-red-700 dark:text-red-300">{problem}</p>}
        {status === "queued" && <p className="text-amber-800 dark:text-amber-200" data-testid="estimate-queued">{queuedText(queuedBecause, durable, locale)}</p>}
        {status === "failed" && (
          <p className="text-red-700 dark:text-red-300">
            {w.failed}{" "}
            <a href={`tel:${e164(phone)}`} className="whitespace-nowrap underline">
              {phone}
            </a>
            .
          </p>
        )}
      </div>
    </form>
  );
}
