/**
 * The lead forms' words (quote request, product inquiry, their photos and texting consent, the
 * offline outbox's notices), in English and in Spanish (issue 37). The form takes the page's
 * language as a prop; what the server says about a field (in English: the API speaks English) is
 * said in the form's language by `fieldMessage`. No imports beyond the languages: the forms'
 * bundles load it.
 */
import type { Locale } from "./locales.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace("#", String(n)));

const en = {
  optional: "(optional)",
  requiredNote: ["Fields marked", "as required", "are required."] as [string, string, string],
  /** The browser's own message for an empty required field or a malformed e-mail, when the form has one. */
  required: "",
  invalidEmail: "",
  limitReached: ": the limit is reached",
  limitNote: (max: string) => `That is the most this box takes (${max} characters). Anything more can wait for our call.`,
  honeypot: "Website",
  /** The form's own messages for an empty required field or a malformed e-mail (issue 39: all at once, not the browser's bubbles). */
  check: {
    missing: (label: string) => `${label} is required.`,
    email: "Enter an email address like name@example.com.",
  },
  sent: "Message Sent Successfully",
  /** The panel that replaces a sent form (issue 39): what was sent, who calls and by when. */
  confirm: {
    thanks: (name: string) => (name ? `Thank you, ${name}. Your request is in.` : "Thank you. Your request is in."),
    callBy: (phone: string, when: string) => `We'll call you at ${phone} ${when}.`,
    mailBy: (email: string, when: string) => `We'll reply to ${email} ${when}.`,
    queuedTitle: "Saved on this device, not sent yet",
    queuedThen: "As soon as it reaches us, we reply within one business day.",
    summary: "What you sent",
    photos: "Photos",
    urgent: "Urgent? Call now",
    another: "Send another request",
  },
  sending: "Sending...",
  island: {
    chunk: "Loading chunk failed",
    error: "Unexpected Application Error!",
    text: (what?: string) => `Sorry, ${what ?? "this part of the page"} could not load. Please refresh the page, or call us.`,
    refresh: "Refresh",
  },
  outbox: {
    offlineSaved: "You're offline. We saved your request on this device and will send it automatically when you're back online — you don't need to do anything.",
    offlineKeepOpen: "You're offline. Please keep this page open: we will send your request automatically as soon as you're back online.",
    busySaved: "Our server could not take your request just now. We saved it on this device and will send it again automatically in a minute or on your next visit. You don't need to do anything.",
    busyKeepOpen: "Our server could not take your request just now. Please keep this page open: we will send it again automatically in a minute.",
    toastPhotos: (what: string) => `The photos of your ${what} have been sent. Thank you!`,
    toastSent: (what: string) => `Your saved ${what} has been sent. Thank you! We will be in touch within one business day.`,
    toastFailed: (n: number) => `${n === 1 ? "One photo" : `${n} photos`} could not be sent; you can show them to us when we call.`,
    quote: "quote request",
    inquiry: "product inquiry",
  },
  /** The server's refusal of a field, said at it ("Phone is not a phone number."). */
  field: (label: string, said: string) => (said ? `${label} ${said}.` : `Please check ${label.toLowerCase()}.`),
  sms: {
    needsPhone: "Phone is needed for text messages: enter your mobile number, or untick 'Text me about this request'.",
    enterMobile: "Enter your mobile number above so we can text you.",
  },
  photos: {
    label: "Photos",
    tooMany: (max: number, name: string) => `A quote request can carry at most ${max} photos, so “${name}” was not added.`,
    notPrepared: (name: string) => `“${name}” could not be prepared: please check your connection and try again.`,
    unreadable: (name: string) => `We could not read “${name}” as a picture.`,
    full: (max: number) => `${max} of ${max} photos added — remove one to add another`,
    click: "Click to upload",
    orDrop: ", take a photo or drag and drop",
    hint: (max: number) => `PNG, JPG or WebP · up to ${max} photos`,
    list: "Photos to send",
    photo: (i: number, name: string) => `Photo ${i}: ${name}`,
    preparingPhoto: (i: number, name: string) => `Photo ${i}: ${name}, preparing`,
    sendingPhoto: (i: number) => `Sending photo ${i}`,
    remove: (i: number, name: string) => `Remove photo ${i}: ${name}`,
    status: { preparing: "Preparing…", sent: "Sent", failed: "Not sent", waiting: "Saved, will be sent", locked: "Waiting…" },
  },
  quote: {
    what: "the quote form",
    submit: { idle: "Submit", sending: "Sending...", sent: "Message sent", queued: "Saved on this device", failed: "Try later" },
    labels: { fullName: "Full name", phone: "Phone", email: "Email", address: "Property address", details: "Project details", other: "Your request", service: "Service" },
    detailsHint: "What helps: length of seawall, dock size, boat and lift capacity, water depth, access for equipment…",
    otherPlaceholder: "Please specify your request",
    selectService: "Select a Service",
    other: "Other",
    chooseService: "Please select a service, or choose Other and tell us about your project.",
    photosPreparing: "Please wait a moment: the photos are still being prepared.",
    sendingRequest: "Sending your request…",
    receivedSendingPhotos: (n: number) => `Request received. Sending ${plural(n, "your photo", "# photos")}…`,
    sendingPhoto: (i: number, n: number) => `Sending photo ${i} of ${n}…`,
    failed: "We could not send your request just now. Please try again in a few minutes, or call us at",
    urgent: "If it's urgent, call us at",
    thanks: "Thank you, your request is in.",
    savedSent: "Your saved request has been sent.",
    bookVisit: "Want to pick the time of your free site visit yourself?",
    bookVisitLink: "Book it online now",
    overlay: "We will be in touch within one business day.",
    overlaySaved: "Your saved request has been sent. We will be in touch within one business day.",
    photosSaved: (n: number) => `${plural(n, "Your photo is", "Your # photos are")} saved with it.`,
    photosLater: (n: number, durable: boolean) =>
      `${plural(n, "Your photo", "Your # photos")} will follow: ${n === 1 ? "it is" : "they are"} saved on this device and sent automatically once our office has looked at your request, ${durable ? "while you are on our site or on your next visit" : "if this page stays open"}.`,
    photosWaiting: (n: number, durable: boolean) =>
      `${plural(n, "One photo has", "# photos have")} not gone through yet. ${durable ? "They are saved on this device and will be sent automatically when the connection is back." : "Please keep this page open, or try again."}`,
    photosFailed: (n: number) => `${plural(n, "One photo", "# photos")} could not be sent. Your request itself is in.`,
    notSent: "Not sent.",
    sentOne: "Sent.",
    waiting: "Waiting to be sent.",
    retrying: "Sending...",
    retry: "Try sending them again",
  },
  inquiry: {
    what: "the inquiry form",
    heading: (product: string) => `Ask us about ${product}`,
    /** What sending does, said plainly (issue 39: it orders nothing). */
    lead: "Send us your question. Nothing is ordered or charged: the office writes or calls you back within one business day with availability, delivery and installation.",
    labels: { fullName: "Full name", email: "Email", phone: "Phone", subject: "Subject", message: "Message" },
    defaultSubject: (product: string) => `Inquiry about ${product}`,
    hint: "Tell us what you need: quantity, sizes, where it goes, when you need it.",
    send: "Send Inquiry",
    thanks: "Thank you for your inquiry",
    back: "Back to the products",
    product: "Product",
    failed: "Failed to submit form",
  },
};

