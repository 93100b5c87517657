/**
 * 'Book a free site visit' (/book, issue 35): the open times of the next days in Cape Coral's time,
 * then the visitor's details and the property's address, then the answer: booked (with what comes
 * next), outside the service area (said kindly: the office calls), or taken meanwhile (the next free
 * times, the details kept). Hydrates on the first touch or when the page is idle (client:intent="idle").
 */
import { startTransition, useEffect, useRef, useState, type FormEvent } from "react";
import { PHONE_MAX } from "../../lib/contracts/lead";
import { VISIT_PREFILL_KEY, type PublicSlot, type SlotsAnswer } from "../../lib/contracts/visits";
import { e164 } from "../../lib/phone";
import { whenOf } from "../../lib/visit-time";
import { session } from "../../lib/safe-storage";
import { IslandBoundary } from "../shared/IslandBoundary";
import { Field, Honeypot, fieldMessage, nativeCheck, storedEmail, useLeadForm } from "../shared/lead-form";
import { SmsConsent, smsConsentBody, smsNeedsPhone } from "../shared/SmsConsent";
import { LocaleContext } from "../shared/locale";
import { visitWords } from "../../lib/i18n/visits";
import type { Locale } from "../../lib/i18n/locales";
import { SlotPicker, SlotPickerPlaceholder } from "./SlotPicker";
import { bookVisit, fetchSlots } from "./visits-api";

interface Props {
  /** Service titles, in catalogue order (sent as they are: the office's records know them). */
  services: string[];
  /** The same titles as the page shows them (a Spanish page: their Spanish), in that order. */
  shown?: string[];
  /** The page's language (issue 37). */
  lang?: Locale;
  /** The office phone (every "call us"). */
  phone: string;
  company: string;
}

type Fields = { fullName: string; phone: string; email: string; address: string; zip: string; service: string; notes: string };
const EMPTY: Fields = { fullName: "", phone: "", email: "", address: "", zip: "", service: "", notes: "" };

type Result = { kind: "booked"; slot: PublicSlot; email: string } | { kind: "outside"; zip: string };

