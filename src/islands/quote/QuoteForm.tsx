import { useEffect, useRef, useState, type FormEvent } from "react";
import { DETAILS_MAX, PHONE_MAX } from "../../lib/contracts/lead";
import type { LeadOutcome, OutboxEntry, OutboxPhoto } from "../../lib/lead-outbox-page";
import { e164 } from "../../lib/phone";
import { IslandBoundary } from "../shared/IslandBoundary";
import { PhotoDropzone, preloadDownscaler, usePhotos, type Photo } from "../shared/PhotoDropzone";
import { SentMessage } from "../shared/SentMessage";
import { DetailsField, Field, Honeypot, fieldMessage, loadOutbox, queuedText, storedEmail, useLeadForm, useOutboxReports, type QueuedBecause, type SendStatus } from "../shared/lead-form";
import { ServiceSelect } from "./ServiceSelect";
import { OTHER, clearedFields, quotePayload, type QuoteFields } from "./payload";

/** How long the 'Message Sent Successfully' overlay stays (spec §9: 2500 ms). */
export const SUCCESS_OVERLAY_MS = 2500;

const LABEL: Record<SendStatus, string> = { idle: "Submit", sending: "Sending...", sent: "Message sent", queued: "Saved on this device", failed: "Try later" };

/** What helps the office price a job before driving out (the details box's hint). */
export const DETAILS_HINT = "What helps: length of seawall, dock size, boat and lift capacity, water depth, access for equipment…";

/** A photo of a request already sent (or saved) that did not go through yet: shown under the form. */
interface Leftover {
  key: string;
  name: string;
  url?: string;
  state: "waiting" | "failed" | "sent";
  error?: string;
}
const leftoverOf = (p: OutboxPhoto, url?: string): Leftover => ({ key: p.key, name: p.name, url, state: p.state === "pending" ? "waiting" : p.state, error: p.error });
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace("#", String(n)));

/** A field of the form the visitor can correct: an input's name, or the service list. */
type FormField = "fullName" | "phone" | "email" | "address" | "details" | "other" | "service";
const LABELS: Record<FormField, string> = {
  fullName: "Full name",
  phone: "Phone",
  email: "Email",
  address: "Property address",
  details: "Project details",
  other: "Your request",
  service: "Service",
};
type Refused = Extract<LeadOutcome, { kind: "refused" }>;

interface Props {
  /** Service titles, in catalogue order; 'Other' is added last. */
  services: string[];
  /** The office phone, offered when sending fails. */
  phone: string;
  /** When the office replies and what happens next (site.json `reply`), kept under the form after sending. */
  reply?: string;
}

