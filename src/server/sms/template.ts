/**
 * The text a visitor gets after asking for it (issue 34): a fixed template with nothing the visitor
 * typed in it. The company's name, what the request is about (a service of the catalogue, "your
 * product inquiry", or a neutral word when the subject is the visitor's own), when the office will
 * call (from the published business hours, in the office's zone), and the office's phone.
 *
 *   Coastal Marine Construction got your request for Boat Lifts. We'll call within the hour from (239) 555-0142. Reply STOP to opt out.
 *
 * A request from the Spanish site gets it in Spanish (issue 37), with the service's Spanish title:
 *
 *   Coastal Marine: recibimos su solicitud de Elevadores para botes. Le llamaremos dentro de una hora desde el (239) 555-0142. Responda STOP para cancelar.
 *
 * It is kept within one GSM-7 segment (160 characters) where it can be: in English every service of
 * the catalogue fits with the company's full name; a longer name or title falls back to the short
 * name, then to the neutral word, and never past two segments. Spanish is longer: a long Spanish
 * title (Seawalls' 30 characters) fits only beside the shorter callback words ("dentro de una
 * hora"), and otherwise the text says "su solicitud de presupuesto". Characters outside GSM-7 (a curly quote,
 * an en dash) would turn the whole text into UCS-2 (70 a segment): they are replaced or dropped.
 */
import type { BusinessHours } from "../../lib/contracts/reports.ts";
import { SMS_MAX_PER_REQUEST } from "../../lib/contracts/sms.ts";

/** One segment of GSM-7 text; two concatenated segments hold 153 each. */
export const SEGMENT = 160;
export const TWO_SEGMENTS = 306;

// GSM 03.38: the basic set, and the extension table (each counts as two: an escape and the character).
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM_EXTENDED = new Set("^{}\\[~]|€");
const LOOKALIKES: Record<string, string> = {
  "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
  "\u2013": "-", "\u2014": "-", "\u2010": "-", "\u2011": "-", "\u2212": "-", "\u2026": "...", "\u00a0": " ", "\u2009": " ", "\u202f": " ",
  "\t": " ", "\u00b7": "-", "\u2022": "-", "á": "a", "í": "i", "ó": "o", "ú": "u", "ç": "c", "ê": "e", "ë": "e", "ï": "i", "ô": "o", "û": "u",
};

/** `text` in GSM-7 characters only: look-alikes replaced (’ → ', – → -), anything else dropped, spaces collapsed. */
export function toGsm7(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const c = LOOKALIKES[ch] ?? ch;
    for (const d of c) if (GSM_BASIC.has(d) || GSM_EXTENDED.has(d)) out += d;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** Septets `text` takes in GSM-7 (extension characters count two), or null when it is not GSM-7. */
export function gsm7Length(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) n += 1;
    else if (GSM_EXTENDED.has(ch)) n += 2;
    else return null;
  }
  return n;
}

/** Segments a GSM-7 text is sent in (1 up to 160 septets, then 153 each). */
export function segments(text: string): number {
  const n = gsm7Length(text);
  if (n === null) throw new Error("not GSM-7");
  return n <= SEGMENT ? 1 : Math.ceil(n / 153);
}

/* ---------------- when the office will call ---------------- */

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const WEEKDAYS_ES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

/** The language of a text: the language of the page the request came from (issue 37). */
export type TextLanguage = "en" | "es";

