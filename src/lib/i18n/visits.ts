/**
 * The site visit's words in English and Spanish (issue 37): the booking page (/book, /es/book), its
 * island and the visitor's change page, and a slot's date and time in the page's language (always in
 * Cape Coral's time). The office's records stay English. It imports only the office's zone
 * (wall-clock.ts, itself without imports): it ships in the islands.
 */
import { OFFICE_TIME_ZONE } from "../wall-clock.ts";
import type { Locale } from "./locales.ts";

const en = {
  page: {
    title: "Book a Free Site Visit",
    description: (company: string) =>
      `Book a free site visit online: ${company} comes to your waterfront property in Cape Coral and nearby Lee County to measure your dock, lift or seawall project, then sends a written estimate.`,
    eyebrow: "Free site visit",
    lead: "Pick a time that suits you. We come to your property, look at the job and send you a written estimate. No cost, no obligation.",
    section: "Book your visit",
    noscript: "Booking online needs JavaScript. Call us at",
    noscriptAfter: "and we will book your visit.",
    steps: [
      { title: "Pick a time", text: "In Cape Coral time. It takes a minute." },
      { title: "We come to you", text: "A project manager measures the canal, the seawall and the access to your lot, in about an hour." },
      { title: "Your written estimate", text: "With a schedule, at no cost and with no obligation." },
    ],
    talk: "Rather talk to us?",
    area: (places: string, last: string) => `We visit ${places} and ${last}. Elsewhere? Book anyway and we will call you.`,
    changeTitle: "Your Site Visit",
    changeDescription: "Change or cancel your free site visit.",
    changeNoscript: "Changing a visit online needs JavaScript. Call us at",
  },
  cape: "(Cape Coral time)",
  labels: { fullName: "Full name", phone: "Phone", email: "Email", address: "Street address", zip: "ZIP code", service: "Service", notes: "Anything we should know" },
  form: {
    what: "the booking form",
    addressLabel: "Street address of the property",
    addressPlaceholder: "4120 SW 20th Ave, Cape Coral",
    zipTitle: "Five digits, such as 33904",
    notSure: "Not sure yet",
    notesPlaceholder: "A gate code, which side the canal is on, a dog in the yard…",
    details: "Your details",
    yourVisit: "Your visit:",
    about: (minutes: number) => `about ${minutes} minutes.`,
    pickFirst: "Pick a time above first.",
    booking: "Booking...",
    book: "Book my free visit",
    pickTimeFirst: "Pick a time first",
    taken: (when: string) => `Sorry, ${when} was just booked by someone else. Please pick another time: the next open ones are below.`,
    gone: "That time can no longer be booked. Please pick another one.",
    again: "Please send the form once more: it now books the visit on its own.",
    busy: (phone: string) => `Too many tries from this connection just now. Please wait a few minutes, or call us at ${phone}.`,
    failed: (phone: string) => `We could not book your visit just now. Please try again in a minute, or call us at ${phone}.`,
    booked: "You're booked",
    sentTo: "We sent a confirmation with a calendar invite to",
    sentToAfter: "It has a link to change or cancel the visit, no account needed.",
    questions: "Questions before then? Call us at",
    thanks: "Thank you, we have your request",
    outside: (zip: string) =>
      `ZIP ${zip} is outside the area where we book site visits online, so we have not put a visit on the calendar. Your request went to our office all the same: we will call you to talk about your project and whether we can come out.`,
    hurry: "In a hurry? Call us at",
    zoneNote: "All times are Cape Coral time (Eastern), which may differ from your device's clock.",
    loading: "Loading the open times",
    loadFailed: "We could not load the open times.",
    checkConnection: "Check your connection and try again, or call us at",
    tryAgain: "Try again",
    allTaken: "Every visit time of the next weeks is taken. Please call us at",
    allTakenAfter: "and we will find one.",
  },
  picker: {
    day: "Choose a day",
    time: "Choose a time",
    on: "on",
    open: (n: number) => `${n} open`,
  },
  manage: {
    what: "your visit",
    titles: { invalid: "This link does not work", expired: "This visit is over", past: "This visit is over", used: "This link has been used", cancelled: "This visit was cancelled" },
    /** null: the server's own words (English). */
    problems: null as Record<"invalid" | "expired" | "past" | "used" | "cancelled", string> | null,
    noToken: "This page needs the link from your confirmation e-mail. Please open that link again, or call us.",
    taken: (when: string) => `Sorry, ${when} was just booked by someone else. Please pick another time.`,
    gone: "That time can no longer be booked. Please pick another one.",
    moveFailed: (phone: string) => `We could not change your visit just now. Please try again in a minute, or call us at ${phone}.`,
    cancelFailed: (phone: string) => `We could not cancel your visit just now. Please try again in a minute, or call us at ${phone}.`,
    loading: "Loading your visit",
    loadFailed: "We could not load your visit",
    checkConnection: "Please check your connection and try again, or call us at",
    tryAgain: "Try again",
    book: "Book a site visit",
    call: "Call",
    moved: "Your visit has moved",
    cancelled: "Your visit is cancelled",
    movedText: "We sent you a new confirmation with an updated calendar invite. Its link replaces the one you used, which no longer works.",
    cancelledText: (when: string) => `Your visit of ${when} is cancelled, and we sent you an e-mail that removes it from your calendar.`,
    bookAnother: "Book another time",
    questions: "Questions? Call us at",
    title: "Your free site visit",
    atProperty: (zip: string) => `At your property, ZIP ${zip}.`,
    change: "Change the time",
    cancel: "Cancel the visit",
    cancelQ: (when: string) => `Cancel your visit of ${when}?`,
    cancelling: "Cancelling...",
    yesCancel: "Yes, cancel it",
    keep: "Keep my visit",
    allTaken: "Every other time of the next weeks is taken. Please call us at",
    newTime: "New time:",
    pickNew: "Pick the new time above.",
    moving: "Moving...",
    move: "Move my visit",
    keepTime: "Keep the current time",
  },
};

