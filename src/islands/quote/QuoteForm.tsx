import { useEffect, useRef, useState, type FormEvent } from "react";
import { DETAILS_MAX, PHONE_MAX } from "../../lib/contracts/lead";
import type { LeadOutcome, OutboxEntry, OutboxPhoto } from "../../lib/lead-outbox-page";
import { e164 } from "../../lib/phone";
import { IslandBoundary } from "../shared/IslandBoundary";
import { PhotoDropzone, preloadDownscaler, usePhotos, type Photo } from "../shared/PhotoDropzone";
import { SentMessage } from "../shared/SentMessage";
import { DetailsField, Field, Honeypot, fieldMessage, invalidFields, loadOutbox, queuedText, storedEmail, useLeadForm, useOutboxReports, type QueuedBecause, type SendStatus } from "../shared/lead-form";
import { SentPanel, type SummaryRow } from "../shared/SentPanel";
import type { OfficeHours } from "../../lib/reply-by";
import { SmsConsent, smsConsentBody, smsNeedsPhone } from "../shared/SmsConsent";
import { LocaleContext } from "../shared/locale";
import { formStrings } from "../../lib/i18n/forms";
import { localHref, type Locale } from "../../lib/i18n/locales";
import { ServiceSelect } from "./ServiceSelect";
import { OTHER, clearedFields, quotePayload, type QuoteFields } from "./payload";
import { session } from "../../lib/safe-storage";
import { VISIT_PREFILL_KEY } from "../../lib/contracts/visits";

/**
 * How long the 'Message Sent Successfully' overlay stays (spec §9: 2500 ms). It now says only that a
 * request saved on an earlier visit has gone; a request sent from the form gets the confirmation
 * panel in the form's place (issue 39), which the overlay would only repeat and cover.
 */
export const SUCCESS_OVERLAY_MS = 2500;

/** What helps the office price a job before driving out (the details box's hint). */
export const DETAILS_HINT = formStrings("en").quote.detailsHint;

/** A photo of a request already sent (or saved) that did not go through yet: shown under the form. */
interface Leftover {
  key: string;
  name: string;
  url?: string;
  state: "waiting" | "failed" | "sent";
  error?: string;
}
const leftoverOf = (p: OutboxPhoto, url?: string): Leftover => ({ key: p.key, name: p.name, url, state: p.state === "pending" ? "waiting" : p.state, error: p.error });

/**
 * The request is in, but the server takes its photos only once the office has looked at it (a
 * request it holds as possible spam, issue 33): plain words for a person it took for a bot.
 */
export function photosLaterText(n: number, durable: boolean, locale: Locale = "en"): string {
  return formStrings(locale).quote.photosLater(n, durable);
}

/** A field of the form the visitor can correct: an input's name, or the service list. */
type FormField = "fullName" | "phone" | "email" | "address" | "details" | "other" | "service";
/** The fields in the order the form shows them: the first invalid one takes the focus. */
const FIELD_ORDER: FormField[] = ["fullName", "phone", "email", "address", "service", "other", "details"];
type Refused = Extract<LeadOutcome, { kind: "refused" }>;

interface Props {
  /** Service titles, in catalogue order; 'Other' is added last. */
  services: string[];
  /** The office phone, offered when sending fails. */
  phone: string;
  /** The company's name as published: the texting consent names it. */
  company?: string;
  /** The services as the page shows them (a Spanish page: their Spanish titles), in the order of `services`, which is what is sent. */
  shown?: string[];
  /** The page's language (issue 37): the form's words and the consent's wording. */
  lang?: Locale;
  /** The office's published hours (site.json `hours`): the confirmation says by when the office calls. */
  hours?: OfficeHours;
  /** The confirmation's heading level: 2 where the form is the page's (/contact), 3 inside the landing page. */
  panelLevel?: 2 | 3;
}

