/**
 * A service page's own words, in English and in Spanish (decision 20): its breadcrumb, headings,
 * the before/after and the homeowners' questions. Apart from ui.ts (whose words stay in the build)
 * because the Site tab's draft preview (an island) draws the same parts with the same words.
 */
const en = {
  breadcrumb: "Breadcrumb",
  home: "Home",
  services: "Services",
  eyebrow: "Our Services",
  common: "Common requests we handle:",
  quote: "Request A Quote",
  ballpark: "Roughly how much? Get a ballpark in a minute",
  others: "Explore Other Services",
  projects: "Our projects",
  projectsLead: (service: string) => `${service} we have built`,
  allProjects: "See all our work",
  weeks: (n: number) => (n === 1 ? "1 week" : `${n} weeks`),
  beforeAfter: "Before and after",
  before: "Before",
  after: "After",
  answers: "Questions homeowners ask",
  permits: "Do I need a permit?",
  lifespan: "How long does it last?",
  costs: "What drives the cost?",
  answersSample: "Sample answers: the company is confirming them.",
};

const es: typeof en = {
  breadcrumb: "Ruta de navegación",
  home: "Inicio",
  services: "Servicios",
  eyebrow: "Nuestros servicios",
  common: "Trabajos que nos piden a menudo:",
  quote: "Pida un presupuesto",
  ballpark: "¿Cuánto costaría, más o menos? Calcúlelo en un minuto",
  others: "Otros servicios",
  projects: "Nuestros proyectos",
  projectsLead: (service: string) => `${service}: trabajos que hemos hecho`,
  allProjects: "Vea todo nuestro trabajo",
  weeks: (n: number) => (n === 1 ? "1 semana" : `${n} semanas`),
  beforeAfter: "Antes y después",
  before: "Antes",
  after: "Después",
  answers: "Preguntas frecuentes",
  permits: "¿Necesito un permiso?",
  lifespan: "¿Cuánto dura?",
  costs: "¿De qué depende el precio?",
  answersSample: "Respuestas de muestra: la empresa las está confirmando.",
};

export const SERVICE = { en, es };