export type VisitWords = typeof en;

const es: VisitWords = {
  page: {
    title: "Agende una visita gratis a su propiedad",
    description: (company) =>
      `Agende en línea una visita gratis: ${company} va a su propiedad frente al agua en Cape Coral y el resto del condado de Lee para medir su muelle, elevador o seawall, y después le envía un presupuesto por escrito.`,
    eyebrow: "Visita gratis",
    lead: "Elija la hora que le convenga. Vamos a su propiedad, vemos el trabajo y le enviamos un presupuesto por escrito. Sin costo y sin compromiso.",
    section: "Agende su visita",
    noscript: "Para agendar en línea se necesita JavaScript. Llámenos al",
    noscriptAfter: "y agendamos su visita.",
    steps: [
      { title: "Elija una hora", text: "En hora de Cape Coral. Toma un minuto." },
      { title: "Vamos a su casa", text: "Un gerente de proyecto mide el canal, el seawall y el acceso a su lote, en más o menos una hora." },
      { title: "Su presupuesto por escrito", text: "Con un calendario de obra, sin costo y sin compromiso." },
    ],
    talk: "¿Prefiere hablar con nosotros?",
    area: (places, last) => `Visitamos ${places} y ${last}. ¿Está en otro lugar? Agende de todos modos y lo llamamos.`,
    changeTitle: "Su visita",
    changeDescription: "Cambie o cancele su visita gratis.",
    changeNoscript: "Para cambiar una visita en línea se necesita JavaScript. Llámenos al",
  },
  cape: "(hora de Cape Coral)",
  labels: { fullName: "Nombre completo", phone: "Teléfono", email: "Correo electrónico", address: "Dirección", zip: "Código postal (ZIP)", service: "Servicio", notes: "Algo que debamos saber" },
  form: {
    what: "el formulario de la visita",
    addressLabel: "Dirección de la propiedad",
    addressPlaceholder: "4120 SW 20th Ave, Cape Coral",
    zipTitle: "Cinco dígitos, como 33904",
    notSure: "Todavía no sé",
    notesPlaceholder: "El código del portón, de qué lado está el canal, un perro en el patio…",
    details: "Sus datos",
    yourVisit: "Su visita:",
    about: (minutes) => `más o menos ${minutes} minutos.`,
    pickFirst: "Primero elija una hora arriba.",
    booking: "Agendando...",
    book: "Agendar mi visita gratis",
    pickTimeFirst: "Primero elija una hora",
    taken: (when) => `Lo sentimos, alguien acaba de agendar el ${when}. Elija otra hora: las próximas libres están abajo.`,
    gone: "Esa hora ya no se puede agendar. Elija otra.",
    again: "Envíe el formulario una vez más: ahora agenda la visita por sí solo.",
    busy: (phone) => `Demasiados intentos desde esta conexión en este momento. Espere unos minutos o llámenos al ${phone}.`,
    failed: (phone) => `No pudimos agendar su visita en este momento. Inténtelo de nuevo en un minuto o llámenos al ${phone}.`,
    booked: "Su visita está agendada",
    sentTo: "Le enviamos una confirmación con una invitación de calendario a",
    sentToAfter: "Tiene un enlace para cambiar o cancelar la visita, sin necesidad de cuenta.",
    questions: "¿Preguntas antes de la visita? Llámenos al",
    thanks: "Gracias, recibimos su solicitud",
    outside: (zip) =>
      `El código postal ${zip} está fuera del área donde agendamos visitas en línea, así que no pusimos una visita en el calendario. Su solicitud llegó igual a nuestra oficina: lo llamaremos para hablar de su proyecto y de si podemos ir.`,
    hurry: "¿Tiene prisa? Llámenos al",
    zoneNote: "Todas las horas son de Cape Coral (hora del Este), que puede ser distinta a la de su dispositivo.",
    loading: "Cargando las horas libres",
    loadFailed: "No pudimos cargar las horas libres.",
    checkConnection: "Revise su conexión e inténtelo de nuevo, o llámenos al",
    tryAgain: "Intentar de nuevo",
    allTaken: "Todas las horas de las próximas semanas están ocupadas. Llámenos al",
    allTakenAfter: "y le buscamos una.",
  },
  picker: {
    day: "Elija un día",
    time: "Elija una hora",
    on: "el",
    open: (n) => (n === 1 ? "1 libre" : `${n} libres`),
  },
  manage: {
    what: "su visita",
    titles: { invalid: "Este enlace no funciona", expired: "Esta visita ya pasó", past: "Esta visita ya pasó", used: "Este enlace ya se usó", cancelled: "Esta visita se canceló" },
    problems: {
      invalid: "Este enlace no es válido. Use el enlace del correo más reciente que le enviamos, o llámenos.",
      expired: "Esta visita ya se realizó, así que su enlace ya no funciona. Para agendar otra visita, use nuestra página de visitas o llámenos.",
      past: "Esta visita ya se realizó, así que su enlace ya no funciona. Para agendar otra visita, use nuestra página de visitas o llámenos.",
      used: "Este enlace ya se usó. El correo más reciente que le enviamos tiene el enlace que funciona ahora.",
      cancelled: "Esta visita se canceló, así que no queda nada que cambiar. Para agendar otra visita, use nuestra página de visitas o llámenos.",
    },
    noToken: "Esta página necesita el enlace de su correo de confirmación. Ábralo de nuevo, o llámenos.",
    taken: (when) => `Lo sentimos, alguien acaba de agendar el ${when}. Elija otra hora.`,
    gone: "Esa hora ya no se puede agendar. Elija otra.",
    moveFailed: (phone) => `No pudimos cambiar su visita en este momento. Inténtelo de nuevo en un minuto o llámenos al ${phone}.`,
    cancelFailed: (phone) => `No pudimos cancelar su visita en este momento. Inténtelo de nuevo en un minuto o llámenos al ${phone}.`,
    loading: "Cargando su visita",
    loadFailed: "No pudimos cargar su visita",
    checkConnection: "Revise su conexión e inténtelo de nuevo, o llámenos al",
    tryAgain: "Intentar de nuevo",
    book: "Agendar una visita",
    call: "Llamar al",
    moved: "Su visita cambió de hora",
    cancelled: "Su visita está cancelada",
    movedText: "Le enviamos una nueva confirmación con la invitación de calendario actualizada. Su enlace reemplaza el que usó, que ya no funciona.",
    cancelledText: (when) => `Su visita del ${when} está cancelada, y le enviamos un correo que la quita de su calendario.`,
    bookAnother: "Agendar otra hora",
    questions: "¿Preguntas? Llámenos al",
    title: "Su visita gratis",
    atProperty: (zip) => `En su propiedad, código postal ${zip}.`,
    change: "Cambiar la hora",
    cancel: "Cancelar la visita",
    cancelQ: (when) => `¿Cancelar su visita del ${when}?`,
    cancelling: "Cancelando...",
    yesCancel: "Sí, cancelarla",
    keep: "Mantener mi visita",
    allTaken: "Todas las demás horas de las próximas semanas están ocupadas. Llámenos al",
    newTime: "Nueva hora:",
    pickNew: "Elija la nueva hora arriba.",
    moving: "Cambiando...",
    move: "Cambiar mi visita",
    keepTime: "Mantener la hora actual",
  },
};

const WORDS: Record<Locale, VisitWords> = { en, es };

/** The visit's words in the page's language. */
export const visitWords = (locale: Locale): VisitWords => WORDS[locale];

const INTL: Record<Locale, string> = { en: "en-US", es: "es-US" };
const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter in Cape Coral's zone, made once per language and options. */
export function visitFormat(locale: Locale, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}${JSON.stringify(opts)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(INTL[locale], { timeZone: OFFICE_TIME_ZONE, ...opts })));
  return f;
}