export type FormStrings = typeof en;

const es: FormStrings = {
  optional: "(opcional)",
  requiredNote: ["Los campos marcados con", "como obligatorios", "son obligatorios."],
  required: "Complete este campo.",
  invalidEmail: "Escriba un correo electrónico válido, por ejemplo nombre@ejemplo.com.",
  limitReached: ": llegó al límite",
  limitNote: (max: string) => `Es lo máximo que cabe en este espacio (${max} caracteres). Lo demás nos lo puede contar cuando le llamemos.`,
  honeypot: "Sitio web",
  check: {
    missing: (label: string) => `${label}: este campo es obligatorio.`,
    email: "Escriba un correo electrónico válido, por ejemplo nombre@ejemplo.com.",
  },
  sent: "Mensaje enviado con éxito",
  confirm: {
    thanks: (name: string) => (name ? `Gracias, ${name}. Recibimos su solicitud.` : "Gracias. Recibimos su solicitud."),
    callBy: (phone: string, when: string) => `Le llamaremos al ${phone} ${when}.`,
    mailBy: (email: string, when: string) => `Le responderemos a ${email} ${when}.`,
    queuedTitle: "Guardada en este dispositivo, todavía no se envió",
    queuedThen: "En cuanto nos llegue, le respondemos en un día hábil.",
    summary: "Lo que nos envió",
    photos: "Fotos",
    urgent: "¿Es urgente? Llame ahora",
    another: "Enviar otra solicitud",
  },
  sending: "Enviando...",
  island: {
    chunk: "No se pudo cargar esta parte de la página",
    error: "Error inesperado de la aplicación",
    text: (what?: string) => `Lo sentimos, ${what ?? "esta parte de la página"} no se pudo cargar. Actualice la página o llámenos.`,
    refresh: "Actualizar",
  },
  outbox: {
    offlineSaved: "No tiene conexión. Guardamos su solicitud en este dispositivo y la enviaremos automáticamente cuando vuelva a tener conexión; no tiene que hacer nada.",
    offlineKeepOpen: "No tiene conexión. Por favor, deje esta página abierta: enviaremos su solicitud automáticamente en cuanto vuelva a tener conexión.",
    busySaved:
      "Nuestro servidor no pudo recibir su solicitud en este momento. La guardamos en este dispositivo y la volveremos a enviar automáticamente en un minuto o en su próxima visita. No tiene que hacer nada.",
    busyKeepOpen: "Nuestro servidor no pudo recibir su solicitud en este momento. Por favor, deje esta página abierta: la volveremos a enviar automáticamente en un minuto.",
    toastPhotos: (what: string) => `Se enviaron las fotos de su ${what}. ¡Gracias!`,
    toastSent: (what: string) => `Se envió su ${what} guardada. ¡Gracias! Nos comunicaremos con usted en un día hábil.`,
    toastFailed: (n: number) => `${n === 1 ? "Una foto no se pudo enviar" : `${n} fotos no se pudieron enviar`}; nos las puede mostrar cuando le llamemos.`,
    quote: "solicitud de presupuesto",
    inquiry: "consulta sobre un producto",
  },
  field: (label: string, said: string) => (said ? `${label}: ${said}.` : `Por favor, revise el campo ${label.toLowerCase()}.`),
  sms: {
    needsPhone: "Para recibir mensajes de texto necesitamos su teléfono: escriba su número de celular o desmarque 'Envíenme mensajes de texto sobre esta solicitud'.",
    enterMobile: "Escriba arriba su número de celular para que podamos enviarle mensajes.",
  },
  photos: {
    label: "Fotos",
    tooMany: (max: number, name: string) => `Una solicitud puede llevar como máximo ${max} fotos, así que no se agregó “${name}”.`,
    notPrepared: (name: string) => `No se pudo preparar “${name}”: revise su conexión e inténtelo de nuevo.`,
    unreadable: (name: string) => `No pudimos usar “${name}” como foto. Elija otra foto JPG, PNG o WebP.`,
    full: (max: number) => `${max} de ${max} fotos agregadas: quite una para agregar otra`,
    click: "Haga clic para subir",
    orDrop: ", tome una foto o arrástrela aquí",
    hint: (max: number) => `PNG, JPG o WebP · hasta ${max} fotos`,
    list: "Fotos para enviar",
    photo: (i: number, name: string) => `Foto ${i}: ${name}`,
    preparingPhoto: (i: number, name: string) => `Foto ${i}: ${name}, preparando`,
    sendingPhoto: (i: number) => `Enviando la foto ${i}`,
    remove: (i: number, name: string) => `Quitar la foto ${i}: ${name}`,
    status: { preparing: "Preparando…", sent: "Enviada", failed: "No enviada", waiting: "Guardada, se enviará", locked: "En espera…" },
  },
  quote: {
    what: "el formulario de presupuesto",
    submit: { idle: "Enviar", sending: "Enviando...", sent: "Mensaje enviado", queued: "Guardado en este dispositivo", failed: "Inténtelo más tarde" },
    labels: { fullName: "Nombre completo", phone: "Teléfono", email: "Correo electrónico", address: "Dirección de la propiedad", details: "Detalles del proyecto", other: "Su solicitud", service: "Servicio" },
    detailsHint: "Nos ayuda saber: largo del seawall, tamaño del muelle, capacidad del bote y del elevador, profundidad del agua, acceso para el equipo…",
    otherPlaceholder: "Cuéntenos qué necesita",
    selectService: "Elija un servicio",
    other: "Otro",
    chooseService: "Por favor, elija un servicio, o elija Otro y cuéntenos sobre su proyecto.",
    photosPreparing: "Espere un momento: todavía estamos preparando las fotos.",
    sendingRequest: "Enviando su solicitud…",
    receivedSendingPhotos: (n: number) => `Solicitud recibida. Enviando ${plural(n, "su foto", "# fotos")}…`,
    sendingPhoto: (i: number, n: number) => `Enviando la foto ${i} de ${n}…`,
    failed: "No pudimos enviar su solicitud en este momento. Inténtelo de nuevo en unos minutos, o llámenos al",
    urgent: "Si es urgente, llámenos al",
    thanks: "Gracias, recibimos su solicitud.",
    savedSent: "Se envió su solicitud guardada.",
    bookVisit: "¿Quiere elegir usted mismo la hora de su visita gratuita?",
    bookVisitLink: "Resérvela en línea ahora",
    overlay: "Nos comunicaremos con usted en un día hábil.",
    overlaySaved: "Se envió su solicitud guardada. Nos comunicaremos con usted en un día hábil.",
    photosSaved: (n: number) => `${plural(n, "Su foto quedó guardada", "Sus # fotos quedaron guardadas")} con ella.`,
    photosLater: (n: number, durable: boolean) =>
      `${plural(n, "Su foto se enviará", "Sus # fotos se enviarán")} después: ${n === 1 ? "está guardada" : "están guardadas"} en este dispositivo y se ${n === 1 ? "enviará" : "enviarán"} automáticamente cuando nuestra oficina haya revisado su solicitud, ${durable ? "mientras esté en nuestro sitio o en su próxima visita" : "si deja esta página abierta"}.`,
    photosWaiting: (n: number, durable: boolean) =>
      `${plural(n, "Una foto todavía no se ha enviado", "# fotos todavía no se han enviado")}. ${durable ? "Están guardadas en este dispositivo y se enviarán automáticamente cuando vuelva la conexión." : "Por favor, deje esta página abierta o inténtelo de nuevo."}`,
    photosFailed: (n: number) => `${plural(n, "Una foto no se pudo enviar", "# fotos no se pudieron enviar")}. Su solicitud sí nos llegó.`,
    notSent: "No se envió.",
    sentOne: "Enviada.",
    waiting: "En espera de envío.",
    retrying: "Enviando...",
    retry: "Intentar enviarlas de nuevo",
  },
  inquiry: {
    what: "el formulario de consulta",
    heading: (product: string) => `Pregúntenos sobre ${product}`,
    lead: "Envíenos su pregunta. No se hace ningún pedido ni se cobra nada: la oficina le escribe o le llama en un día hábil con la disponibilidad, la entrega y la instalación.",
    labels: { fullName: "Nombre completo", email: "Correo electrónico", phone: "Teléfono", subject: "Asunto", message: "Mensaje" },
    defaultSubject: (product: string) => `Consulta sobre ${product}`,
    hint: "Cuéntenos qué necesita: cantidad, medidas, dónde va y para cuándo lo necesita.",
    send: "Enviar consulta",
    thanks: "Gracias por su consulta",
    back: "Volver a los productos",
    product: "Producto",
    failed: "No se pudo enviar el formulario",
  },
};

