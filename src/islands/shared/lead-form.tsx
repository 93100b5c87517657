/**
 * What the two lead forms (quote request, product inquiry) share: the labelled field, the send
 * status, the form's clock and the honeypot that tell a person from a bot, the hidden source
 * fields of the visit, and the e-mail of a signed-in visitor to prefill.
 */
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type RefObject } from "react";
import { leadSourceFields, pageShownAt } from "../../lib/lead-source";
import type { OutboxReport } from "../../lib/lead-outbox-page";
import { local } from "../../lib/safe-storage";
import { fieldMessage as sayAtField, formStrings } from "../../lib/i18n/forms";
import type { Locale } from "../../lib/i18n/locales";
import { FieldError } from "./FieldError.tsx";
import { useLocale } from "./locale.ts";

/** 'queued': kept on this device, to be sent when the connection is back (issue 13). */
export type SendStatus = "idle" | "sending" | "sent" | "queued" | "failed";

/** The lead outbox (issue 13), loaded on first use: written to the device, then sent (lead-outbox-page.ts). */
export const loadOutbox = () => import("../../lib/lead-outbox-page.ts");

/**
 * Loads the outbox once the form is in use, registers its service worker (a request made offline
 * must find it already there), and hands `onReport` every report of a request sent later (by this
 * page, another tab or the worker). `onReport` answers true when it told the visitor, so no other
 * page shows the same news; the latest `onReport` is always the one called.
 */
export function useOutboxReports(onReport: (r: OutboxReport) => boolean): void {
  const latest = useRef(onReport);
  latest.current = onReport;
  useEffect(() => {
    let off = () => {};
    let live = true;
    void loadOutbox().then((m) => {
      if (!live) return;
      void m.prepareOffline();
      off = m.onOutboxReport((r) => latest.current(r));
    });
    return () => {
      live = false;
      off();
    };
  }, []);
}

const outboxWords = formStrings("en").outbox;
/** What the visitor reads when a request is kept on the device for later. */
export const OFFLINE_SAVED = outboxWords.offlineSaved;
/** The same, where this browser cannot keep it beyond this page (no IndexedDB). */
export const OFFLINE_KEEP_OPEN = outboxWords.offlineKeepOpen;

/**
 * What the visitor reads when the server answered but could not take the request (5xx, 429, a
 * timeout): it stays in the outbox and is sent again, once (its Idempotency-Key), by this page in a
 * minute, by any page on the next visit, or by the service worker (issue 25).
 */
export const BUSY_SAVED = outboxWords.busySaved;
/** The same, where this browser cannot keep it beyond this page (no IndexedDB). */
export const BUSY_KEEP_OPEN = outboxWords.busyKeepOpen;

/** Why a request is waiting on this device: no connection, or a server that could not take it. */
export type QueuedBecause = "offline" | "busy";
/** What the visitor reads while a request waits on the device, in the page's language. */
export const queuedText = (because: QueuedBecause, durable: boolean, locale: Locale = "en") => {
  const o = formStrings(locale).outbox;
  return because === "busy" ? (durable ? o.busySaved : o.busyKeepOpen) : durable ? o.offlineSaved : o.offlineKeepOpen;
};

/**
 * The server's refusal of one field ("Invalid phone: is not a phone number"), said at that field
 * in the form's words and language: "Phone is not a phone number.", "Teléfono: no es un número de
 * teléfono." (issue 25: the message belongs at the field; issue 37: in the page's language).
 */
export function fieldMessage(label: string, serverMessage: string, locale: Locale = "en"): string {
  return sayAtField(label, serverMessage, locale);
}

/**
 * The browser's own check of a required or e-mail field, in the page's language when the form has
 * words for it (the browser would say it in its own): spread on the input.
 */
export function nativeCheck(locale: Locale) {
  const t = formStrings(locale);
  if (!t.required) return {};
  return {
    onInvalid: (e: { currentTarget: HTMLInputElement }) => {
      const el = e.currentTarget;
      el.setCustomValidity(el.validity.valueMissing ? t.required : el.validity.typeMismatch ? t.invalidEmail : "");
    },
    onInput: (e: { currentTarget: HTMLInputElement }) => e.currentTarget.setCustomValidity(""),
  };
}

/**
 * The lead forms' own check of their fields (they are noValidate, issue 39): every empty required
 * field and malformed e-mail at once, in the form's order, in the page's language, as [name, message]
 * for the fields `labels` names. The inputs' own validity says what is wrong; only the words are ours
 * (the browser's bubbles named one field at a time, in the browser's language).
 */