const DEFAULT_HOURS: OfficeHours = { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" };

/** What the confirmation panel repeats of a sent request. */
interface Sent {
  summary: SummaryRow[];
  name: string;
  phone: string;
  email: string;
  at: number;
}

function QuoteForm({ services, shown, phone, company = "Coastal Marine Construction", lang = "en", hours = DEFAULT_HOURS, panelLevel = 2 }: Props) {
  const t = formStrings(lang);
  const q = t.quote;
  const LABELS: Record<FormField, string> = q.labels;
  const options = [...services, OTHER];
  const labels = [...(shown ?? services), q.other];
  const [fields, setFields] = useState<QuoteFields>(() => clearedFields(null));
  /** 'Text me about this request' (issue 34): unticked until the visitor ticks it. */
  const [sms, setSms] = useState(false);
  const { status, setStatus, honeypot, source, send } = useLeadForm();
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
  /** The request is in, and its photos wait on this device until the server takes them (issue 33). */
  const [photosLater, setPhotosLater] = useState(false);
  /** Why the request waits on this device (its message differs). */
  const [queuedBecause, setQueuedBecause] = useState<QueuedBecause>("offline");
  /** Fields to correct, each with its message (shown at the field): empty ones, a service not chosen, one the server refused. */
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const setFieldError = (e: { field: FormField; message: string } | null) => setErrors(e ? { [e.field]: e.message } : {});
  const clearError = (...f: FormField[]) => setErrors((old) => (f.some((k) => old[k]) ? Object.fromEntries(Object.entries(old).filter(([k]) => !f.includes(k as FormField))) : old));
  /** The request the confirmation panel stands for (set when it is sent or saved). */
  const [sent, setSent] = useState<Sent | null>(null);
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
    if ((form.current?.elements.namedItem("smsConsent") as HTMLInputElement | null)?.checked) setSms(true);
  }, []);

  // The downscaler is loaded once the form is in use (not with the page), and before it is needed.
  useEffect(() => preloadDownscaler(), []);
  // A request saved earlier (this visit or another) is sent by whoever gets there first: say so here.
  useOutboxReports((r) => {
    if (r.kind !== "quote" || r.outcome.kind !== "sent") return false;
    if (r.key === entryKey) {
      // The panel of the request saved here turns into its confirmation, due from now.
      setLaterSent(true);
      setLeftover(r.outcome.failed.map((p) => leftoverOf(p)));
      setEntryKey(r.outcome.failed.length ? r.key : null);
      setPhotosLater(false);
      setSent((s) => s && { ...s, at: Date.now() });
      setStatus("sent");
    } else setOverlay(q.overlaySaved);
    return true;
  });

  useEffect(() => {
    if (!overlay) return;
    const t = setTimeout(() => setOverlay(false), SUCCESS_OVERLAY_MS);
    return () => clearTimeout(t);
  }, [overlay]);

  const set = (k: keyof QuoteFields) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    clearError(k as FormField);
    if (status !== "sending" && status !== "queued") setStatus("idle");
  };
  const chooseService = (service: string) => {
    // Choosing a service other than 'Other' clears the custom text (spec §4).
    setFields((f) => ({ ...f, service, other: service === OTHER ? f.other : "" }));
    clearError("service", "other");
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
    setSent({
      summary: [
        { label: LABELS.service, value: fields.service === OTHER ? `${q.other}: ${fields.other}` : labels[options.indexOf(fields.service)] ?? fields.service },
        { label: LABELS.fullName, value: fields.fullName },
        { label: LABELS.phone, value: fields.phone },
        { label: LABELS.email, value: fields.email },
        { label: LABELS.address, value: fields.address },
        { label: LABELS.details, value: fields.details.length > 300 ? `${fields.details.slice(0, 300)}…` : fields.details },
        { label: t.confirm.photos, value: list.length ? String(list.length) : "" },
      ],
      name: fields.fullName.trim().split(/\s+/)[0] ?? "",
      phone: fields.phone.trim(),
      email: fields.email.trim(),
      at: Date.now(),
    });
    setFields(clearedFields(storedEmail()));
    setSms(false);
    setLaterSent(false);
    setDurable(kept);
    // The photos now go with the request (kept on the device or stored by the server): the dropzone
    // starts empty, and those not sent yet are listed under the button with their thumbnails.
    detach(list.map((p) => p.id));
    const notSent = entry.photos.map((p, i) => leftoverOf(p, list[i]?.url)).filter((p) => p.state !== "sent");
    setLeftover(notSent);
    setPhotosLater(outcome.kind === "awaiting");
    if (outcome.kind === "kept" && !outcome.leadSent) {
      setEntryKey(entry.key);
      setQueuedBecause(outcome.reason);
      return "queued";
    }
    setEntryKey(notSent.length ? entry.key : null);
    // The site visit page (issue 35) starts with these details; the server knows the request by its cookie.
    session.set(VISIT_PREFILL_KEY, JSON.stringify({ fullName: fields.fullName, phone: fields.phone, email: fields.email, address: fields.address }));
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
    // Every empty or malformed field at once, at its field, the first one focused (the form is noValidate).
    const found: Partial<Record<FormField, string>> = Object.fromEntries(form.current ? invalidFields(form.current, LABELS, lang) : []);
    if (!fields.service) found.service = q.chooseService;
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      requestAnimationFrame(() => focusField(first));
      return;
    }
    if (sms && !fields.phone.trim()) {
      setFieldError({ field: "phone", message: smsNeedsPhone(lang) });
      requestAnimationFrame(() => focusField("phone"));
      return;
    }
    if (photos.some((p) => p.status === "preparing")) return setProblems([q.photosPreparing]);
    const list = photos.filter((p) => p.blob);
    setProblems([]);
    await send(
      async () => {
        const outbox = await loadOutbox();
        const entry = outbox.newEntry(
          "quote",
          { ...quotePayload(fields, source()), ...smsConsentBody(sms, lang) },
          list.map((p) => ({ name: p.name, blob: p.blob! })),
        );
        setProgress(navigator.onLine === false ? "" : q.sendingRequest);
        const { outcome, durable: kept } = await outbox.sendNew(entry, {
          lead: () => list.length && setProgress(q.receivedSendingPhotos(list.length)),
          photo: (i, p, fraction) => {
            const state = p.state === "sent" ? "sent" : p.state === "failed" ? "failed" : "uploading";
            update(list[i].id, { status: state, progress: fraction, error: p.error });
            if (p.state === "pending") setProgress(q.sendingPhoto(i + 1, list.length));
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
        setFieldError({ field: at, message: fieldMessage(LABELS[at], refused.message, lang) });
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

  const [marked, asRequired, areRequired] = t.requiredNote;
  const error = (f: FormField) => errors[f];
  const leftoverBlock = leftover.length > 0 && status !== "queued" && (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900" data-testid="quote-leftover">
            <p className="font-semibold text-slate-900 dark:text-white" data-testid="leftover-note">
              {photosLater
                ? photosLaterText(leftover.length, durable, lang)
                : leftover.some((p) => p.state === "waiting")
                ? q.photosWaiting(leftover.filter((p) => p.state === "waiting").length, durable)
                : q.photosFailed(leftover.length)}
            </p>
            <ul className="mt-3 space-y-2">
              {leftover.map((p) => (
                <li key={p.key} className="flex items-center gap-3" data-testid="leftover-photo" data-state={p.state}>
                  {p.url ? <img src={p.url} alt="" className="size-12 shrink-0 rounded-md object-cover" /> : <span className="size-12 shrink-0 rounded-md bg-slate-200 dark:bg-slate-700" />}
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-800 dark:text-slate-100">{p.name}</span>
                    <span className={`block text-xs ${p.state === "failed" ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}>
                      {p.state === "failed" ? (lang === "en" && p.error) || q.notSent : p.state === "sent" ? q.sentOne : q.waiting}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {leftover.some((p) => p.state === "waiting") && entryKey && !photosLater && (
              <button type="button" onClick={() => void retry()} disabled={retrying} className="btn-brand mt-3 min-h-11 px-4 py-2 text-sm" data-testid="photos-retry">
                {retrying && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
                {retrying ? q.retrying : q.retry}
              </button>
            )}
          </div>
        );
  const overlayBox = overlay && (
        <div role="status" aria-live="assertive" className="fixed inset-0 z-[70] flex items-center justify-center bg-brand-900/70 p-6 backdrop-blur-sm" onClick={() => setOverlay(false)}>
          <div className="flex flex-col items-center rounded-3xl bg-white px-10 py-8 text-center shadow-2xl dark:bg-slate-900">
            <SentMessage line={overlay} />
          </div>
        </div>
      );

  if ((status === "sent" || status === "queued") && sent) {
    return (
      <>
        <SentPanel
          state={status}
          thanks={laterSent ? q.savedSent : t.confirm.thanks(sent.name)}
          summary={sent.summary}
          replyTo={{ phone: sent.phone, email: sent.email }}
          hours={hours}
          sentAt={sent.at}
          phone={phone}
          level={panelLevel}
          onAnother={() => {
            setSent(null);
            setStatus("idle");
          }}
        >
          {status === "sent" && !laterSent && (
            <p className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4 text-base text-slate-900 dark:border-brand-300 dark:bg-slate-900 dark:text-white" data-testid="quote-book-visit">
              {q.bookVisit}{" "}
              <a href={localHref("/book", lang)} className="font-bold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-200 dark:hover:text-white">
                {q.bookVisitLink}
              </a>
            </p>
          )}
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
                {queuedText(queuedBecause, durable, lang)}
                {leftover.length > 0 && <> {q.photosSaved(leftover.length)}</>}
              </p>
            </div>
          )}
          {leftoverBlock}
        </SentPanel>
        {overlayBox}
      </>
    );
  }

  return (
    <>
      <form ref={form} onSubmit={submit} noValidate className="grid gap-5" aria-describedby="quote-required-note">
        <p id="quote-required-note" className="text-sm text-slate-600 dark:text-slate-300">
          {marked} <span aria-hidden="true">*</span>
          <span className="sr-only">{asRequired}</span> {areRequired}
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={LABELS.fullName} required error={error("fullName")}>
            <input name="fullName" autoComplete="name" required value={fields.fullName} onChange={(e) => set("fullName")(e.target.value)} className="field" maxLength={120} />
          </Field>
          <Field label={LABELS.phone} required error={error("phone")}>
            <input name="phone" type="tel" autoComplete="tel" required value={fields.phone} onChange={(e) => set("phone")(e.target.value)} className="field" maxLength={PHONE_MAX} />
          </Field>
        </div>
        <Field label={LABELS.email} required error={error("email")}>
          <input name="email" type="email" autoComplete="email" required value={fields.email} onChange={(e) => set("email")(e.target.value)} className="field" maxLength={254} />
        </Field>
        <Field label={LABELS.address} error={error("address")}>
          <input name="address" autoComplete="street-address" value={fields.address} onChange={(e) => set("address")(e.target.value)} className="field" maxLength={300} />
        </Field>
        <div>
          <span id="service-label" className="field-label">
            {LABELS.service} <span aria-hidden="true">*</span>
          </span>
          <ServiceSelect
            options={options}
            labels={labels}
            placeholder={q.selectService}
            value={fields.service}
            onChange={chooseService}
            invalid={!!errors.service}
            describedBy={errors.service ? "service-error" : undefined}
          />
          {errors.service && (
            <p id="service-error" className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-300">
              {errors.service}
            </p>
          )}
        </div>
        {fields.service === OTHER && (
          <Field label={LABELS.other} required error={error("other")}>
            <input
              ref={otherInput}
              name="other"
              required
             
              placeholder={q.otherPlaceholder}
              value={fields.other}
              onChange={(e) => set("other")(e.target.value)}
              className="field"
              maxLength={200}
            />
          </Field>
        )}
        <DetailsField
          label={LABELS.details}
          name="details"
          hint={q.detailsHint}
          max={DETAILS_MAX}
          value={fields.details}
          onChange={set("details")}
          error={error("details")}
        />
        <PhotoDropzone photos={photos} problems={problems} onAdd={(files) => void add(files)} onRemove={remove} locked={status === "sending"} />
        <SmsConsent
          company={company}
          checked={sms}
          onChange={(v) => {
            setSms(v);
            if (!v && errors.phone === smsNeedsPhone(lang)) clearError("phone");
          }}
          phoneEmpty={!fields.phone.trim()}
        />
        <Honeypot inputRef={honeypot} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {/* Before hydration a tap on it is held and replayed once React owns the form (client:intent): it never looks unavailable. */}
          <button type="submit" disabled={status === "sending"} className="btn-brand min-w-40 data-[status=sending]:cursor-wait data-[status=sending]:opacity-80" data-status={status}>
            {status === "sending" && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
            {q.submit[status]}
          </button>
          <p role="status" aria-live="polite" className={`text-sm font-semibold ${status === "failed" ? "text-red-700 dark:text-red-300" : "text-brand-700 dark:text-brand-200"}`} data-quote-status>
            {status === "sending" && progress}
            {status === "failed" && (
              <>
                {q.failed}{" "}
                <a href={`tel:${e164(phone)}`} className="whitespace-nowrap underline">
                  {phone}
                </a>
                .
              </>
            )}
          </p>
        </div>
        {leftoverBlock}
      </form>
      {overlayBox}
    </>
  );
}

export default function QuoteIsland(props: Props) {
  const lang = props.lang ?? "en";
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={formStrings(lang).quote.what}>
        <QuoteForm {...props} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}