/** The wall clock of `at` in `zone`: its date, ISO weekday (1 = Monday) and minutes since midnight. */
export function wallClock(at: Date, zone: string): { y: number; m: number; d: number; isoDay: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", hourCycle: "h23", weekday: "short" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const isoDay = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday) + 1;
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), isoDay, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The office's local date of `at` (YYYY-MM-DD): the day a number may get one text. */
export function localDay(at: Date, zone: string): string {
  const { y, m, d } = wallClock(at, zone);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The instant the clocks in `zone` read `minutes` past midnight on y-m-d (daylight saving included). */
export function zonedInstant(y: number, m: number, d: number, minutes: number, zone: string): Date {
  const guess = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at the guess, then again at the corrected instant (a change in between).
  const offset = (t: number) => {
    const w = wallClock(new Date(t), zone);
    return Date.UTC(w.y, w.m - 1, w.d, Math.floor(w.minutes / 60), w.minutes % 60) - Math.floor(t / 60_000) * 60_000;
  };
  let t = guess - offset(guess);
  t = guess - offset(t);
  return new Date(t);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 17:00 → "5 pm", 17:30 → "5:30 pm", 12:00 → "noon" ("mediodía" in Spanish). */
export function clockWords(hhmm: string, language: TextLanguage = "en"): string {
  const min = toMinutes(hhmm);
  if (min === 12 * 60) return language === "es" ? "mediodía" : "noon";
  const h = Math.floor(min / 60);
  const m = min % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/** The office answers 'within the hour' while at least this much of the day is left. */
export const WITHIN_THE_HOUR_MINUTES = 60;
/** Closer to closing than this, the call is the next business morning's. */
export const LAST_CALL_MINUTES = 15;

export interface Callback {
  /** What the text says: "within the hour", "before 5 pm today", "Monday morning", "this morning", "soon". */
  when: string;
  /** After this the words are no longer true: a text not sent by then is not sent at all. */
  validUntil: Date;
}

/**
 * When the office will call a lead that arrives at `at`, by the published hours:
 *   - open, with an hour or more of the day left: "within the hour";
 *   - open, closing within the hour (but not within 15 minutes): "before 5 pm today";
 *   - otherwise the next opening: "this morning" on the same day, else the day's name ("Monday
 *     morning"; "afternoon" for an office that opens after noon).
 * Without published hours: "soon".
 */
export function callbackAt(hours: BusinessHours | null, at: Date, language: TextLanguage = "en"): Callback {
  const es = language === "es";
  const hour = new Date(at.getTime() + 3_600_000);
  if (!hours) return { when: es ? "pronto" : "soon", validUntil: hour };
  const opens = toMinutes(hours.opens);
  const closes = toMinutes(hours.closes);
  const now = wallClock(at, hours.timeZone);
  const openToday = hours.days.includes(now.isoDay);
  if (openToday && now.minutes >= opens && now.minutes < closes) {
    const left = closes - now.minutes;
    if (left >= WITHIN_THE_HOUR_MINUTES) return { when: es ? "dentro de una hora" : "within the hour", validUntil: hour };
    if (left >= LAST_CALL_MINUTES) {
      // "antes de la 1 pm", "antes de las 5 pm", "antes del mediodía".
      const close = clockWords(hours.closes, language);
      const before = !es ? `before ${close}` : closes === 12 * 60 ? "antes del mediodía" : `antes de ${closes >= 13 * 60 && closes < 14 * 60 ? "la" : "las"} ${close}`;
      return { when: `${before} ${es ? "hoy" : "today"}`, validUntil: zonedInstant(now.y, now.m, now.d, closes, hours.timeZone) };
    }
  }
  const part = opens < 12 * 60 ? "morning" : "afternoon";
  const partEs = opens < 12 * 60 ? "mañana" : "tarde";
  if (openToday && now.minutes < opens) return { when: es ? `esta ${partEs}` : `this ${part}`, validUntil: zonedInstant(now.y, now.m, now.d, opens, hours.timeZone) };
  // The next business day after today (a week always has one: hours name at least one day).
  const noon = zonedInstant(now.y, now.m, now.d, 12 * 60, hours.timeZone).getTime();
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = wallClock(new Date(noon + ahead * 86_400_000), hours.timeZone);
    if (!hours.days.includes(day.isoDay)) continue;
    const when = es ? `el ${WEEKDAYS_ES[day.isoDay - 1]} por la ${partEs}` : `${WEEKDAYS[day.isoDay - 1]} ${part}`;
    return { when, validUntil: zonedInstant(day.y, day.m, day.d, opens, hours.timeZone) };
  }
  return { when: es ? "pronto" : "soon", validUntil: hour };
}

/* ---------------- the text ---------------- */

export interface LeadTextInput {
  /** The company's name and short name (site content `name`, `shortName`). */
  company: string;
  shortName?: string | null;
  /** The office's phone as published, or null. */
  phone: string | null;
  kind: "quote" | "inquiry";
  /** A service title of the catalogue, or null when the subject is not one (the visitor's own words). */
  service: string | null;
  /** callbackAt(...).when, in the text's language */
  when: string;
  /** The text's language (English when absent); `service` is then its title in that language. */
  language?: TextLanguage;
}

function compose(company: string, about: string, when: string, phone: string | null, language: TextLanguage = "en"): string {
  if (language === "es") {
    const call = phone ? `Le llamaremos ${when} desde el ${phone}.` : `Le llamaremos ${when}.`;
    return `${company}: recibimos ${about}. ${call} Responda STOP para cancelar.`;
  }
  const call = phone ? `We'll call ${when} from ${phone}.` : `We'll call ${when}.`;
  return `${company} got ${about}. ${call} Reply STOP to opt out.`;
}

/**
 * The text about a lead: the first of these that fits one segment, else the shortest (always within
 * two): the full name with the service, the short name with it, then each with the neutral words.
 */
export function leadText(input: LeadTextInput): string {
  const names = [...new Set([toGsm7(input.company), toGsm7(input.shortName ?? "")].filter(Boolean))];
  const phone = input.phone ? toGsm7(input.phone) || null : null;
  const when = toGsm7(input.when);
  const service = input.service ? toGsm7(input.service) : "";
  const es = input.language === "es";
  const neutral = input.kind === "inquiry" ? (es ? "su consulta sobre un producto" : "your product inquiry") : es ? "su solicitud de presupuesto" : "your quote request";
  const abouts = input.kind === "quote" && service ? [es ? `su solicitud de ${service}` : `your request for ${service}`, neutral] : [neutral];
  const candidates = abouts.flatMap((about) => names.map((name) => compose(name, about, when, phone, input.language)));
  const one = candidates.find((t) => (gsm7Length(t) ?? Infinity) <= SEGMENT);
  if (one) return one;
  const shortest = candidates.reduce((a, b) => ((gsm7Length(b) ?? Infinity) < (gsm7Length(a) ?? Infinity) ? b : a));
  // A company name of hundreds of characters: cut, never a third segment.
  return (gsm7Length(shortest) ?? Infinity) <= TWO_SEGMENTS ? shortest : `${shortest.slice(0, TWO_SEGMENTS - 3)}...`;
}

/** The catalogue's title for `subject` (the quote form sends a service's title), or null for anything else. */
export function serviceOf(subject: string, services: { title: string; name?: string }[]): string | null {
  const s = subject.trim().toLowerCase();
  if (!s) return null;
  const found = services.find((x) => x.title.trim().toLowerCase() === s || x.name?.trim().toLowerCase() === s);
  return found ? found.title : null;
}

/** The reply to HELP: who texts, why, how often, the office's phone, and how to stop (in Spanish to a Spanish site's visitor). */
export function helpText(company: string, phone: string | null, language: TextLanguage = "en"): string {
  if (language === "es") {
    const call = phone ? ` Llame al ${toGsm7(phone)}.` : "";
    return toGsm7(`${company}: mensajes sobre su solicitud, hasta ${SMS_MAX_PER_REQUEST} por solicitud. Pueden aplicarse tarifas por mensajes y datos.${call} Responda STOP para cancelar.`);
  }
  const call = phone ? ` Call ${toGsm7(phone)}.` : "";
  return `${toGsm7(company)}: texts about your request, up to ${SMS_MAX_PER_REQUEST} per request. Msg & data rates may apply.${call} Reply STOP to opt out.`;
}

/** The reply to START (or YES, UNSTOP): texts may come again. */
export function startText(company: string, language: TextLanguage = "en"): string {
  if (language === "es") return toGsm7(`${company}: puede volver a recibir mensajes sobre sus solicitudes. Responda HELP para ayuda, STOP para cancelar.`);
  return `${toGsm7(company)}: you can get texts about your requests again. Reply HELP for help, STOP to opt out.`;
}

/** The site's own confirmation of a STOP said in other words ("por favor no me manden más"). */
export function stoppedText(company: string, language: TextLanguage = "en"): string {
  if (language === "es") return toGsm7(`${company}: no le enviaremos más mensajes. Responda START para volver a recibirlos.`);
  return `${toGsm7(company)}: you will get no more texts from us. Reply START to get them again.`;
}
