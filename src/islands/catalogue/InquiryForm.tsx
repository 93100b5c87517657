import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { DETAILS_MAX, PHONE_MAX, detailsText } from "../../lib/contracts/lead";
import type { InquiryInput } from "../../lib/lead-schemas";
import { IslandBoundary } from "../shared/IslandBoundary";
import { SentMessage } from "../shared/SentMessage";
import { DetailsField, Field, Honeypot, fieldMessage, loadOutbox, queuedText, storedEmail, useLeadForm, useOutboxReports, type QueuedBecause } from "../shared/lead-form";

/** How long the success overlay stays before going back to the products (spec §9: 2000 ms). */
export const INQUIRY_OVERLAY_MS = 2000;
export const FALLBACK_ERROR = "Failed to submit form";

interface Props {
  productId: string;
  productName: string;
}
interface Fields {
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  /** The visitor's own words (issue 13): optional, multiline, at most DETAILS_MAX characters. */
  message: string;
}

const LABELS: Record<keyof Fields, string> = { fullName: "Full name", email: "Email", phone: "Phone", subject: "Subject", message: "Message" };

const cleared = (): Fields => ({ fullName: "", email: storedEmail(), phone: "", subject: "", message: "" });

/** The message as sent: line breaks as typed, trimmed, bounded; empty → the product page it came from. */
export function inquiryMessage(typed: string, productName: string): string {
  return detailsText(typed) || `Inquiry from the product page of ${productName}.`;
}

function InquiryForm({ productId, productName }: Props) {
  const [fields, setFields] = useState<Fields>({ fullName: "", email: "", phone: "", subject: "", message: "" });
  const { status, setStatus, ready, honeypot, source, send } = useLeadForm();
  const [durable, setDurable] = useState(true);
  const [queuedBecause, setQueuedBecause] = useState<QueuedBecause>("offline");
  const queuedKey = useRef<string | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const defaultSubject = `Inquiry about ${productName}`;

  // After hydration a signed-in visitor's e-mail is filled in (the server render has none).
  useEffect(() => {
    const email = storedEmail();
    if (email) setFields((f) => (f.email ? f : { ...f, email }));
  }, []);

  // The sender is loaded with the form, so an inquiry made offline can still be saved; an inquiry
  // saved earlier and sent while this page is open is confirmed here.
  useOutboxReports((r) => {
    if (r.kind !== "inquiry" || r.outcome.kind !== "sent" || r.key !== queuedKey.current) return false;
    queuedKey.current = null;
    setStatus("sent");
    return true;
  });

  useEffect(() => {
    if (status !== "sent") return;
    const t = setTimeout(() => location.assign("/products/"), INQUIRY_OVERLAY_MS);
    return () => clearTimeout(t);
  }, [status]);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: k === "message" ? e.target.value.slice(0, DETAILS_MAX) : e.target.value }));
    if (error?.field === k) setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const body: InquiryInput = {
      fullName: fields.fullName.trim(),
      email: fields.email.trim(),
      productId,
      productName: productName.slice(0, 200),
      phone: fields.phone.trim(),
      subject: fields.subject.trim() || defaultSubject,
      // The visitor's words; without any, a line that tells the office which product page it came from.
      message: inquiryMessage(fields.message, productName),
      ...source(),
    };
    await send(
      async () => {
        const outbox = await loadOutbox();
        const entry = outbox.newEntry("inquiry", body as Record<string, unknown>);
        const { outcome, durable: kept } = await outbox.sendNew(entry);
        if (outcome.kind === "refused") throw outcome;
        setFields(cleared());
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
        setError({ message: field ? fieldMessage(LABELS[field], refused.message ?? "") : (refused.kind === "refused" && refused.message) || FALLBACK_ERROR, field });
        if (field) requestAnimationFrame(() => (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus());
      },
    );
  }

  const errorAt = (k: keyof Fields) => (status === "failed" && error?.field === k ? error.message : undefined);
  const sending = status === "sending";
  return (
    <section
      aria-labelledby={`${id}-h`}
      data-testid="inquiry-form"
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-brand-900 sm:text-2xl dark:text-brand-100">
        Want to get an inquiry about {productName}?
      </h2>
      <form ref={formRef} onSubmit={submit} className="mt-5 grid gap-4" aria-busy={sending}>
        <Field label="Full name" required error={errorAt("fullName")}>
          <input name="fullName" autoComplete="name" required maxLength={120} value={fields.fullName} onChange={set("fullName")} className="field" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email" required error={errorAt("email")}>
            <input name="email" type="email" autoComplete="email" required maxLength={254} value={fields.email} onChange={set("email")} className="field" />
          </Field>
          <Field label="Phone" optionalNote error={errorAt("phone")}>
            <input name="phone" type="tel" autoComplete="tel" maxLength={PHONE_MAX} value={fields.phone} onChange={set("phone")} className="field" />
          </Field>
        </div>
        <Field label="Subject" optionalNote error={errorAt("subject")}>
          <input name="subject" maxLength={200} placeholder={defaultSubject} value={fields.subject} onChange={set("subject")} className="field" />
        </Field>
        <DetailsField
          label="Message"
          name="message"
          hint="Tell us what you need: quantity, sizes, where it goes, when you need it."
          max={DETAILS_MAX}
          rows={4}
          value={fields.message}
          onChange={(v) => set("message")({ target: { value: v } })}
          error={errorAt("message")}
        />
        <Honeypot inputRef={honeypot} />
        {status === "queued" && (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-testid="inquiry-offline"
            data-because={queuedBecause}
          >
            {queuedText(queuedBecause, durable)}
          </p>
        )}
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
          disabled={sending || !ready}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-80 sm:justify-self-start"
        >
          {sending && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
          {sending ? "Sending..." : "Send Inquiry"}
        </button>
      </form>
      {status === "sent" && (
        <div role="status" aria-live="assertive" className="absolute inset-0 flex flex-col items-center justify-center bg-white/95 p-6 text-center dark:bg-slate-900/95">
          <SentMessage line="Thank you for your inquiry" />
        </div>
      )}
    </section>
  );
}

/** The product detail page's inquiry form: `<InquiryIsland client:visible productId=… productName=… />`. */
export default function InquiryIsland(props: Props) {
  return (
    <IslandBoundary what="the inquiry form">
      <InquiryForm {...props} />
    </IslandBoundary>
  );
}
