import { useEffect, useRef, useState, type FormEvent } from "react";
import { api } from "../../lib/api-client";
import { IslandBoundary } from "../shared/IslandBoundary";
import { SentMessage } from "../shared/SentMessage";
import { ServiceSelect } from "./ServiceSelect";
import { OTHER, clearedFields, quotePayload, type QuoteFields } from "./payload";

/** How long the 'Message Sent Successfully' overlay stays (spec §9: 2500 ms). */
export const SUCCESS_OVERLAY_MS = 2500;

type Status = "idle" | "sending" | "sent" | "failed";
const LABEL: Record<Status, string> = { idle: "Submit", sending: "Sending...", sent: "Message sent", failed: "Try later" };

interface Props {
  /** Service titles, in catalogue order; 'Other' is added last. */
  services: string[];
  /** The office phone, offered when sending fails. */
  phone: string;
}

const storedEmail = () => {
  try {
    return localStorage.getItem("email");
  } catch {
    return null;
  }
};

function QuoteForm({ services, phone }: Props) {
  const [fields, setFields] = useState<QuoteFields>(() => clearedFields(null));
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState("");
  const [serviceMissing, setServiceMissing] = useState(false);
  const [overlay, setOverlay] = useState(false);
  // The server-rendered form cannot send anything: enabled once React owns it.
  const [ready, setReady] = useState(false);
  const startedAt = useRef(Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const otherInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Prefill the signed-in visitor's e-mail after hydration (the server render has none).
  useEffect(() => {
    startedAt.current = Date.now();
    setReady(true);
    // Keep anything typed into the server-rendered form before React took it over.
    const typed: Partial<QuoteFields> = {};
    for (const k of ["fullName", "phone", "email", "address"] as const) {
      const el = form.current?.elements.namedItem(k) as HTMLInputElement | null;
      if (el?.value) typed[k] = el.value;
    }
    const email = storedEmail();
    setFields((f) => ({ ...f, ...typed, email: typed.email || f.email || email || "" }));
  }, []);

  useEffect(() => {
    if (!overlay) return;
    const t = setTimeout(() => setOverlay(false), SUCCESS_OVERLAY_MS);
    return () => clearTimeout(t);
  }, [overlay]);

  const set = (k: keyof QuoteFields) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    if (status !== "sending") setStatus("idle");
  };
  const chooseService = (service: string) => {
    // Choosing a service other than 'Other' clears the custom text (spec §4).
    setFields((f) => ({ ...f, service, other: service === OTHER ? f.other : "" }));
    setServiceMissing(false);
    if (service === OTHER) setTimeout(() => otherInput.current?.focus(), 0);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === "sending") return;
    if (!fields.service) return setServiceMissing(true);
    setStatus("sending");
    setError("");
    const body = quotePayload(fields, {
      startedAt: startedAt.current,
      page: location.pathname,
      referrer: document.referrer,
      search: location.search,
      website: honeypot.current?.value ?? "",
    });
    try {
      const answer = await api<{ status?: boolean }>("public/contact", { method: "POST", body });
      if (answer.data?.status !== true) throw new Error(answer.message || "not accepted");
      setStatus("sent");
      setFields(clearedFields(storedEmail()));
      startedAt.current = Date.now();
      setOverlay(true);
    } catch (err) {
      setStatus("failed");
      const detail = err instanceof Error && err.message && !/fetch|network|not accepted/i.test(err.message) ? ` (${err.message})` : "";
      setError(`We could not send your request${detail}. Please try again later, or call us at ${phone}.`);
    }
  }

  const options = [...services, OTHER];
  return (
    <>
      <form ref={form} onSubmit={submit} className="grid gap-5" aria-describedby="quote-required-note">
        <p id="quote-required-note" className="text-sm text-slate-600 dark:text-slate-300">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Full name" required>
            <input name="fullName" autoComplete="name" required value={fields.fullName} onChange={(e) => set("fullName")(e.target.value)} className="field" maxLength={120} />
          </Field>
          <Field label="Phone" required>
            <input name="phone" type="tel" autoComplete="tel" required value={fields.phone} onChange={(e) => set("phone")(e.target.value)} className="field" maxLength={25} />
          </Field>
        </div>
        <Field label="Email" required>
          <input name="email" type="email" autoComplete="email" required value={fields.email} onChange={(e) => set("email")(e.target.value)} className="field" maxLength={254} />
        </Field>
        <Field label="Property address">
          <input name="address" autoComplete="street-address" value={fields.address} onChange={(e) => set("address")(e.target.value)} className="field" maxLength={300} />
        </Field>
        <div>
          <span id="service-label" className="field-label">
            Service <span aria-hidden="true">*</span>
          </span>
          <ServiceSelect options={options} value={fields.service} onChange={chooseService} invalid={serviceMissing} describedBy={serviceMissing ? "service-error" : undefined} />
          {serviceMissing && (
            <p id="service-error" role="alert" className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-300">
              Please select a service, or choose Other and tell us about your project.
            </p>
          )}
        </div>
        {fields.service === OTHER && (
          <Field label="Your request" required>
            <input ref={otherInput} name="other" required placeholder="Please specify your request" value={fields.other} onChange={(e) => set("other")(e.target.value)} className="field" maxLength={200} />
          </Field>
        )}
        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button type="submit" disabled={!ready || status === "sending"} className="btn-brand min-w-40 disabled:cursor-wait disabled:opacity-80" data-status={status}>
            {status === "sending" && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
            {LABEL[status]}
          </button>
          <p role="status" aria-live="polite" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {status === "failed" ? error : ""}
          </p>
        </div>
      </form>
      {overlay && (
        <div role="status" aria-live="assertive" className="fixed inset-0 z-[70] flex items-center justify-center bg-brand-900/70 p-6 backdrop-blur-sm" onClick={() => setOverlay(false)}>
          <div className="flex flex-col items-center rounded-3xl bg-white px-10 py-8 text-center shadow-2xl dark:bg-slate-900">
            <SentMessage line="We will be in touch within one business day." />
          </div>
        </div>
      )}
    </>
  );
}

function Field({ label, required, children }: { label: string; required?: boolean; children: React.ReactElement }) {
  return (
    <label className="block">
      <span className="field-label">
        {label} {required && <span aria-hidden="true">*</span>}
      </span>
      {children}
    </label>
  );
}

export default function QuoteIsland(props: Props) {
  return (
    <IslandBoundary what="the quote form">
      <QuoteForm {...props} />
    </IslandBoundary>
  );
}
