/**
 * The one way the dashboard draws a chart.js chart (the System tab's doughnut, the reports' weekly
 * bars): chart.js loaded on first use with only the card's own types, drawn again when its figures or
 * the theme change, destroyed on unmount.
 */
import { useEffect, useRef, type RefObject } from "react";
import type { Chart, ChartConfiguration } from "chart.js";

/** Spec §9: chart animation 1000 ms. */
export const CHART_ANIMATION_MS = 1000;

/**
 * Draws `config()` on `canvas` whenever `deps` change; `config` null draws nothing. The canvas says
 * which theme it was last fully drawn in (`data-drawn`, read by the browser tests). `onFailed` hears
 * that chart.js's chunk would not load (the card offers a retry).
 */
export function useChart(
  canvas: RefObject<HTMLCanvasElement | null>,
  load: () => Promise<typeof Chart>,
  config: (() => ChartConfiguration) | null,
  theme: "light" | "dark",
  deps: unknown[],
  onFailed: () => void,
): void {
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    if (!config || !canvas.current) return;
    let cancelled = false;
    load()
      .then((ChartJs) => {
        if (cancelled || !canvas.current) return;
        chart.current?.destroy();
        const el = canvas.current;
        delete el.dataset.drawn;
        const c = config();
        c.options = { ...c.options, animation: { duration: CHART_ANIMATION_MS, onComplete: () => void (el.dataset.drawn = theme) } };
        chart.current = new ChartJs(el, c);
      })
      .catch((e) => {
        console.error("Loading chunk failed", e);
        onFailed();
      });
    return () => {
      cancelled = true;
    };
    // Drawn again when the caller's figures or the theme change (they say which).
  }, deps);
  useEffect(() => () => chart.current?.destroy(), []);
}
