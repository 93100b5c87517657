/**
 * The page a visitor without JavaScript gets from /estimate's form (issue 36): the range, what
 * moves it, the permits, "a ballpark, not a quote", and the ways on (call, request a quote, book a
 * site visit, change the answers). Or, for an answer to correct, that field's message and the way
 * back. A small self-contained page (its one stylesheet pinned by hash in the CSP), every text
 * escaped: the answers are the visitor's.
 */
import { createHash } from "node:crypto";
import { answersText, rangeOf, weeksText } from "../../lib/estimate.ts";
import type { Estimate, EstimateProblem } from "../../lib/contracts/estimate.ts";
import { projectInfo } from "../../lib/i18n/estimate.ts";
import { localHref, type Locale } from "../../lib/i18n/locales.ts";
import { SECURITY_HEADERS } from "../http/response.ts";
import { readPublishedPart } from "../content/read.ts";
import type { Queryable } from "../db/index.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tel = (phone: string) => `+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`;

const STYLE = `
:root{color-scheme:light dark;--ink:#0f172a;--muted:#475569;--bg:#fff;--card:#f7f1e6;--line:#e2e8f0;--brand:#0a4d61;--accent:#f59e0b}
@media (prefers-color-scheme:dark){:root{--ink:#f1f5f9;--muted:#cbd5e1;--bg:#020617;--card:#0f172a;--line:#334155;--brand:#a9dcea}}
*{box-sizing:border-box}body{margin:0;font:17px/1.55 system-ui,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:42rem;margin:0 auto;padding:1.25rem 1rem 3rem}a{color:var(--brand);font-weight:600}
.home{display:inline-block;padding:.75rem 0;font-weight:800;text-decoration:none}
h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0}h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
.range{font-size:2.4rem;font-weight:900;margin:.25rem 0}.card{background:var(--card);border-radius:1rem;padding:1.25rem;margin:1rem 0}
.muted{color:var(--muted)}ul{padding-left:1.2rem}li{margin:.35rem 0}.tag{display:inline-block;border:1px solid currentColor;border-radius:99px;padding:0 .6rem;font-size:.85rem;font-weight:700}
.ways{display:grid;gap:.75rem;margin-top:1.5rem}.btn{display:block;text-align:center;border-radius:99px;padding:.8rem 1.2rem;text-decoration:none;border:2px solid var(--brand)}
.btn.primary{background:var(--accent);border-color:var(--accent);color:#0f172a}.problem{border-left:4px solid #b91c1c;padding-left:1rem}
`;
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}`;

export interface PageSite {
  name: string;
  phone: string | null;
}

/** The page's own words, in the language of the page the form was on (issue 37: /es/estimate's form answers in Spanish). */
const WORDS = {
  en: {
    call: "Call the office:",
    ballpark: "Your ballpark",
    notAQuote: "A ballpark, not a quote.",
    realPrice: "Your real price comes after we see the site: soil, the old structure, the permits and the access all count.",
    sample: " These are sample prices from typical Southwest Florida ranges, not yet our own price list.",
    drivers: "What moves it most",
    permits: "Permits this job likely needs",
    none: "Likely none for this job.",
    typically: "typically",
    maybe: "maybe",
    take: "Permits usually take",
    beforeWork: "before work can start. We apply for them for you.",
    next: "What next",
    quote: "Request a quote",
    book: "Book a site visit",
    change: "Change my answers",
    check: "One answer to check",
    back: "Use your browser&#39;s Back button to change it: your other answers are kept there.",
    toEstimator: "Back to the estimator",
  },
  es: {
    call: "Llame a la oficina:",
    ballpark: "Su precio aproximado",
    notAQuote: "Un precio aproximado, no un presupuesto.",
    realPrice: "Su precio real llega después de ver el lugar: cuentan el suelo, la estructura vieja, los permisos y el acceso.",
    sample: " Estos son precios de muestra, de rangos típicos del suroeste de Florida, todavía no nuestra propia lista de precios.",
    drivers: "Lo que más cambia el precio",
    permits: "Permisos que probablemente necesita este trabajo",
    none: "Probablemente ninguno para este trabajo.",
    typically: "por lo general",
    maybe: "tal vez",
    take: "Los permisos suelen tardar",
    beforeWork: "antes de empezar la obra. Nosotros los tramitamos por usted.",
    next: "Qué sigue",
    quote: "Pedir un presupuesto",
    book: "Agendar una visita",
    change: "Cambiar mis respuestas",
    check: "Una respuesta para revisar",
    back: "Use el botón Atrás de su navegador para cambiarla: sus otras respuestas siguen ahí.",
    toEstimator: "Volver a la calculadora",
  },
} satisfies Record<Locale, Record<string, string>>;

/** The company's name and phone from the live site content. */
export async function pageSite(q: Queryable): Promise<PageSite> {
  const site = (await readPublishedPart("site", q)) as { name?: unknown; phone?: unknown } | null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return { name: str(site?.name) ?? "Coastal Marine Construction", phone: str(site?.phone) };
}

function page(title: string, body: string, site: PageSite, status: number, locale: Locale): Response {
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(site.name)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><a class="home" href="${localHref("/", locale)}">${esc(site.name)}</a>
${body}
</main></body></html>`;
  const headers = new Headers(SECURITY_HEADERS);
  headers.set("Content-Security-Policy", `default-src 'none'; style-src '${STYLE_HASH}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status, headers });
}

const call = (site: PageSite, locale: Locale) => (site.phone ? `<a class="btn" href="tel:${tel(site.phone)}">${WORDS[locale].call} ${esc(site.phone)}</a>` : "");
/** An office text still in English on a Spanish page, marked so. */
const en = (english: boolean | undefined) => (english ? ' lang="en"' : "");

/** The estimate, as a page (computed in `locale`, the language of the page the form was on). */
export function estimateHtml(e: Estimate, site: PageSite, locale: Locale = "en"): Response {
  const w = WORDS[locale];
  const info = projectInfo(e.answers.project, locale);
  const permits = e.permits.length
    ? `<ul>${e.permits
        .map(
          (p) =>
            `<li><strong${en(p.english?.includes("name"))}>${esc(p.name)}</strong> (<span${en(locale !== "en")}>${esc(p.agency)}</span>)${p.status === "exempt" ? "" : `, ${w.typically} ${esc(weeksText(p.weeks, locale))}`}${p.status === "maybe" ? ` <span class="tag">${w.maybe}</span>` : ""}${p.note ? `<br><span class="muted"${en(p.english?.includes("note"))}>${esc(p.note)}</span>` : ""}</li>`,
        )
        .join("")}</ul>`
    : `<p>${w.none}</p>`;
  const body = `
<h1>${w.ballpark}</h1>
<p class="muted">${esc(info.label)}</p>
<div class="card" role="status">
<p class="range">${esc(rangeOf(e))}</p>
<p><strong>${w.notAQuote}</strong> ${w.realPrice}${e.sample ? w.sample : ""}</p>
<p class="muted">${esc(answersText(e.answers, locale))}</p>
</div>
<h2>${w.drivers}</h2>
<ul>${e.drivers.map((d) => `<li><strong>${esc(d.title)}.</strong> ${esc(d.detail)}</li>`).join("")}</ul>
<h2>${w.permits}</h2>
${permits}
${e.permitWeeks ? `<p>${w.take} <strong>${esc(weeksText(e.permitWeeks, locale))}</strong> ${w.beforeWork}</p>` : ""}
${e.waterwayNote ? `<p class="muted"${en(e.waterwayNoteEnglish)}>${esc(e.waterwayNote)}</p>` : ""}
<h2>${w.next}</h2>
<div class="ways">
${call(site, locale)}
<a class="btn primary" href="${localHref("/contact", locale)}">${w.quote}</a>
<a class="btn" href="${localHref("/book", locale)}">${w.book}</a>
<a class="btn" href="${localHref("/estimate", locale)}">${w.change}</a>
</div>`;
  return page(`${w.ballpark}: ${rangeOf(e)}`, body, site, 200, locale);
}

/** An answer to correct, as a page (400). */
export function problemHtml(problem: EstimateProblem, site: PageSite, locale: Locale = "en"): Response {
  const w = WORDS[locale];
  const body = `
<h1>${w.check}</h1>
<div class="card problem" role="alert"><p><strong>${esc(problem.message)}</strong></p></div>
<p>${w.back}</p>
<div class="ways">
<a class="btn primary" href="${localHref("/estimate", locale)}">${w.toEstimator}</a>
${call(site, locale)}
</div>`;
  return page(w.check, body, site, 400, locale);
}
