/**
 * What the two lead forms (quote request, product inquiry) share: the labelled field, the send
 * status, the form's clock and the honeypot that tell a person from a bot, the hidden source
 * fields of the visit, and the e-mail of a signed-in visitor to prefill.
 */
import { useEffect, useId, useRef, useState, type ReactElement, type RefObject } from "react";
import { leadSourceFields } from "../../lib/lead-source";
import type { OutboxReport } from "../../lib/lead-outbox-page";
import { local } from "../../lib/safe-storage";

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

/** What the visitor reads when a request is kept on the device for later. */
export const OFFLINE_SAVED = "You're offline. We saved your request on this device and will send it automatically when you're back online — you don't need to do anything.";
/** The same, where this browser cannot keep it beyond this page (no IndexedDB). */
export const OFFLINE_KEEP_OPEN = "You're offline. Please keep this page open: we will send your request automatically as soon as you're back online.";

/** The signed-in visitor's e-mail (the auth store keeps it), or "". */
export const storedEmail = () => local.get("email") ?? "";

/**
 * A form's sending state. `ready` turns true once React owns the form (the server-rendered one
 * cannot send anything, so its button stays disabled). `source()` gives the hidden fields of the
 * visit; the clock they carry restarts after each successful send.
 */
export function useLeadForm() {
  const [status, setStatus] = useState<SendStatus>("idle");
  const [ready, setReady] = useState(false);
  const startedAt = useRef(Date.now());
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => {
    startedAt.current = Date.now();
    setReady(true);
  }, []);

  /**
   * Sends once at a time: 'sending' meanwhile, then 'sent' (or the status `post` answers, e.g.
   * 'queued'), or 'failed' (handing the error to `failed`).
   */
  async function send(post: () => Promise<void | SendStatus>, failed: (e: unknown) => void): Promise<void> {
    if (status === "sending") return;
    setStatus("sending");
    try {
      const next = await post();
      startedAt.current = Date.now();
      setStatus(next || "sent");
    } catch (e) {
      failed(e);
      setStatus("failed");
    }
  }

  const source = () => leadSourceFields(startedAt.current, honeypot.current?.value ?? "");
  return { status, setStatus, ready, honeypot, source, send };
}

/** A field people never see and bots fill in; hidden from assistive technology too. */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input ref={inputRef} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A labelled input: a required one is marked *, an optional one may say so (`optionalNote`). */
export function Field({ label, required, optionalNote, children }: { label: string; required?: boolean; optionalNote?: boolean; children: ReactElement }) {
  return (
    <label className="block">
      <span className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : optionalNote && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
      </span>
      {children}
    </label>
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
}: {
  label: string;
  name: string;
  hint: string;
  max: number;
  value: string;
  onChange(v: string): void;
  rows?: number;
}) {
  const id = useId();
  const full = value.length >= max;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
        aria-describedby={`${id}-hint ${id}-count`}
        className="field min-h-28 resize-y"
        dir="auto"
      />
      <div className="mt-1 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <p id={`${id}-hint`}>{hint}</p>
        <p id={`${id}-count`} className={`ms-auto tabular-nums ${full ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`} data-testid={`${name}-count`}>
          {value.length} / {max}
          {full && <span className="sr-only">: the limit is reached</span>}
        </p>
      </div>
      {full && (
        <p role="status" className="mt-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
          That is the most this box takes ({max.toLocaleString("en-US")} characters). Anything more can wait for our call.
        </p>
      )}
    </div>
  );
}
