// The site in Spanish (issue 37): the language switcher keeps the visitor on the same page and
// remembers the choice (never a redirect on a first visit); every page and its Spanish version name
// each other (hreflang, the sitemap); a Spanish quote is refused and then taken in Spanish, and the
// visitor's e-mail is Spanish; and no English word of the site's own is left on a Spanish page.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import services from "../../content/services.json" with { type: "json" };
import catalogue from "../../content/products/catalogue.json" with { type: "json" };
import { consented, filledByAPerson, hydrated } from "./marketing-helpers";
import { apiSignIn, rememberSession, withTestDb } from "./auth-helpers";
import { englishUiStrings, ui } from "../../src/lib/i18n/ui";
import { formStrings } from "../../src/lib/i18n/forms";
import { catalogueStrings } from "../../src/lib/i18n/catalogue";
import { estimateWords, projectInfo } from "../../src/lib/i18n/estimate";
import { PROJECTS } from "../../src/lib/contracts/estimate";
import { visitWords } from "../../src/lib/i18n/visits";

/** Every Spanish page the build makes (the sitemap's /es/ pages, checked below), and the not-found page. */
const SPANISH = [
  "/es",
  "/es/about",
  "/es/services",
  ...services.map((s) => `/es${s.path}`),
  "/es/gallery",
  "/es/contact",
  "/es/estimate",
  "/es/book",
  "/es/terms",
  "/es/privacy",
  "/es/products",
  ...catalogue.map((p) => `/es/products/${p.id}`),
];

/** The office, signed in in a browser of its own, at the card of the lead sent from `email`. */
async function atOfficeCard(browser: Browser, request: APIRequestContext, baseURL: string | undefined, email: string, check: (card: Locator) => Promise<void>) {
  const office = await browser.newContext({ baseURL });
  try {
    const admin = await office.newPage();
    await rememberSession(admin, await apiSignIn(request, "admin@example.com", "demo-admin-password"), { consent: "essential" });
    await admin.goto("/admin");
    await check(admin.getByTestId("lead-row").filter({ hasText: email }));
  } finally {
    await office.close();
  }
}

/** The switcher in view: the header's on a wide screen, else the footer's. */
const switcher = (page: Page) => page.locator("a[data-lang-switch]:visible").first();

test("a visitor switches to Spanish on a service page, lands on the same service in Spanish, and the choice is remembered", async ({ page }) => {
  await consented(page);
  await page.goto("/services/boat-lifts");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await switcher(page).click();
  await expect(page).toHaveURL(/\/es\/services\/boat-lifts$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elevadores para botes");
  await expect(page.locator('header a[href="/es/contact"]').first()).toBeVisible();
  // Remembered: an English address of the site opens its Spanish version…
  await page.goto("/about");
  await expect(page).toHaveURL(/\/es\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hecho con precisión, anclado en la integridad");
  // …until the visitor switches back, which is remembered too.
  await switcher(page).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/es/gallery");
  await expect(page).toHaveURL(/\/gallery$/);
});

test.describe("a first visit", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });
  test("is never redirected, whatever the browser's languages", async ({ page }) => {
    await consented(page);
    const answer = await page.goto("/services/seawalls");
    expect(answer?.status()).toBe(200);
    expect(answer?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(/\/services\/seawalls$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The Spanish version is one tap away, in the Spanish it is written in.
    await expect(switcher(page)).toHaveAttribute("href", "/es/services/seawalls");
    await expect(switcher(page)).toHaveAttribute("lang", "es");
  });
});

test("every page of the sitemap and its other-language version name each other, and English is x-default", async ({ request }) => {
  const xml = await (await request.get("/sitemap-0.xml")).text();
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, u]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(u)![1],
    links: Object.fromEntries([...u.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, l, h]) => [l, h])),
  }));
  const path = (u: string) => new URL(u).pathname;
  // The sitemap's Spanish pages are the ones the crawler below reads.
  expect(urls.map((u) => path(u.loc)).filter((p) => /^\/es(\/|$)/.test(p)).sort()).toEqual([...SPANISH].sort());
  for (const { loc, links } of urls) {
    const head = (await (await request.get(path(loc))).text()).match(/<link rel="alternate" hreflang="[^"]+" href="[^"]+"/g) ?? [];
    const alternates = Object.fromEntries(head.map((l) => [/hreflang="([^"]+)"/.exec(l)![1], /href="([^"]+)"/.exec(l)![1]]));
    // The page and the sitemap say the same; a page with no Spanish version (yet) names none.
    expect(alternates, loc).toEqual(links);
    if (!Object.keys(links).length) {
      expect(path(loc), `${loc} has no Spanish version`).not.toMatch(/^\/es(\/|$)/);
      continue;
    }
    expect(Object.keys(links).sort(), loc).toEqual(["en", "es", "x-default"]);
    expect(links["x-default"]).toBe(links.en);
    expect(links[/^\/es(\/|$)/.test(path(loc)) ? "es" : "en"], `${loc} names itself`).toBe(loc);
  }
  // Both ways: the Spanish page of an English one names that English page.
  const byLoc = new Map(urls.map((u) => [u.loc, u.links]));
  for (const { loc, links } of urls) if (links.es && links.en === loc) expect(byLoc.get(links.es)?.en, links.es).toBe(loc);
});

