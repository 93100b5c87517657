import { useCallback, useEffect, useRef, type PointerEvent } from "react";

/** Spec §2/§9: cards tilt toward the mouse, amplitude 12°, scale 1.2. */
export const TILT_MAX_DEG = 12;
export const TILT_SCALE = 1.2;

/**
 * Tilts an element toward a mouse pointer. Off for touch and pen (a tap must just open the card)
 * and under prefers-reduced-motion. Writes the transform straight to the element: no re-render
 * per mouse move, and no inline style attribute for the CSP to refuse.
 */
export function useTilt<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const reduced = useRef(false);

  useEffect(() => {
    const mq = window.matchMedia("(prefers-reduced-motion: reduce)");
    reduced.current = mq.matches;
    const onChange = () => (reduced.current = mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  const onPointerMove = useCallback((e: PointerEvent<T>) => {
    const el = ref.current;
    if (!el || e.pointerType !== "mouse" || reduced.current) return;
    const box = el.getBoundingClientRect();
    const x = (e.clientX - box.left) / box.width - 0.5;
    const y = (e.clientY - box.top) / box.height - 0.5;
    el.style.transition = "transform 80ms ease-out";
    el.style.transform = `perspective(1000px) rotateX(${(-y * 2 * TILT_MAX_DEG).toFixed(2)}deg) rotateY(${(x * 2 * TILT_MAX_DEG).toFixed(2)}deg) scale(${TILT_SCALE})`;
    el.style.zIndex = "10";
  }, []);

  const onPointerLeave = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    el.style.transition = "transform 300ms ease-out";
    el.style.transform = "";
    el.style.zIndex = "";
  }, []);

  return { ref, onPointerMove, onPointerLeave };
}
