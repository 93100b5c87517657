/**
 * Small behaviours shared by the static pages (no framework): smooth scroll to the top on load,
 * fade-in pictures, sections revealed at 20 % visibility, counters. All honour reduced motion.
 */
import { counterValue } from "./motion";

const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;

if (!location.hash && scrollY > 0) scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });

for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fade]")) {
  const done = () => img.classList.add("is-loaded");
  if (img.complete) done();
  else {
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
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