/** The site's own English words (nav, footer, buttons, labels, errors): none may show on a Spanish page. */
const ENGLISH = (() => {
  const walk = (v: unknown, out: string[]) => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach((x) => walk(x, out));
    return out;
  };
  // The estimator's questions and words too (its page's, its answer's).
  const estimator = (l: "en" | "es") => [...walk(estimateWords(l), []), ...PROJECTS.flatMap((p) => walk(projectInfo(p, l), []))];
  const spanish = new Set([...walk(ui("es"), []), ...walk(formStrings("es"), []), ...walk(catalogueStrings("es"), []), ...estimator("es"), ...walk(visitWords("es"), [])]);
  // Words that are the same in both languages ("Legal", "Editor", "Color:") say nothing.
  return [...new Set([...englishUiStrings(), ...walk(formStrings("en"), []), ...walk(catalogueStrings("en"), []), ...estimator("en"), ...walk(visitWords("en"), [])])].filter((s) => s.trim().length > 3 && !spanish.has(s));
})();
/** Words English has and Spanish has not (a sentence left in English has some). */
const ENGLISH_WORDS = /\b(the|and|your|you|with|for|our|this|that|from|more|about|please|here|of|to|in|on|we|is|are|be|or|by|see|get|call|free|quote|request|send|submit)\b/i;
/** What may stay as it is on a Spanish page: names of the company, its places and its links. */
const NAMES = /Coastal Marine( Construction)?|Cape Coral|North Fort Myers|Fort Myers|Matlacha|Pine Island( Road)?|Sanibel|SE 47th Terrace|Google|Facebook|Instagram|Astro & Netlify|office@coastalmarinecapecoral\.com/g;

for (let i = 0; i < SPANISH.length + 1; i += 8) {
  const paths = [...SPANISH, "/es/no-such-page"].slice(i, i + 8);
  test(`no English word of the site's own is left on ${paths.join(", ")}`, async ({ page }) => {
    test.setTimeout(90_000);
    await consented(page);
    for (const path of paths) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(path.endsWith("no-such-page") ? 404 : 200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      // Every island hydrated, the ones that wait to be seen (the landing page's quote form) too.
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      if (await page.locator("astro-island").count()) await hydrated(page);
      const found = await page.evaluate(
        ({ english, words, names }) => {
          const out: string[] = [];
          const nameRe = new RegExp(names, "g");
          // Content still in English is marked lang="en" (the office has not written its Spanish yet); the back office's one word is Hebrew.
          const foreign = (el: Element) => (el.closest("[lang]")?.getAttribute("lang") ?? "es") !== "es";
          const check = (text: string, where: string) => {
            const t = text.replace(/\s+/g, " ").trim();
            if (!t) return;
            for (const e of english) if (t === e || (e.length > 12 && t.includes(e))) out.push(`${where}: "${t}" (the English "${e}")`);
            if (new RegExp(words, "i").test(t.replace(nameRe, ""))) out.push(`${where}: "${t.slice(0, 120)}"`);
          };
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement;
            if (!el || el.closest("script, style") || foreign(el)) continue;
            check(n.textContent ?? "", el.tagName.toLowerCase());
          }
          for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"))
            for (const a of ["aria-label", "title", "placeholder", "alt"]) {
              const v = el.getAttribute(a);
              if (v && !foreign(el)) check(v, `${el.tagName.toLowerCase()}@${a}`);
            }
          check(document.title, "title");
          return out;
        },
        { english: ENGLISH, words: ENGLISH_WORDS.source, names: NAMES.source },
      );
      expect(found, path).toEqual([]);
    }
  });
}