const FORMS: Record<Locale, FormStrings> = { en, es };

/** The forms' words in `locale`. */
export const formStrings = (locale: Locale): FormStrings => FORMS[locale];

/**
 * What the server says about a lead field (src/lib/lead-schemas.ts, the phone and texting rules of
 * src/server), in Spanish. The API answers in English; the Spanish form says it in Spanish.
 */
const SERVER_ES: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
  [/^is required$/, "es obligatorio"],
  [/^is too short$/, "es demasiado corto"],
  [/^must be at most (\d+) characters$/, (m) => `puede tener como máximo ${m[1]} caracteres`],
  [/^contains characters that are not allowed$/, "tiene caracteres que no se permiten"],
  [/^must be a single line$/, "debe ir en una sola línea"],
  [/^is not a valid e-mail address$/, "no es un correo electrónico válido"],
  [/^is not a phone number$/, "no es un número de teléfono"],
  [/^is too short: include the area code$/, "es demasiado corto; incluya el código de área"],
  [/^is needed to get text messages/, "es necesario para recibir mensajes de texto: escriba un número de celular o desmarque 'Envíenme mensajes de texto sobre esta solicitud'"],
  [/^must be a US mobile number to get text messages/, "debe ser un celular de EE. UU. para recibir mensajes de texto (o desmarque 'Envíenme mensajes de texto sobre esta solicitud')"],
];

/** The server's words about a field in `locale`, or null when they have no Spanish here (a generic line is said instead). */
export function serverSaid(message: string, locale: Locale): string | null {
  const said = message.replace(/^Invalid [\w.]+:\s*/, "").trim().replace(/\.$/, "");
  if (locale === "en" || !said) return said;
  for (const [re, es] of SERVER_ES) {
    const m = said.match(re);
    if (m) return typeof es === "string" ? es : es(m);
  }
  return null;
}

/** The server's refusal of one field, said at that field in the form's words and language. */
export function fieldMessage(label: string, serverMessage: string, locale: Locale = "en"): string {
  return FORMS[locale].field(label, serverSaid(serverMessage, locale) ?? "");
}
