import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { DETAILS_MAX, PHONE_MAX, detailsText } from "../../lib/contracts/lead";
import type { InquiryInput } from "../../lib/lead-schemas";
import { IslandBoundary } from "../shared/IslandBoundary";
import { SentPanel, type SummaryRow } from "../shared/SentPanel";
import { DetailsField, Field, Honeypot, fieldMessage, invalidFields, loadOutbox, queuedText, storedEmail, useLeadForm, useOutboxReports, type QueuedBecause } from "../shared/lead-form";
import type { OfficeHours } from "../../lib/reply-by";
import { SmsConsent, smsConsentBody, smsNeedsPhone } from "../shared/SmsConsent";
import { LocaleContext } from "../shared/locale";
import { formStrings } from "../../lib/i18n/forms";
import { localHref, type Locale } from "../../lib/i18n/locales";

export const FALLBACK_ERROR = formStrings("en").inquiry.failed;

interface Props {
  productId: string;
  /** The product's name as the page shows it (a Spanish page: its Spanish name where there is one). */
  productName: string;
  /** The product's English name: what the office's records call it (sent with the inquiry). */
  productNameEn?: string;
  /** The company's name as published: the texting consent names it. */
  company?: string;
  /** The page's language (issue 37). */
  lang?: Locale;
  /** The office's phone and hours: the confirmation says by when it answers, and how to call now. */
  office?: ProductOffice;
}

/** What a product page knows of the office (src/components/product-office.ts). */
export interface ProductOffice {
  phone: string;
  hours: OfficeHours;
  /** What a price covers: installation or not (site.json `catalogue.installation`). */
  installation: string;
  installationLang?: "en";
}

/** The seed's office, where a page gives none (a test's page). */
export const DEFAULT_OFFICE: ProductOffice = {
  phone: "(239) 555-0142",
  hours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" },
  installation: "",
};
interface Fields {
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  /** The visitor's own words (issue 13): optional, multiline, at most DETAILS_MAX characters. */
  message: string;
}

const cleared = (): Fields => ({ fullName: "", email: storedEmail(), phone: "", subject: "", message: "" });

/** The message as sent: line breaks as typed, trimmed, bounded; empty → the product page it came from. */
export function inquiryMessage(typed: string, productName: string): string {
  return detailsText(typed) || `Inquiry from the product page of ${productName}.`;
}