test("a Spanish quote: an error first, said in Spanish, then sent; the visitor's e-mail is in Spanish; the office sees 'ES' on its card", async ({ page, browser, request, baseURL }) => {
  const email = `maria-${Date.now().toString(36)}@example.com`;
  const q = formStrings("es").quote;
  await consented(page);
  await filledByAPerson(page);
  await page.goto("/es/contact");
  await hydrated(page, "#contact");
  const form = page.locator("#contact form");
  await form.getByLabel("Nombre completo").fill("María Rodríguez");
  await form.getByLabel("Teléfono").fill("239 555");
  await form.getByLabel("Correo electrónico").fill(email);
  // No service yet: said at the list, in Spanish.
  await form.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.locator("#service-error")).toHaveText(q.chooseService);
  await form.getByRole("button", { name: /Servicio/ }).click();
  await page.getByRole("option", { name: "Elevadores para botes", exact: true }).click();
  // A phone number too short for the server: its refusal is said at the phone, in Spanish.
  await form.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Teléfono: es demasiado corto; incluya el código de área.");
  await expect(form.getByLabel("Teléfono")).toBeFocused();
  await form.getByLabel("Teléfono").fill("(239) 555-0188");
  await form.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("heading", { name: formStrings("es").sent })).toBeFocused();
  await expect(page.getByTestId("sent-panel")).toContainText("Gracias, María. Recibimos su solicitud.");
  // Who calls and by when, in Spanish and on Cape Coral's clock (issue 39).
  await expect(page.getByTestId("reply-by")).toHaveText(/^Le llamaremos al \(239\) 555-0188 (hoy|mañana|el \w+)/);
  await expect(page.getByTestId("urgent-call")).toHaveText(/^¿Es urgente\? Llame ahora/);
  // The confirmation the visitor gets, from the outbox: Spanish, naming the service in Spanish.
  const mail = () =>
    withTestDb(async (db) => (await db.query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM outbox WHERE kind = 'lead-confirm' AND to_address = $1", [email])).rows[0] ?? null);
  await expect.poll(mail).not.toBeNull();
  const sent = (await mail())!;
  expect(sent.subject).toBe("Recibimos su solicitud de presupuesto - Coastal Marine Construction");
  expect(sent.text_body).toContain("Gracias por su solicitud de presupuesto para Elevadores para botes.");
  const stored = await withTestDb(async (db) => (await db.query<{ language: string; subject: string }>("SELECT language, subject FROM leads WHERE email = $1", [email])).rows[0]);
  // The office's records know the service by its English title.
  expect(stored).toEqual({ language: "es", subject: "Boat Lifts" });

  // The office: the lead's card says it came from the Spanish site.
  await atOfficeCard(browser, request, baseURL, email, async (card) => {
    await expect(card.getByTestId("lead-language")).toHaveText(/^ES/);
    await expect(card.getByTestId("lead-language")).toHaveAttribute("title", "נשלח מהאתר בספרדית: עונים בספרדית");
  });
});