export function invalidFields(form: HTMLFormElement, labels: Record<string, string>, locale: Locale): [string, string][] {
  const t = formStrings(locale).check;
  const found: [string, string][] = [];
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || !(el.name in labels) || el.validity.valid) continue;
    found.push([el.name, el.validity.valueMissing ? t.missing(labels[el.name]) : el.type === "email" ? t.email : formStrings(locale).field(labels[el.name], "")]);
  }
  return found;
}

/** The signed-in visitor's e-mail (the auth store keeps it), or "". */
export const storedEmail = () => local.get("email") ?? "";

/**
 * A form's sending state. `source()` gives the hidden fields of the visit; the clock they carry
 * restarts after each successful send. The server-rendered button is enabled: every lead form is a
 * `client:intent` island, whose directive holds a tap on it (or Enter in a field) made before React
 * owns the form and replays it once it does (replay-interaction.ts), so a first tap is never lost
 * on a disabled button, and the browser never sends the form by itself.
 */
export function useLeadForm() {
  const [status, setStatus] = useState<SendStatus>("idle");
  // From when the page was shown (decision 15); after a sent request, from that send.
  const startedAt = useRef(pageShownAt());
  const honeypot = useRef<HTMLInputElement>(null);

  /**
   * Sends once at a time: 'sending' meanwhile, then 'sent' (or the status `post` answers, e.g.
   * 'queued'), or 'failed' (handing the error to `failed`, which may answer another status: a
   * field the server refused goes back to 'idle', its message at the field).
   */
  async function send(post: () => Promise<void | SendStatus>, failed: (e: unknown) => void | SendStatus): Promise<void> {
    if (status === "sending") return;
    setStatus("sending");
    try {
      const next = await post();
      startedAt.current = Date.now();
      setStatus(next || "sent");
    } catch (e) {
      setStatus(failed(e) || "failed");
    }
  }

  const source = () => leadSourceFields(startedAt.current, honeypot.current?.value ?? "");
  return { status, setStatus, honeypot, source, send };
}

/** A field people never see and bots fill in; hidden from assistive technology too. */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useLocale();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t.honeypot}
        <input ref={inputRef} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}


/**
 * A labelled input: a required one is marked *, an optional one may say so (`optionalNote`). With
 * `error` the input is marked invalid and the message shows under it.
 */
export function Field({ label, required, optionalNote, error, children }: { label: string; required?: boolean; optionalNote?: boolean; error?: string; children: ReactElement<Record<string, unknown>> }) {
  const id = useId();
  const { t } = useLocale();
  return (
    <div>
      <label className="block">
        <span className="field-label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : optionalNote && <span className="font-normal text-slate-600 dark:text-slate-400"> {t.optional}</span>}
        </span>
        {error ? cloneElement(children, { "aria-invalid": true, "aria-describedby": `${id}-error` }) : children}
      </label>
      {error && <FieldError id={`${id}-error`} text={error} />}
    </div>
  );
}

/**
 * A multiline optional text with a visible counter ("123 / 2000") that cannot go past `max`
 * (issue 13: the quote's project details, the inquiry's message). The hint says what helps.
 */
export function DetailsField({
  label,
  name,
  hint,
  max,
  value,
  onChange,
  rows = 5,
  error,
}: {
  label: string;
  name: string;
  hint: string;
  max: number;
  value: string;
  onChange(v: string): void;
  rows?: number;
  /** The server's refusal of this field, shown under it. */
  error?: string;
}) {
  const id = useId();
  const { t, locale } = useLocale();
  const full = value.length >= max;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} <span className="font-normal text-slate-600 dark:text-slate-400">{t.optional}</span>
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
        aria-describedby={`${error ? `${id}-error ` : ""}${id}-hint ${id}-count`}
        aria-invalid={error ? true : undefined}
        className="field min-h-28 resize-y"
        dir="auto"
      />
      <div className="mt-1 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <p id={`${id}-hint`}>{hint}</p>
        <p id={`${id}-count`} className={`ms-auto tabular-nums ${full ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`} data-testid={`${name}-count`}>
          {value.length} / {max}
          {full && <span className="sr-only">{t.limitReached}</span>}
        </p>
      </div>
      {error && <FieldError id={`${id}-error`} text={error} />}
      {full && (
        <p role="status" className="mt-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
          {t.limitNote(max.toLocaleString(locale === "es" ? "es-US" : "en-US"))}
        </p>
      )}
    </div>
  );
}
