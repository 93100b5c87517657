import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from "react";
import { api, ApiError } from "../../lib/api-client";
import { leadSourceFields } from "../../lib/lead-source";
import type { InquiryInput } from "../../lib/lead-schemas";
import { IslandBoundary } from "../shared/IslandBoundary";
import { SentMessage } from "../shared/SentMessage";

/** How long the success overlay stays before going back to the products (spec §9: 2000 ms). */
export const INQUIRY_OVERLAY_MS = 2000;
export const FALLBACK_ERROR = "Failed to submit form";

type Status = "idle" | "sending" | "success" | "error";
interface Props {
  productId: string;
  productName: string;
}
interface Fields {
  fullName: string;
  email: string;
  phone: string;
  subject: string;
}

const storedEmail = () => {
  try {
    return localStorage.getItem("email") ?? "";
  } catch {
    return "";
  }
};
const cleared = (): Fields => ({ fullName: "", email: storedEmail(), phone: "", subject: "" });

const input =
  "mt-1.5 block w-full rounded-lg font-normal border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

function InquiryForm({ productId, productName }: Props) {
  const [fields, setFields] = useState<Fields>({ fullName: "", email: "", phone: "", subject: "" });
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  // Server-rendered disabled: a click before the script runs would submit the form natively.
  const [ready, setReady] = useState(false);
  const startedAt = useRef(Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const defaultSubject = `Inquiry about ${productName}`;

  // After hydration: the form's clock starts and a signed-in visitor's e-mail is filled in.
  useEffect(() => {
    setReady(true);
    startedAt.current = Date.now();
    const email = storedEmail();
    if (email) setFields((f) => (f.email ? f : { ...f, email }));
  }, []);

  useEffect(() => {
    if (status !== "success") return;
    const t = setTimeout(() => location.assign("/products/"), INQUIRY_OVERLAY_MS);
    return () => clearTimeout(t);
  }, [status]);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    if (error?.field === k) setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (status === "sending") return;
    setStatus("sending");
    setError(null);
    const body: InquiryInput = {
      fullName: fields.fullName.trim(),
      email: fields.email.trim(),
      productId,
      productName: productName.slice(0, 200),
      phone: fields.phone.trim(),
      subject: fields.subject.trim() || defaultSubject,
      // Held, never shown (spec §3): tells the office which product page the visitor was on.
      message: `Inquiry from the product page of ${productName}.`,
      ...leadSourceFields(startedAt.current, honeypot.current?.value ?? ""),
    };
    try {
      await api("public/inquiry", { method: "POST", body, auth: false });
      setFields(cleared());
      setStatus("success");
    } catch (err) {
      const field = err instanceof ApiError ? err.field?.split(".")[0] : undefined;
      // The server's own message when it sent one; the api client's "Request failed (502)" is not.
      const serverSaid = err instanceof ApiError && err.message && !/^Request failed \(\d+\)$/.test(err.message);
      setError({ message: serverSaid ? err.message : FALLBACK_ERROR, field });
      setStatus("error");
      if (field) (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus();
    }
  }

  const invalid = (k: keyof Fields) => (error?.field === k ? true : undefined);
  const sending = status === "sending";
  return (
    <section aria-labelledby={`${id}-h`} data-testid="inquiry-form" className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-700 dark:bg-slate-900">
      <h2 id={`${id}-h`} className="text-xl font-bold text-brand-900 sm:text-2xl dark:text-brand-100">
        Want to get an inquiry about {productName}?
      </h2>
      <form ref={formRef} onSubmit={submit} className="mt-5 grid gap-4" aria-busy={sending}>
        <Field label="Full name" required>
          <input name="fullName" autoComplete="name" required maxLength={120} value={fields.fullName} onChange={set("fullName")} aria-invalid={invalid("fullName")} className={input} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email" required>
            <input name="email" type="email" autoComplete="email" required maxLength={254} value={fields.email} onChange={set("email")} aria-invalid={invalid("email")} className={input} />
          </Field>
          <Field label="Phone">
            <input name="phone" type="tel" autoComplete="tel" maxLength={25} value={fields.phone} onChange={set("phone")} aria-invalid={invalid("phone")} className={input} />
          </Field>
        </div>
        <Field label="Subject">
          <input name="subject" maxLength={200} placeholder={defaultSubject} value={fields.subject} onChange={set("subject")} aria-invalid={invalid("subject")} className={input} />
        </Field>
        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {status === "error" && error && (
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
      {status === "success" && (
        <div role="status" aria-live="assertive" className="absolute inset-0 flex flex-col items-center justify-center bg-white/95 p-6 text-center dark:bg-slate-900/95">
          <SentMessage line="Thank you for your inquiry" />
        </div>
      )}
    </section>
  );
}

function Field({ label, required, children }: { label: string; required?: boolean; children: ReactElement }) {
  return (
    <label className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
      {label}
      {required ? (
        <span className="text-red-700 dark:text-red-300" aria-hidden="true">
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
      )}
      {children}
    </label>
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