function InquiryForm({ productId, productName, productNameEn = productName, company = "Coastal Marine Construction", lang = "en", office = DEFAULT_OFFICE }: Props) {
  const t = formStrings(lang);
  const w = t.inquiry;
  const LABELS: Record<keyof Fields, string> = w.labels;
  const [fields, setFields] = useState<Fields>({ fullName: "", email: "", phone: "", subject: "", message: "" });
  /** 'Text me about this request' (issue 34): unticked until the visitor ticks it. */
  const [sms, setSms] = useState(false);
  const { status, setStatus, honeypot, source, send } = useLeadForm();
  const [durable, setDurable] = useState(true);
  const [queuedBecause, setQueuedBecause] = useState<QueuedBecause>("offline");
  const queuedKey = useRef<string | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  /** Empty or malformed fields found before sending, each with its message (all at once, issue 39). */
  const [missing, setMissing] = useState<Partial<Record<keyof Fields, string>>>({});
  /** What the confirmation panel repeats of the request sent or saved. */
  const [sent, setSent] = useState<{ summary: SummaryRow[]; name: string; phone: string; email: string; at: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const defaultSubject = w.defaultSubject(productName);

  // After hydration a signed-in visitor's e-mail is filled in (the server render has none).
  useEffect(() => {
    const email = storedEmail();
    if (email) setFields((f) => (f.email ? f : { ...f, email }));
    // A box ticked in the server-rendered form before React took it over stays ticked.
    if ((formRef.current?.elements.namedItem("smsConsent") as HTMLInputElement | null)?.checked) setSms(true);
  }, []);

  // The sender is loaded with the form, so an inquiry made offline can still be saved; an inquiry
  // saved earlier and sent while this page is open is confirmed here.
  useOutboxReports((r) => {
    if (r.kind !== "inquiry" || r.outcome.kind !== "sent" || r.key !== queuedKey.current) return false;
    queuedKey.current = null;
    setSent((s) => s && { ...s, at: Date.now() });
    setStatus("sent");
    return true;
  });

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: k === "message" ? e.target.value.slice(0, DETAILS_MAX) : e.target.value }));
    if (error?.field === k) setError(null);
    if (missing[k]) setMissing((m) => ({ ...m, [k]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    // Every empty or malformed field at once, at its field, the first one focused (the form is noValidate).
    const found = formRef.current ? invalidFields(formRef.current, LABELS, lang) : [];
    setMissing(Object.fromEntries(found));
    if (found.length) {
      const first = found[0][0];
      requestAnimationFrame(() => (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus());
      return;
    }
    // Texts need a number: said at the phone field, before anything is sent.
    if (sms && !fields.phone.trim()) {
      setError({ message: smsNeedsPhone(lang), field: "phone" });
      setStatus("failed");
      requestAnimationFrame(() => (formRef.current?.elements.namedItem("phone") as HTMLElement | null)?.focus());
      return;
    }
    const body: InquiryInput = {
      fullName: fields.fullName.trim(),
      email: fields.email.trim(),
      productId,
      productName: productNameEn.slice(0, 200),
      phone: fields.phone.trim(),
      // The office reads the default subject and message in English, whatever the page's language.
      subject: fields.subject.trim() || formStrings("en").inquiry.defaultSubject(productNameEn),
      // The visitor's words; without any, a line that tells the office which product page it came from.
      message: inquiryMessage(fields.message, productNameEn),
      ...smsConsentBody(sms, lang),
      ...source(),
    };
    await send(
      async () => {
        const outbox = await loadOutbox();
        const entry = outbox.newEntry("inquiry", body as Record<string, unknown>);
        const { outcome, durable: kept } = await outbox.sendNew(entry);
        if (outcome.kind === "refused") throw outcome;
        setSent({
          summary: [
            { label: w.product, value: productName },
            { label: LABELS.fullName, value: fields.fullName },
            { label: LABELS.email, value: fields.email },
            { label: LABELS.phone, value: fields.phone },
            { label: LABELS.subject, value: fields.subject.trim() || defaultSubject },
            { label: LABELS.message, value: fields.message.length > 300 ? `${fields.message.slice(0, 300)}…` : fields.message },
          ],
          name: fields.fullName.trim().split(/\s+/)[0] ?? "",
          phone: fields.phone.trim(),
          email: fields.email.trim(),
          at: Date.now(),
        });
        setFields(cleared());
        setSms(false);
        if (outcome.kind === "kept") {
          // Offline, or a server that could not take it: saved on this device and sent later, once
          // (no redirect meanwhile).
          queuedKey.current = entry.key;
          setDurable(kept);
          setQueuedBecause(outcome.reason);
          return "queued";
        }
      },
      (err) => {
        const refused = err as { kind?: string; message?: string; field?: string };
        const top = refused.kind === "refused" ? refused.field?.split(".")[0] : undefined;
        const field = top && top in LABELS ? (top as keyof Fields) : undefined;
        // At the field it names, in the form's words; otherwise the server's message, or plain words.
        // Off a field, the server's own words only on an English page (they are English).
        const plain = lang === "en" && refused.kind === "refused" && refused.message;
        setError({ message: field ? fieldMessage(LABELS[field], refused.message ?? "", lang) : plain || w.failed, field });
        if (field) requestAnimationFrame(() => (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus());
      },
    );
  }

  const errorAt = (k: keyof Fields) => missing[k] ?? (status === "failed" && error?.field === k ? error.message : undefined);
  const sending = status === "sending";
  const box = "relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-700 dark:bg-slate-900";
  if ((status === "sent" || status === "queued") && sent) {
    return (
      <div data-testid="inquiry-form" className={box}>
        <SentPanel
          state={status}
          thanks={t.confirm.thanks(sent.name)}
          summary={sent.summary}
          replyTo={{ phone: sent.phone, email: sent.email }}
          hours={office.hours}
          sentAt={sent.at}
          phone={office.phone}
          level={2}
          onAnother={() => {
            setSent(null);
            setStatus("idle");
          }}
          actions={
            <a href={localHref("/products", lang)} className="min-h-11 content-center px-3 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-200 dark:hover:text-white">
              {w.back}
            </a>
          }
        >
          {status === "queued" && (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="inquiry-offline"
              data-because={queuedBecause}
            >
              {queuedText(queuedBecause, durable, lang)}
            </p>
          )}
        </SentPanel>
      </div>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-h`}
      data-testid="inquiry-form"
      className={box}
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-brand-900 sm:text-2xl dark:text-brand-100">
        {w.heading(productName)}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{w.lead}</p>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-5 grid gap-4" aria-busy={sending}>
        <Field label={LABELS.fullName} required error={errorAt("fullName")}>
          <input name="fullName" autoComplete="name" required maxLength={120} value={fields.fullName} onChange={set("fullName")} className="field" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={LABELS.email} required error={errorAt("email")}>
            <input name="email" type="email" autoComplete="email" required maxLength={254} value={fields.email} onChange={set("email")} className="field" />
          </Field>
          <Field label={LABELS.phone} optionalNote error={errorAt("phone")}>
            <input name="phone" type="tel" autoComplete="tel" maxLength={PHONE_MAX} value={fields.phone} onChange={set("phone")} className="field" />
          </Field>
        </div>
        <Field label={LABELS.subject} optionalNote error={errorAt("subject")}>
          <input name="subject" maxLength={200} placeholder={defaultSubject} value={fields.subject} onChange={set("subject")} className="field" />
        </Field>
        <DetailsField
          label={LABELS.message}
          name="message"
          hint={w.hint}
          max={DETAILS_MAX}
          rows={4}
          value={fields.message}
          onChange={(v) => set("message")({ target: { value: v } })}
          error={errorAt("message")}
        />
        <SmsConsent
          company={company}
          checked={sms}
          onChange={(v) => {
            setSms(v);
            if (!v && error?.field === "phone") setError(null);
          }}
          phoneEmpty={!fields.phone.trim()}
        />
        <Honeypot inputRef={honeypot} />
        {status === "failed" && error && !error.field && (
          <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="10" />
              <path d="M12 7v6m0 4h.01" strokeLinecap="round" />
            </svg>
            <p>{error.message}</p>
          </div>
        )}
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-80 sm:justify-self-start"
        >
          {sending && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
          {sending ? t.sending : w.send}
        </button>
      </form>
    </section>
  );
}

/** The product page's inquiry form, as its island (ProductDetail) shows it: in the page's language, with its own error boundary. */
export default function InquiryIsland(props: Props) {
  const lang = props.lang ?? "en";
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={formStrings(lang).inquiry.what}>
        <InquiryForm {...props} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}
