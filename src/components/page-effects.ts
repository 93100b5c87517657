/**
 * Small behaviors shared by the static pages (no framework): smooth scroll to the top on load,
 * fade-in pictures, sections revealed at 20 % visibility, counters. All honor reduced motion.
 */
import { counterValue } from "./motion";
import { afterLoad, whenIdle } from "../lib/idle";

const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;

// Read in the first frame, where the page is laid out anyway: read as this script runs, scrollY made
// the browser lay out the whole page early, a task of up to 130 ms at 4x CPU (issue 38).
requestAnimationFrame(() => {
  if (!location.hash && scrollY > 0) scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
});

// Pictures marked .after-load are fetched once the page has loaded (theme.css).
afterLoad(() => document.documentElement.classList.add("loaded"));

/** Calls `done` once `img` has loaded or failed (at once when it already has). */
function whenLoaded(img: HTMLImageElement, done: () => void) {
  if (img.complete) done();
  else {
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
  }
}

// Issue 38: the blocks marked .render-later (content-visibility: auto) are left out of the page's
// first frame. Once the page has loaded they are drawn one per idle moment, each in its own short
// task, so the page is whole before anything relies on it: the quote button's smooth scroll measures
// real heights (a section drawn as the scroll passes it would move its end), and checkers that
// hit-test (axe's color contrast: dequelabs/axe-core#2768) see real backgrounds. A page opened at an
// anchor, or an in-page link followed before that, draws the rest at once.
const later = [...document.querySelectorAll<HTMLElement>(".render-later")];
const drawn = () => (document.documentElement.dataset.rendered = "");
if (later.length) {
  const drawAll = () => {
    for (const el of later.splice(0)) el.classList.add("is-rendered");
    drawn();
  };
  const next = () => {
    const el = later.shift();
    if (!el) return drawn();
    el.classList.add("is-rendered");
    // The frame that draws it, then the next idle moment.
    requestAnimationFrame(() => setTimeout(() => whenIdle(next, 1000), 0));
  };
  if (location.hash) drawAll();
  else {
    addEventListener("click", (e) => (e.target as Element | null)?.closest?.('a[href^="#"]') && drawAll(), { capture: true });
    afterLoad(() => whenIdle(next, 2000));
  }
} else drawn();

for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fade]")) whenLoaded(img, () => img.classList.add("is-loaded"));

// A picture's skeleton shimmers only while it is on screen and its picture is not there yet. The
// sweep is an endless animation: left running behind loaded pictures and lazy ones far below, it
// kept the browser drawing 60 frames a second for as long as the page stayed open (measured in
// Chromium: about 13 % of a core for a page left open).
const skeletons = [...document.querySelectorAll<HTMLElement>(".skeleton")];
if (skeletons.length) {
  const inView = new IntersectionObserver((entries) => {
    for (const e of entries) e.target.classList.toggle("off-screen", !e.isIntersecting);
  });
  for (const box of skeletons) {
    const img = box.querySelector("img");
    if (!img) continue;
    inView.observe(box);
    whenLoaded(img, () => {
      inView.unobserve(box);
      box.classList.add("is-loaded");
    });
  }
}

function countUp(el: HTMLElement) {
  const target = Number(el.dataset.countTo);
  const duration = Number(el.dataset.countMs || 7000);
  const format = (n: number) => n.toLocaleString("en-US");
  if (reduced) return void (el.textContent = format(target));
  const start = performance.now();
  const tick = (now: number) => {
    const value = counterValue(target, now - start, duration);
    el.textContent = format(value);
    if (value < target) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const watched = document.querySelectorAll<HTMLElement>("[data-reveal], [data-count-to]");
if (watched.length) {
  const seen = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const el = e.target as HTMLElement;
        seen.unobserve(el);
        if (el.dataset.countTo) countUp(el);
        else el.classList.add("is-revealed");
      }
    },
    { threshold: 0.2 },
  );
  for (const el of watched) {
    if (el.dataset.countTo && !reduced) el.textContent = "0";
    seen.observe(el);
  }
}

// An island whose script fails to load or throws while hydrating (spec §8): its server-rendered
// part stays visible but is set aside, with a short message and a way to retry, in the page's
// language (written out here: every page loads this file, not the forms' words).
const ISLAND_ERROR_EN = {
  chunk: "Loading chunk failed",
  error: "Unexpected Application Error!",
  text: "Sorry, this part of the page could not load. Please refresh the page, or call us.",
  refresh: "Refresh",
};
const ISLAND_ERROR_ES: typeof ISLAND_ERROR_EN = {
  chunk: "No se pudo cargar esta parte de la página",
  error: "Error inesperado de la aplicación",
  text: "Lo sentimos, esta parte de la página no se pudo cargar. Actualice la página o llámenos.",
  refresh: "Actualizar",
};
document.addEventListener("astro:hydration-error", (event) => {
  const island = event.target as HTMLElement;
  const detail = (event as CustomEvent<{ error?: unknown }>).detail;
  const message = String((detail?.error as Error | undefined)?.message ?? detail?.error ?? "");
  const chunk = /import|fetch|chunk|module script/i.test(message);
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.className = "mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";
  const title = document.createElement("p");
  title.className = "font-semibold";
  const words = document.documentElement.lang === "es" ? ISLAND_ERROR_ES : ISLAND_ERROR_EN;
  title.textContent = chunk ? words.chunk : words.error;
  const text = document.createElement("p");
  text.className = "mt-1 text-sm";
  text.textContent = words.text;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "mt-3 rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white";
  retry.textContent = words.refresh;
  retry.addEventListener("click", () => location.reload());
  box.append(title, text, retry);
  island.before(box);
  island.inert = true;
  island.classList.add("opacity-50");
});

// The footer's © year is the build's; a page built last year and still served shows this year.
// A clock set in the past never turns it back.
for (const el of document.querySelectorAll<HTMLElement>("[data-year]")) {
  const now = new Date().getFullYear();
  if (now > Number(el.textContent)) el.textContent = String(now);
}
