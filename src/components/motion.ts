/** Pure timing rules of the page animations (spec §9), kept apart from the DOM for unit tests. */

/** Counter: 0 → target over `duration` ms (1500 over 7000 ms on the landing page), easing out. */
export function counterValue(target: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return target;
  if (elapsed <= 0) return 0;
  const t = elapsed / duration;
  return Math.round(target * (1 - Math.pow(1 - t, 3)));
}