function QuoteForm({ services, phone, reply }: Props) {
  const [fields, setFields] = useState<QuoteFields>(() => clearedFields(null));
  const { status, setStatus, ready, honeypot, source, send } = useLeadForm();
  const [overlay, setOverlay] = useState<string | false>(false);
  const { photos, problems, setProblems, add, remove, update, detach } = usePhotos();
  /** While sending: what is happening ("Sending photo 2 of 3…"). */
  const [progress, setProgress] = useState("");
  /** The request kept on this device (offline), or whose photos are still to go: its key. */
  const [entryKey, setEntryKey] = useState<string | null>(null);
  const [leftover, setLeftover] = useState<Leftover[]>([]);
  const [durable, setDurable] = useState(true);
  const [retrying, setRetrying] = useState(false);
  const [laterSent, setLaterSent] = useState(false);
  /** Why the request waits on this device (its message differs). */
  const [queuedBecause, setQueuedBecause] = useState<QueuedBecause>("offline");
  /** A field to correct, with its message (shown at the field): a service not chosen, or one the server refused. */
  const [fieldError, setFieldError] = useState<{ field: FormField; message: string } | null>(null);
  const otherInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Prefill the signed-in visitor's e-mail after hydration (the server render has none).
  useEffect(() => {
    // Keep anything typed into the server-rendered form before React took it over.
    const typed: Partial<QuoteFields> = {};
    for (const k of ["fullName", "phone", "email", "address", "details"] as const) {
      const el = form.current?.elements.namedItem(k) as HTMLInputElement | HTMLTextAreaElement | null;
      if (el?.value) typed[k] = el.value;
    }
    const email = storedEmail();
    setFields((f) => ({ ...f, ...typed, email: typed.email || f.email || email }));
  }, []);

  // The downscaler is loaded once the form is in use (not with the page), and before it is needed.
  useEffect(() => preloadDownscaler(), []);
  // A request saved earlier (this visit or another) is sent by whoever gets there first: say so here.
  useOutboxReports((r) => {
    if (r.kind !== "quote" || r.outcome.kind !== "sent") return false;
    setLaterSent(true);
    if (r.key === entryKey) {
      setLeftover(r.outcome.failed.map((p) => leftoverOf(p)));
      setEntryKey(r.outcome.failed.length ? r.key : null);
      setStatus("sent");
    }
    setOverlay("Your saved request has been sent. We will be in touch within one business day.");
    return true;
  });

  useEffect(() => {
    if (!overlay) return;
    const t = setTimeout(() => setOverlay(false), SUCCESS_OVERLAY_MS);
    return () => clearTimeout(t);
  }, [overlay]);

  const set = (k: keyof QuoteFields) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    if (fieldError?.field === k) setFieldError(null);
    if (status !== "sending" && status !== "queued") setStatus("idle");
  };
  const chooseService = (service: string) => {
    // Choosing a service other than 'Other' clears the custom text (spec §4).
    setFields((f) => ({ ...f, service, other: service === OTHER ? f.other : "" }));
    if (fieldError?.field === "service" || fieldError?.field === "other") setFieldError(null);
    if (status !== "sending") setStatus("idle");
    if (service === OTHER) setTimeout(() => otherInput.current?.focus(), 0);
  };

  /** What the send came to: the form's next status, the photos left to show, the overlay. */
  function settle(outcome: LeadOutcome, entry: OutboxEntry, list: Photo[], kept: boolean): SendStatus {
    if (outcome.kind === "refused") {
      // Nothing was stored: the photos stay in the form, ready for the next try.
      for (const p of list) update(p.id, { status: "ready", progress: 0, error: undefined });
      throw outcome;
    }
    setFields(clearedFields(storedEmail()));
    setLaterSent(false);
    setDurable(kept);
    // The photos now go with the request (kept on the device or stored by the server): the dropzone
    // starts empty, and those not sent yet are listed under the button with their thumbnails.
    detach(list.map((p) => p.id));
    const notSent = entry.photos.map((p, i) => leftoverOf(p, list[i]?.url)).filter((p) => p.state !== "sent");
    setLeftover(notSent);
    if (outcome.kind === "kept" && !outcome.leadSent) {
      setEntryKey(entry.key);
      setQueuedBecause(outcome.reason);
      return "queued";
    }
    setEntryKey(notSent.length ? entry.key : null);
    setOverlay("We will be in touch within one business day.");
    return "sent";
  }

  /** The field of this form a refusal names (the subject is the service, or the 'Other' text). */
  const refusedField = (field: string | undefined): FormField | null => {
    const top = field?.split(".")[0];
    if (top === "subject") return fields.service === OTHER ? "other" : "service";
    return top && top in LABELS && top !== "other" && top !== "service" ? (top as FormField) : null;
  };

  /** Puts the focus on a field (the service list's button for the service). */
  const focusField = (f: FormField) => {
    const el = f === "service" ? form.current?.querySelector<HTMLElement>('[aria-haspopup="listbox"]') : (form.current?.elements.namedItem(f) as HTMLElement | null);
    el?.focus();
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === "sending") return;
    setFieldError(null);
    if (!fields.service) return setFieldError({ field: "service", message: "Please select a service, or choose Other and tell us about your project." });
    if (photos.some((p) => p.status === "preparing")) return setProblems(["Please wait a moment: the photos are still being prepared."]);
    const list = photos.filter((p) => p.blob);
    setProblems([]);
    await send(
      async () => {
        const outbox = await loadOutbox();
        const entry = outbox.newEntry(
          "quote",
          quotePayload(fields, source()),
          list.map((p) => ({ name: p.name, blob: p.blob! })),
        );
        setProgress(navigator.onLine === false ? "" : "Sending your request…");
        const { outcome, durable: kept } = await outbox.sendNew(entry, {
          lead: () => list.length && setProgress(`Request received. Sending ${plural(list.length, "your photo", "# photos")}…`),
          photo: (i, p, fraction) => {
            const state = p.state === "sent" ? "sent" : p.state === "failed" ? "failed" : "uploading";
            update(list[i].id, { status: state, progress: fraction, error: p.error });
            if (p.state === "pending") setProgress(`Sending photo ${i + 1} of ${list.length}…`);
          },
        });
        setProgress("");
        return settle(outcome, entry, list, kept);
      },
      (err) => {
        setProgress("");
        // A field the server refused is said at that field, and the form is ready to send again.
        const refused = (err as Partial<Refused> | null)?.kind === "refused" ? (err as Refused) : null;
        const at = refusedField(refused?.field);
        if (!refused || !at) return; // Plain words and the phone under the button, never the server's own message.
        setFieldError({ field: at, message: fieldMessage(LABELS[at], refused.message) });
        requestAnimationFrame(() => focusField(at));
        return "idle";
      },
    );
  }

  /** 'Try again' for photos that did not go through because the connection or the server failed. */
  async function retry() {
    if (!entryKey || retrying) return;
    setRetrying(true);
    try {
      const outbox = await loadOutbox();
      const outcome = await outbox.retryEntry(entryKey, {
        photo: (_i, p) => setLeftover((l) => l.map((x) => (x.key === p.key ? leftoverOf(p, x.url) : x))),
      });
      if (!outcome || outcome.kind === "sent") {
        if (outcome) setLeftover((l) => l.filter((x) => outcome.failed.some((f) => f.key === x.key)));
        if (!outcome || !outcome.failed.length) setEntryKey(null);
      }
    } finally {
      setRetrying(false);
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
          <Field label="Full name" required error={fieldError?.field === "fullName" ? fieldError.message : undefined}>
            <input name="fullName" autoComplete="name" required value={fields.fullName} onChange={(e) => set("fullName")(e.target.value)} className="field" maxLength={120} />
          </Field>
          <Field label="Phone" required error={fieldError?.field === "phone" ? fieldError.message : undefined}>
            <input name="phone" type="tel" autoComplete="tel" required value={fields.phone} onChange={(e) => set("phone")(e.target.value)} className="field" maxLength={PHONE_MAX} />
          </Field>
        </div>
        <Field label="Email" required error={fieldError?.field === "email" ? fieldError.message : undefined}>
          <input name="email" type="email" autoComplete="email" required value={fields.email} onChange={(e) => set("email")(e.target.value)} className="field" maxLength={254} />
        </Field>
        <Field label="Property address" error={fieldError?.field === "address" ? fieldError.message : undefined}>
          <input name="address" autoComplete="street-address" value={fields.address} onChange={(e) => set("address")(e.target.value)} className="field" maxLength={300} />
        </Field>
        <div>
          <span id="service-label" className="field-label">
            Service <span aria-hidden="true">*</span>
          </span>
          <ServiceSelect
            options={options}
            value={fields.service}
            onChange={chooseService}
            invalid={fieldError?.field === "service"}
            describedBy={fieldError?.field === "service" ? "service-error" : undefined}
          />
          {fieldError?.field === "service" && (
            <p id="service-error" role="alert" className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-300">
              {fieldError.message}
            </p>
          )}
        </div>
        {fields.service === OTHER && (
          <Field label="Your request" required error={fieldError?.field === "other" ? fieldError.message : undefined}>
            <input
              ref={otherInput}
              name="other"
              required
              placeholder="Please specify your request"
              value={fields.other}
              onChange={(e) => set("other")(e.target.value)}
              className="field"
              maxLength={200}
            />
          </Field>
        )}
        <DetailsField
          label="Project details"
          name="details"
          hint={DETAILS_HINT}
          max={DETAILS_MAX}
          value={fields.details}
          onChange={set("details")}
          error={fieldError?.field === "details" ? fieldError.message : undefined}
        />
        <PhotoDropzone photos={photos} problems={problems} onAdd={(files) => void add(files)} onRemove={remove} locked={status === "sending"} />
        <Honeypot inputRef={honeypot} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {/* Before hydration it cannot send yet, but it must not look unavailable: no fading until it is sending. */}
          <button type="submit" disabled={!ready || status === "sending"} className="btn-brand min-w-40 data-[status=sending]:cursor-wait data-[status=sending]:opacity-80" data-status={status}>
            {status === "sending" && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
            {LABEL[status]}
          </button>
          <p role="status" aria-live="polite" className={`text-sm font-semibold ${status === "failed" ? "text-red-700 dark:text-red-300" : "text-brand-700 dark:text-brand-200"}`} data-quote-status>
            {status === "sending" && progress}
            {status === "failed" && (
              <>
                We could not send your request just now. Please try again in a few minutes, or call us at{" "}
                <a href={`tel:${e164(phone)}`} className="whitespace-nowrap underline">
                  {phone}
                </a>
                .
              </>
            )}
            {status === "sent" && (
              <>
                {laterSent ? "Your saved request has been sent." : "Thank you, your request is in."} {reply}
              </>
            )}
          </p>
        </div>
        {status === "queued" && (
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-testid="quote-offline"
            data-because={queuedBecause}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {queuedBecause === "busy" ? (
                // A clock: it will be sent again shortly.
                <path d="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
              ) : (
                <path d="M3 3l18 18M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.6m5.6 0A10 10 0 0 1 19 12.9M2 8.8a15 15 0 0 1 4.3-2.9m4.6-.9A15 15 0 0 1 22 8.8M12 20h.01" />
              )}
            </svg>
            <p>
              {queuedText(queuedBecause, durable)}
              {queuedBecause === "busy" && (
                <>
                  {" "}
                  If it&apos;s urgent, call us at{" "}
                  <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap underline">
                    {phone}
                  </a>
                  .
                </>
              )}
              {leftover.length > 0 && <> {plural(leftover.length, "Your photo is", "Your # photos are")} saved with it.</>}
            </p>
          </div>
        )}
        {status !== "queued" && leftover.length > 0 && (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900" data-testid="quote-leftover">
            <p className="font-semibold text-slate-900 dark:text-white">
              {leftover.some((p) => p.state === "waiting")
                ? `${plural(leftover.filter((p) => p.state === "waiting").length, "One photo has", "# photos have")} not gone through yet. ${durable ? "They are saved on this device and will be sent automatically when the connection is back." : "Please keep this page open, or try again."}`
                : `${plural(leftover.length, "One photo", "# photos")} could not be sent. Your request itself is in.`}
            </p>
            <ul className="mt-3 space-y-2">
              {leftover.map((p) => (
                <li key={p.key} className="flex items-center gap-3" data-testid="leftover-photo" data-state={p.state}>
                  {p.url ? <img src={p.url} alt="" className="size-12 shrink-0 rounded-md object-cover" /> : <span className="size-12 shrink-0 rounded-md bg-slate-200 dark:bg-slate-700" />}
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-800 dark:text-slate-100">{p.name}</span>
                    <span className={`block text-xs ${p.state === "failed" ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}>
                      {p.state === "failed" ? p.error || "Not sent." : p.state === "sent" ? "Sent." : "Waiting to be sent."}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {leftover.some((p) => p.state === "waiting") && entryKey && (
              <button type="button" onClick={() => void retry()} disabled={retrying} className="btn-brand mt-3 min-h-11 px-4 py-2 text-sm" data-testid="photos-retry">
                {retrying && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
                {retrying ? "Sending..." : "Try sending them again"}
              </button>
            )}
          </div>
        )}
      </form>
      {overlay && (
        <div role="status" aria-live="assertive" className="fixed inset-0 z-[70] flex items-center justify-center bg-brand-900/70 p-6 backdrop-blur-sm" onClick={() => setOverlay(false)}>
          <div className="flex flex-col items-center rounded-3xl bg-white px-10 py-8 text-center shadow-2xl dark:bg-slate-900">
            <SentMessage line={overlay} />
          </div>
        </div>
      )}
    </>
  );
}

export default function QuoteIsland(props: Props) {
  return (
    <IslandBoundary what="the quote form">
      <QuoteForm {...props} />
    </IslandBoundary>
  );
}