test.describe("the estimator in Spanish", () => {
  test("the issue's seawall: an answer out of range said in Spanish at its field, then the range, the Spanish permits, and sent to the office in Spanish", { tag: "@phone" }, async ({ page, browser, request, baseURL }) => {
    await consented(page);
    await filledByAPerson(page);
    await page.goto("/es/estimate");
    await hydrated(page, "#estimator");
    const form = page.getByRole("form", { name: "Su proyecto" });
    await form.getByRole("radio", { name: "Seawall: nuevo o reemplazo" }).check();
    await form.getByRole("radio", { name: "Un seawall nuevo" }).check();
    const length = form.getByRole("textbox", { name: "Largo del muro (pies)" });
    await length.fill("10000");
    await expect(length).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("estimate-field-error")).toHaveText("El largo del muro puede ser de 2,000 pies como máximo aquí: para un trabajo más grande, llame a la oficina.");
    await expect(page.getByTestId("estimate-announce")).toHaveText(/^Revise esta respuesta: El largo del muro/);
    await length.fill("120");
    await form.getByRole("radio", { name: "Paneles de concreto" }).check();
    await form.getByRole("radio", { name: "Un canal de Cape Coral" }).check();
    await form.getByRole("radio", { name: "Agua salada" }).check();
    await form.getByRole("radio", { name: /En barcaza/ }).check();
    const answer = page.getByTestId("estimate-result");
    await expect(answer.getByTestId("estimate-range")).toHaveText("$48,000 – $106,000");
    await expect(answer.getByTestId("estimate-sample")).toHaveText("Precios de muestra");
    await expect(answer.locator('[data-permit="city"]')).toContainText("Permiso de muelles y seawalls de la Ciudad de Cape Coral");
    await expect(answer.locator('[data-permit="city"]')).toContainText("Probablemente se necesita · 2–6 semanas");
    await expect(answer).toContainText("Los permisos suelen tardar 4–12 semanas antes de empezar la obra.");
    await expect(page.getByTestId("estimate-announce")).toHaveText("Precio aproximado: de $48,000 a $106,000.");

    await page.getByRole("button", { name: "Enviar a la oficina" }).click();
    const send = page.getByRole("form", { name: "Enviar a la oficina" });
    const email = `sofia-${Date.now().toString(36)}@example.com`;
    await send.getByLabel("Nombre completo").fill("Sofía Ramírez");
    await send.getByLabel("Teléfono").fill("(239) 555-0166");
    await send.getByLabel("Correo electrónico").fill(email);
    const posted = page.waitForResponse((r) => r.url().endsWith("/api/public/contact"));
    await send.getByRole("button", { name: "Enviar mis respuestas" }).click();
    const sent = JSON.parse((await posted).request().postData() ?? "{}");
    // The office's subject is the English service; the page's language goes with it.
    expect(sent).toMatchObject({ subject: "Seawalls", language: "es", estimate: { project: "seawall", feet: "120" } });
    await expect(page.getByTestId("estimate-sent")).toContainText("Enviado a la oficina, con sus respuestas.");
    const stored = await withTestDb(async (db) => (await db.query<{ language: string }>("SELECT language FROM leads WHERE email = $1", [email])).rows[0]);
    expect(stored).toEqual({ language: "es" });

    // The office reads the estimate in English, and sees 'ES'.
    await atOfficeCard(browser, request, baseURL, email, async (card) => {
      await expect(card.getByTestId("lead-language")).toHaveText(/^ES/);
      await expect(card.getByTestId("lead-estimate-lines")).toContainText("Seawalls: A new seawall · 120 ft · Concrete panels · By barge · Salt water · A Cape Coral canal");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the form's answer is a page in Spanish", { tag: "@phone" }, async ({ page }) => {
      await page.goto("/es/estimate");
      const form = page.getByRole("form", { name: "Su proyecto" });
      await form.getByRole("radio", { name: "Muelle: nuevo o reconstrucción" }).check();
      await form.getByRole("textbox", { name: "Largo del muelle (pies)" }).fill("40");
      await form.getByRole("textbox", { name: "Ancho del muelle (pies)" }).fill("8");
      await form.getByRole("button", { name: "Ver mi precio aproximado" }).click();
      await expect(page).toHaveURL(/\/api\/estimate\?lang=es$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su precio aproximado");
      await expect(page.getByText("$19,000–$24,000")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Permiso estatal de recursos ambientales" })).toContainText("un muelle privado de hasta 1,000 pies cuadrados en un canal artificial está exento");
      await expect(page.getByRole("link", { name: "Cambiar mis respuestas" })).toHaveAttribute("href", "/es/estimate");
    });
  });
});

test("a site visit booked in Spanish: the days and times in Spanish, the confirmation e-mail in Spanish, and its link opens the Spanish change page", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(60_000);
  const email = `lucia-${Date.now().toString(36)}@example.com`;
  await consented(page);
  await filledByAPerson(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/es/book");
  await hydrated(page);
  const days = page.getByTestId("visit-days").getByRole("option");
  await expect(days.first()).toBeVisible();
  await days.nth(5).tap();
  await expect(days.nth(5)).toHaveAccessibleName(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de \w+: \d+ libres?$/);
  const time = page.getByTestId("visit-times").getByRole("option").first();
  await expect(time).toHaveAccessibleName(/^\p{L}+, \d{1,2} de \w+, \d{1,2}:\d{2} [ap]\.m\.$/u);
  await time.tap();
  await expect(page.getByTestId("visit-picked")).toContainText("(hora de Cape Coral)");
  await page.getByLabel("Nombre completo").fill("Lucía Marín");
  await page.getByLabel("Teléfono").fill("(239) 555-0161");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Dirección de la propiedad").fill("77 Palm Point Dr, Cape Coral");
  await page.getByLabel("Código postal (ZIP)").fill("33904");
  // Shown in Spanish, sent as the office knows it.
  await page.getByLabel("Servicio").selectOption({ label: "Elevadores para botes" });
  await expect(page.getByLabel("Servicio")).toHaveValue("Boat Lifts");
  await page.getByTestId("visit-submit").tap();
  await expect(page.getByRole("heading", { name: "Su visita está agendada" })).toBeVisible();

  const mail = async () => withTestDb(async (db) => (await db.query<{ text_body: string; subject: string }>("SELECT text_body, subject FROM outbox WHERE to_address = $1 AND kind = 'visit-confirm'", [email])).rows[0]);
  await expect.poll(async () => !!(await mail())).toBe(true);
  const { text_body, subject } = (await mail())!;
  expect(subject).toMatch(/^Su visita gratis: /);
  const link = /https?:\/\/\S+\/es\/book\/change#t=[\w.-]+/.exec(text_body)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Su visita gratis" })).toBeVisible();
  await expect(page.getByTestId("visit-current")).toContainText("(hora de Cape Coral)");
  await expect(page.getByTestId("visit-change")).toHaveText("Cambiar la hora");
});