function BookVisit({ services, shown = services, phone, company, lang = "en" }: Props) {
  const words = visitWords(lang);
  const w = words.form;
  const LABELS: Record<keyof Fields, string> = words.labels;
  const check = nativeCheck(lang);
  const [list, setList] = useState<SlotsAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [picked, setPicked] = useState<PublicSlot | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [sms, setSms] = useState(false);
  const [leadToken, setLeadToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "warn" | "error"; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<{ field: keyof Fields; message: string } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const { status, honeypot, source, send } = useLeadForm();
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const done = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const load = () => {
    setLoadFailed(false);
    // The open times render as a transition: React draws them in short slices, between which a
    // tap or a key is handled at once, instead of one task of 100 ms and more on a phone (issue 38).
    void fetchSlots(lang).then((r) => startTransition(() => (r.kind === "ok" ? setList(r.data) : setLoadFailed(true))));
  };
  useEffect(() => {
    load();
    // Details the quote form left (the request itself is named by its cookie: no second lead).
    try {
      const kept = JSON.parse(session.get(VISIT_PREFILL_KEY) || "null") as (Partial<Fields> & { leadToken?: string }) | null;
      if (kept) {
        const { leadToken: token, ...rest } = kept;
        setFields((f) => ({ ...f, ...Object.fromEntries(Object.entries(rest).filter(([k, v]) => k in EMPTY && typeof v === "string")) }));
        if (typeof token === "string") setLeadToken(token);
      }
    } catch {}
    setFields((f) => ({ ...f, email: f.email || storedEmail() }));
  }, []);
  useEffect(() => {
    if (result) done.current?.focus();
  }, [result]);

  const set = (k: keyof Fields) => (v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    if (fieldError?.field === k) setFieldError(null);
  };

  const pick = (slot: PublicSlot, how: "pointer" | "keyboard") => {
    setPicked(slot);
    setNotice(null);
    if (fieldError?.field === "zip" && status === "idle") setFieldError(null);
    // A tap takes the visitor on to the details; a keyboard user moves on with Tab.
    if (how === "pointer") {
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      requestAnimationFrame(() => summary.current?.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" }));
    }
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!picked || status === "sending") return;
    setNotice(null);
    setFieldError(null);
    if (sms && !fields.phone.trim()) {
      setFieldError({ field: "phone", message: smsNeedsPhone(lang) });
      return;
    }
    await send(
      async () => {
        const r = await bookVisit({
          slot: picked.start,
          fullName: fields.fullName,
          email: fields.email,
          phone: fields.phone,
          address: fields.address,
          zip: fields.zip.trim().slice(0, 5),
          ...(fields.service ? { service: fields.service } : {}),
          ...(fields.notes.trim() ? { notes: fields.notes } : {}),
          ...(leadToken ? { leadToken } : {}),
          ...smsConsentBody(sms, lang),
          ...source(),
        });
        if (r.kind === "ok") {
          session.remove(VISIT_PREFILL_KEY);
          setResult("booked" in r.data && r.data.booked ? { kind: "booked", slot: picked, email: fields.email } : { kind: "outside", zip: fields.zip.trim().slice(0, 5) });
          return "sent";
        }
        if (r.kind === "taken") {
          // The details stay; the times are the next free ones, the taken one gone.
          setPicked(null);
          setList((l) => (l ? { ...l, slots: mergeNext(l.slots, r.next, picked.start) } : l));
          setNotice({ tone: "warn", text: w.taken(whenOf(picked, lang)) });
          requestAnimationFrame(() => noticeRef.current?.focus());
          return "idle";
        }
        if (r.kind === "field" && r.field in LABELS) {
          const field = r.field as keyof Fields;
          setFieldError({ field, message: fieldMessage(LABELS[field], r.message, lang) });
          requestAnimationFrame(() => (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus());
          return "idle";
        }
        if (r.kind === "field" && r.field === "slot") {
          setPicked(null);
          load();
          setNotice({ tone: "warn", text: w.gone });
          return "idle";
        }
        if (r.kind === "field" && r.field === "leadToken") {
          setLeadToken(null);
          session.remove(VISIT_PREFILL_KEY);
          setNotice({ tone: "warn", text: w.again });
          return "idle";
        }
        setNotice({
          tone: "error",
          text: r.kind === "busy" ? w.busy(phone) : w.failed(phone),
        });
        return "idle";
      },
      () => undefined,
    );
  }

  if (result?.kind === "booked")
    return (
      <div className="text-center" data-testid="visit-booked">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 13l4 4L19 7" />
          </svg>
        </span>
        <h2 ref={done} tabIndex={-1} className="mt-4 text-2xl font-extrabold text-slate-900 outline-none dark:text-white">
          {w.booked}
        </h2>
        <p className="mt-2 text-lg font-semibold text-brand-700 dark:text-brand-200" data-testid="visit-booked-when">
          {whenOf(result.slot, lang)} <span className="font-normal text-slate-600 dark:text-slate-300">{words.cape}</span>
        </p>
        <p className="mx-auto mt-4 max-w-md text-slate-700 dark:text-slate-300">
          {w.sentTo} <strong className="break-all">{result.email}</strong>. {w.sentToAfter}
        </p>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {w.questions}{" "}
          <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap text-brand-700 underline dark:text-brand-200">
            {phone}
          </a>
          .
        </p>
      </div>
    );

  if (result?.kind === "outside")
    return (
      <div data-testid="visit-outside">
        <h2 ref={done} tabIndex={-1} className="text-2xl font-extrabold text-slate-900 outline-none dark:text-white">
          {w.thanks}
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{w.outside(result.zip)}</p>
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          {w.hurry}{" "}
          <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap text-brand-700 underline dark:text-brand-200">
            {phone}
          </a>
          .
        </p>
      </div>
    );

  return (
    <div className="grid grid-cols-1 gap-8">
      {/* For every visitor, from the first paint: shown only when the device's zone differed, it
          arrived after hydration and pushed the times and the form down (a 0.06 layout shift). */}
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-slate-900/60 dark:text-brand-100" data-testid="visit-zone-note">
        {w.zoneNote}
      </p>
      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="alert"
          className={`rounded-xl border px-4 py-3 text-sm font-semibold outline-none ${notice.tone === "warn" ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" : "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"}`}
          data-testid="visit-notice"
        >
          {notice.text}
        </div>
      )}
      {!list && !loadFailed && (
        <div aria-busy="true" aria-label={w.loading} role="status" data-testid="visit-loading">
          <SlotPickerPlaceholder />
        </div>
      )}
      {loadFailed && (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{w.loadFailed}</p>
          <p className="mt-1 text-sm">
            {w.checkConnection}{" "}
            <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap underline">
              {phone}
            </a>
            .
          </p>
          <button type="button" className="btn-brand mt-3" onClick={load}>
            {w.tryAgain}
          </button>
        </div>
      )}
      {list && list.slots.length === 0 && (
        <p className="rounded-xl bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-100" data-testid="visit-none">
          {w.allTaken}{" "}
          <a href={`tel:${e164(phone)}`} className="font-semibold whitespace-nowrap text-brand-700 underline dark:text-brand-200">
            {phone}
          </a>{" "}
          {w.allTakenAfter}
        </p>
      )}
      {list && list.slots.length > 0 && <SlotPicker slots={list.slots} value={picked?.start ?? null} onPick={pick} />}

      <form ref={form} onSubmit={submit} className="grid grid-cols-1 gap-5 border-t border-slate-200 pt-6 dark:border-slate-700" aria-labelledby="visit-details-title" data-testid="visit-form">
        <div>
          <h2 id="visit-details-title" ref={summary} className="scroll-mt-24 text-lg font-bold text-slate-900 dark:text-white">
            {w.details}
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="visit-picked">
            {picked ? (
              <>
                {w.yourVisit} <strong className="text-brand-700 dark:text-brand-200">{whenOf(picked, lang)}</strong> {words.cape}, {w.about(list?.visitMinutes ?? 60)}
              </>
            ) : (
              w.pickFirst
            )}
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={LABELS.fullName} required error={fieldError?.field === "fullName" ? fieldError.message : undefined}>
            <input name="fullName" autoComplete="name" required {...check} value={fields.fullName} onChange={(e) => set("fullName")(e.target.value)} className="field" maxLength={120} />
          </Field>
          <Field label={LABELS.phone} required error={fieldError?.field === "phone" ? fieldError.message : undefined}>
            <input name="phone" type="tel" autoComplete="tel" required {...check} value={fields.phone} onChange={(e) => set("phone")(e.target.value)} className="field" maxLength={PHONE_MAX} />
          </Field>
        </div>
        <Field label={LABELS.email} required error={fieldError?.field === "email" ? fieldError.message : undefined}>
          <input name="email" type="email" autoComplete="email" required {...check} value={fields.email} onChange={(e) => set("email")(e.target.value)} className="field" maxLength={254} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <Field label={w.addressLabel} required error={fieldError?.field === "address" ? fieldError.message : undefined}>
            <input name="address" autoComplete="street-address" required {...check} value={fields.address} onChange={(e) => set("address")(e.target.value)} className="field" maxLength={300} placeholder={w.addressPlaceholder} />
          </Field>
          <Field label={LABELS.zip} required error={fieldError?.field === "zip" ? fieldError.message : undefined}>
            <input name="zip" inputMode="numeric" autoComplete="postal-code" required pattern="\d{5}(-\d{4})?" title={w.zipTitle} value={fields.zip} onChange={(e) => set("zip")(e.target.value)} className="field" maxLength={10} />
          </Field>
        </div>
        <Field label={LABELS.service} optionalNote error={fieldError?.field === "service" ? fieldError.message : undefined}>
          <select name="service" value={fields.service} onChange={(e) => set("service")(e.target.value)} className="field">
            <option value="">{w.notSure}</option>
            {services.map((s, i) => (
              <option key={s} value={s}>
                {shown[i] ?? s}
              </option>
            ))}
          </select>
        </Field>
        <Field label={LABELS.notes} optionalNote error={fieldError?.field === "notes" ? fieldError.message : undefined}>
          <textarea name="notes" rows={3} value={fields.notes} onChange={(e) => set("notes")(e.target.value)} className="field min-h-24 resize-y" maxLength={2000} placeholder={w.notesPlaceholder} />
        </Field>
        <SmsConsent company={company} checked={sms} onChange={setSms} phoneEmpty={!fields.phone.trim()} />
        <Honeypot inputRef={honeypot} />
        <button type="submit" disabled={!picked || status === "sending"} className="btn-brand w-full py-3 text-lg sm:w-auto sm:justify-self-start disabled:cursor-not-allowed disabled:opacity-60" data-testid="visit-submit">
          {status === "sending" && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />}
          {status === "sending" ? w.booking : picked ? w.book : w.pickTimeFirst}
        </button>
      </form>
    </div>
  );
}

/** The list after a 409: the taken slot gone, the next free ones in (the server's word on them). */
function mergeNext(current: PublicSlot[], next: PublicSlot[], taken: string): PublicSlot[] {
  const byStart = new Map(current.filter((s) => s.start !== taken).map((s) => [s.start, s]));
  for (const s of next) byStart.set(s.start, s);
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start));
}

export default function BookVisitIsland(props: Props) {
  const lang = props.lang ?? "en";
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={visitWords(lang).form.what}>
        <BookVisit {...props} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}
