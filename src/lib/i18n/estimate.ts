/**
 * The estimator's words in English and Spanish (issue 37): the questions and their choices, what it
 * says of an answer to correct, of what moves the price and of the permits' exemptions, and the
 * page's own words. The questions' ids stay those of src/lib/contracts/estimate.ts (the office's
 * price rules name them); only their words change with the page's language. The office's records
 * (estimateLines: the lead card, the CSV, Zoho, the office's e-mail) stay English.
 * No imports but types and the contract: it ships in the estimator's island.
 */
import { ACCESS_LABELS, PROJECT_INFO, WATER_LABELS, WATERWAY_LABELS, WITHIN_LABELS, type ProjectId, type ProjectInfo, type SizeField, type Access, type Water, type WaterwayId, type Within } from "../contracts/estimate.ts";
import type { Locale } from "./locales.ts";

const num = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const list = (words: string[], or: string) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${or} ${words.at(-1)}`);

/** A project's questions in Spanish, by the ids of the English (PROJECT_INFO). */
interface SpanishProject {
  label: string;
  /** "su muelle": the second step's heading names it. */
  noun: string;
  kindQuestion: string;
  kinds: Record<string, string>;
  materials: Record<string, string>;
  /** Each size: its label, with its article for a sentence ("el largo del muelle"), and its hint. */
  sizes: Partial<Record<SizeField, { label: string; the: string; hint?: string }>>;
  /** One priced unit, as a driver says it ("pies cuadrados"). */
  unit: string;
}

const FT_ES = "pies";
const UNIT_ES: Record<string, string> = { ft: FT_ES, lb: "lb" };

const PROJECT_ES: Record<ProjectId, SpanishProject> = {
  dock: {
    label: "Muelle: nuevo o reconstrucción",
    noun: "su muelle",
    kindQuestion: "¿Muelle nuevo o reconstrucción?",
    kinds: { new: "Un muelle nuevo", rebuild: "Reconstruir un muelle viejo (incluye retirarlo)" },
    materials: { wood: "Madera tratada a presión", composite: "Piso de material compuesto", concrete: "Concreto" },
    sizes: {
      length: { label: "Largo del muelle", the: "el largo del muelle", hint: "Desde el seawall hacia el agua, o a lo largo de él si el muelle va paralelo." },
      width: { label: "Ancho del muelle", the: "el ancho del muelle" },
    },
    unit: "pies cuadrados",
  },
  lift: {
    label: "Elevador para bote",
    noun: "su elevador",
    kindQuestion: "¿Qué tipo de elevador?",
    kinds: { cable: "Elevador de cables (tipo ascensor o de 4 postes)", hydraulic: "Elevador hidráulico" },
    materials: {},
    sizes: { capacity: { label: "Capacidad del elevador", the: "la capacidad del elevador", hint: "Más o menos 1.5 veces el peso de su bote con combustible y equipo." } },
    unit: "1,000 lb",
  },
  seawall: {
    label: "Seawall: nuevo o reemplazo",
    noun: "su seawall",
    kindQuestion: "¿Seawall nuevo o reemplazo?",
    kinds: { new: "Un seawall nuevo", replacement: "Reemplazar un seawall viejo" },
    materials: { concrete: "Paneles de concreto", vinyl: "Tablestacas de vinilo" },
    sizes: { feet: { label: "Largo del muro", the: "el largo del muro", hint: "La mayoría de los lotes de Cape Coral tienen de 80 a 120 pies de seawall." } },
    unit: FT_ES,
  },
  cap: {
    label: "Tapa (cap) o reparación del seawall",
    noun: "su seawall",
    kindQuestion: "¿Qué necesita el muro?",
    kinds: { cap: "Una tapa nueva sobre el muro existente", repair: "Reparar grietas, paneles o juntas" },
    materials: {},
    sizes: { feet: { label: "Largo del muro", the: "el largo del muro" } },
    unit: FT_ES,
  },
  dredge: {
    label: "Dragado",
    noun: "el dragado",
    kindQuestion: "",
    kinds: { dredge: "Dragado" },
    materials: {},
    sizes: {
      length: { label: "Largo del área", the: "el largo del área", hint: "Por lo general, a lo largo de su seawall." },
      width: { label: "Ancho del área", the: "el ancho del área" },
      depth: { label: "Profundidad a retirar", the: "la profundidad a retirar" },
    },
    unit: "yardas cúbicas",
  },
};

/** A project's questions and choices in the page's language (same ids, numbers and order). */
export function projectInfo(p: ProjectId, locale: Locale): ProjectInfo {
  const info = PROJECT_INFO[p];
  if (locale === "en") return info;
  const es = PROJECT_ES[p];
  return {
    ...info,
    label: es.label,
    kindQuestion: es.kindQuestion,
    kinds: info.kinds.map((k) => ({ ...k, label: es.kinds[k.id] ?? k.label })),
    materials: info.materials.map((m) => ({ ...m, label: es.materials[m.id] ?? m.label })),
    sizes: info.sizes.map((q) => ({ ...q, label: es.sizes[q.field]?.label ?? q.label, unit: UNIT_ES[q.unit] ?? q.unit, hint: q.hint && es.sizes[q.field]?.hint })),
    unit: es.unit,
  };
}

/** A difference as said: "about $4,000", "up to $500", "about $4,000–$5,000". */
type RangeWords = { about(x: string): string; upTo(x: string): string };

const en = {
  /** The second step's heading: "2. About your dock". */
  about: (p: ProjectId) => `2. About your ${PROJECT_INFO[p].label.split(":")[0].toLowerCase()}`,
  waterway: WATERWAY_LABELS as Record<WaterwayId, string>,
  water: WATER_LABELS as Record<Water, string>,
  access: ACCESS_LABELS as Record<Access, string>,
  accessNote: { land: "A truck or crane can get to the water's edge", barge: "Work from the water: no room on land" } as Record<Access, string>,
  within: WITHIN_LABELS as Record<Within, string>,
  or: (words: string[]) => list(words, "or"),
  // An answer to correct (parseAnswers).
  problem: {
    notAQuestion: "This is not one of the estimator's questions.",
    project: (choices: string) => `Choose a project: ${choices}.`,
    kind: (choices: string) => `Choose one: ${choices}.`,
    material: (choices: string) => `Choose a material from the list: ${choices}.`,
    range: (min: number, max: number, unit: string) => `${num(min)} to ${num(max)} ${unit}`,
    number: (p: ProjectId, f: SizeField, label: string, range: string) => `Enter the ${label.toLowerCase()} as a number (${range}).`,
    atLeast: (p: ProjectId, f: SizeField, label: string, min: string, range: string) => `The ${label.toLowerCase()} must be at least ${min} (${range}).`,
    atMost: (p: ProjectId, f: SizeField, label: string, max: string) => `The ${label.toLowerCase()} can be at most ${max} here: for a bigger job, call the office.`,
    within: "Answer yes, no or not sure.",
    water: "Choose fresh or salt water.",
    access: "Choose from land or by barge.",
    waterway: (choices: string) => `Choose the waterway: ${choices}.`,
  },
  // The size priced, and what moves the price (drivers).
  size: {
    dock: (l: number, w: number, sq: number) => `${num(l)} × ${num(w)} ft (${num(sq)} sq ft)`,
    lift: (lb: number) => `${num(lb)} lb`,
    feet: (ft: number) => `${num(ft)} ft`,
    dredge: (l: number, w: number, d: number, yd: number) => `${num(l)} × ${num(w)} ft, ${num(d)} ft deep (about ${yd} cu yd)`,
  },
  range: { about: (x: string) => `about ${x}`, upTo: (x: string) => `up to ${x}` } as RangeWords,
  drivers: {
    smallestJob: "Our smallest job",
    atMinimum: (range: string) => `A job this size is priced at our minimum, ${range}.`,
    size: (text: string) => `Size: ${text}`,
    each: (step: string, unit: string, range: string) => `Each ${step}${unit} more or less moves it ${range}.`,
    adds: (alt: string, range: string) => `Adds ${range} compared with ${alt}.`,
    wouldAdd: (alt: string, range: string) => `Choosing ${alt} would add ${range}.`,
    wouldMove: (alt: string, low: string, high: string) => `Choosing ${alt} would move the low end by ${low} and the high end by ${high}.`,
  },
  permits: {
    dockExempt: (sqFt: number) => `Likely not needed: a private dock up to ${num(sqFt)} sq ft on a man-made canal is exempt.`,
    seawallExempt: (inches: number) => `Likely not needed: a replacement seawall within ${num(inches)} inches of the old one is exempt.`,
    seawallMaybe: (inches: number) => `Not needed if the new wall goes within ${num(inches)} inches of the old one; we check that on the site visit.`,
    status: { likely: "Likely needed", maybe: "May be needed", exempt: "Likely not needed" },
  },
  withinAnswer: (w: Within) => `within 18 in. of the old wall: ${w === "unsure" ? "not sure" : w}`,
  weeks: (w: { min: number; max: number }) => (w.min === w.max ? `${w.min} weeks` : `${w.min}–${w.max} weeks`),
  // The page.
  page: {
    title: "Dock, Lift & Seawall Cost Estimator",
    description:
      "A ballpark price in a minute for a dock, boat lift, seawall, seawall cap or dredging in Cape Coral, with the permits the job likely needs and how long they take. A ballpark, not a quote.",
    crumb: "Estimator",
    eyebrow: "Estimator",
    heading: "What will it cost? A ballpark in a minute",
    lead: "Answer a few plain questions about your dock, boat lift, seawall or dredging job. You get a price range, what moves it most, and the permits it likely needs. A ballpark, not a quote.",
    section: "Estimator",
  },
  form: {
    label: "Your project",
    project: "1. What's the project?",
    material: "Material",
    within: "Will the new wall go within 18 inches of the old one?",
    where: "3. Where is it?",
    whichWaterway: "Which waterway?",
    whichWater: "Fresh or salt water?",
    howReach: "How can equipment reach it?",
    show: "Show my ballpark",
    answer: "Your ballpark",
    send: "Send to the office",
    loading: "Loading…",
    said: (low: string, high: string) => `Ballpark: ${low} to ${high}.`,
    check: (message: string) => `Check this answer: ${message}`,
    seeWhy: "See why ↓",
  },
  result: {
    ballpark: "Your ballpark",
    needsLook: "One answer needs a look before we can give you a range:",
    for: "For:",
    sample: "Sample prices",
    notAQuote: "A ballpark, not a quote.",
    realPrice: "Your real price comes after we see the site: the soil, the old structure, the permits and the access all count.",
    sampleNote: " These ranges are typical Southwest Florida prices, not yet our own price list.",
    drivers: "What moves it most",
    permits: "Permits it likely needs",
    none: "Likely none for this job.",
    take: "Permits usually take",
    beforeWork: "before work can start. We apply for them for you.",
    book: "Book a site visit",
    call: "Or call the office:",
  },
  send: {
    labels: { fullName: "Full name", phone: "Phone", email: "Email", address: "Property address", details: "Anything else we should know?" },
    intro: "We send your answers with your request: the office prices the job from them, not from this page.",
    hint: "The state of the old wall or dock, the water depth, a deadline…",
    answerAbove: "One of your answers above needs a look before we can send it.",
    sent: "Sent to the office, with your answers.",
    reply: "We will be in touch within one business day.",
    sending: "Sending...",
    submit: "Send my answers",
    failed: "We could not send it just now. Please try again in a few minutes, or call us at",
  },
};

export type EstimateWords = typeof en;

const es: EstimateWords = {
  about: (p) => `2. Sobre ${PROJECT_ES[p].noun}`,
  waterway: { canal: "Un canal de Cape Coral", caloosahatchee: "El río Caloosahatchee", spreader: "Un canal Spreader (Spreader Waterway)", matlacha: "Matlacha Pass" },
  water: { fresh: "Agua dulce", salt: "Agua salada" },
  access: { land: "Por tierra", barge: "En barcaza" },
  accessNote: { land: "Un camión o una grúa puede llegar hasta la orilla", barge: "Se trabaja desde el agua: no hay espacio en tierra" },
  within: { yes: "Sí", no: "No", unsure: "No sé" },
  or: (words) => list(words, "o"),
  problem: {
    notAQuestion: "Esta no es una de las preguntas de la calculadora.",
    project: (choices) => `Elija un proyecto: ${choices}.`,
    kind: (choices) => `Elija una opción: ${choices}.`,
    material: (choices) => `Elija un material de la lista: ${choices}.`,
    range: (min, max, unit) => `de ${num(min)} a ${num(max)} ${unit}`,
    number: (p, f, label, range) => `Escriba ${PROJECT_ES[p].sizes[f]?.the ?? label.toLowerCase()} como un número (${range}).`,
    atLeast: (p, f, label, min, range) => `${cap(PROJECT_ES[p].sizes[f]?.the ?? label)} debe ser de al menos ${min} (${range}).`,
    atMost: (p, f, label, max) => `${cap(PROJECT_ES[p].sizes[f]?.the ?? label)} puede ser de ${max} como máximo aquí: para un trabajo más grande, llame a la oficina.`,
    within: "Responda sí, no o no sé.",
    water: "Elija agua dulce o salada.",
    access: "Elija por tierra o en barcaza.",
    waterway: (choices) => `Elija la vía navegable: ${choices}.`,
  },
  size: {
    dock: (l, w, sq) => `${num(l)} × ${num(w)} pies (${num(sq)} pies cuadrados)`,
    lift: (lb) => `${num(lb)} lb`,
    feet: (ft) => `${num(ft)} pies`,
    dredge: (l, w, d, yd) => `${num(l)} × ${num(w)} pies, ${num(d)} pies de profundidad (unas ${yd} yardas cúbicas)`,
  },
  range: { about: (x) => `unos ${x}`, upTo: (x) => `hasta ${x}` },
  drivers: {
    smallestJob: "Nuestro trabajo más pequeño",
    atMinimum: (range) => `Un trabajo de este tamaño tiene nuestro precio mínimo, ${range}.`,
    size: (text) => `Tamaño: ${text}`,
    each: (step, unit, range) => `Cada ${step}${unit} de más o de menos cambia el precio en ${range}.`,
    adds: (alt, range) => `Suma ${range} en comparación con ${alt}.`,
    wouldAdd: (alt, range) => `Elegir ${alt} sumaría ${range}.`,
    wouldMove: (alt, low, high) => `Elegir ${alt} movería el extremo bajo en ${low} y el alto en ${high}.`,
  },
  permits: {
    dockExempt: (sqFt) => `Probablemente no se necesita: un muelle privado de hasta ${num(sqFt)} pies cuadrados en un canal artificial está exento.`,
    seawallExempt: (inches) => `Probablemente no se necesita: un seawall de reemplazo a ${num(inches)} pulgadas o menos del viejo está exento.`,
    seawallMaybe: (inches) => `No se necesita si el muro nuevo va a ${num(inches)} pulgadas o menos del viejo; lo revisamos en la visita.`,
    status: { likely: "Probablemente se necesita", maybe: "Puede que se necesite", exempt: "Probablemente no se necesita" },
  },
  withinAnswer: (w) => `a 18 pulgadas o menos del muro viejo: ${{ yes: "sí", no: "no", unsure: "no sé" }[w]}`,
  weeks: (w) => (w.min === w.max ? `${w.min} semanas` : `${w.min}–${w.max} semanas`),
  page: {
    title: "Calculadora de costos de muelles, elevadores y seawalls",
    description:
      "Un precio aproximado en un minuto para un muelle, un elevador para bote, un seawall, su tapa o un dragado en Cape Coral, con los permisos que probablemente necesita el trabajo y cuánto tardan. Un precio aproximado, no un presupuesto.",
    crumb: "Calculadora",
    eyebrow: "Calculadora",
    heading: "¿Cuánto costará? Un precio aproximado en un minuto",
    lead: "Responda unas preguntas sencillas sobre su muelle, elevador para bote, seawall o dragado. Verá un rango de precio, lo que más lo cambia y los permisos que probablemente necesita. Un precio aproximado, no un presupuesto.",
    section: "Calculadora",
  },
  form: {
    label: "Su proyecto",
    project: "1. ¿Qué proyecto es?",
    material: "Material",
    within: "¿El muro nuevo irá a 18 pulgadas o menos del viejo?",
    where: "3. ¿Dónde está?",
    whichWaterway: "¿En qué vía navegable?",
    whichWater: "¿Agua dulce o salada?",
    howReach: "¿Cómo puede llegar el equipo?",
    show: "Ver mi precio aproximado",
    answer: "Su precio aproximado",
    send: "Enviar a la oficina",
    loading: "Cargando…",
    said: (low, high) => `Precio aproximado: de ${low} a ${high}.`,
    check: (message) => `Revise esta respuesta: ${message}`,
    seeWhy: "Ver por qué ↓",
  },
  result: {
    ballpark: "Su precio aproximado",
    needsLook: "Hay que revisar una respuesta antes de darle un rango:",
    for: "Para:",
    sample: "Precios de muestra",
    notAQuote: "Un precio aproximado, no un presupuesto.",
    realPrice: "Su precio real llega después de ver el lugar: cuentan el suelo, la estructura vieja, los permisos y el acceso.",
    sampleNote: " Estos rangos son precios típicos del suroeste de Florida, todavía no nuestra propia lista de precios.",
    drivers: "Lo que más cambia el precio",
    permits: "Permisos que probablemente necesita",
    none: "Probablemente ninguno para este trabajo.",
    take: "Los permisos suelen tardar",
    beforeWork: "antes de empezar la obra. Nosotros los tramitamos por usted.",
    book: "Agendar una visita",
    call: "O llame a la oficina:",
  },
  send: {
    labels: { fullName: "Nombre completo", phone: "Teléfono", email: "Correo electrónico", address: "Dirección de la propiedad", details: "¿Algo más que debamos saber?" },
    intro: "Enviamos sus respuestas con su solicitud: la oficina calcula el precio con ellas, no con esta página.",
    hint: "El estado del muro o del muelle viejo, la profundidad del agua, una fecha límite…",
    answerAbove: "Hay que revisar una de sus respuestas de arriba antes de enviarla.",
    sent: "Enviado a la oficina, con sus respuestas.",
    reply: "Nos comunicaremos con usted en un día hábil.",
    sending: "Enviando...",
    submit: "Enviar mis respuestas",
    failed: "No pudimos enviarlo en este momento. Inténtelo de nuevo en unos minutos o llámenos al",
  },
};

const WORDS: Record<Locale, EstimateWords> = { en, es };

/** The estimator's words in the page's language. */
export const estimateWords = (locale: Locale): EstimateWords => WORDS[locale];
