/** Carousel rules of spec §2 (Gallery), free of React so they can be unit-tested. */

export interface Slide {
  /** Picture address, or empty for a text-only slide. */
  src: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  alt: string;
  title: string;
  /** Which of its project's photos this is ("Photo 2 of 3"), when the project has more than one. */
  part?: string;
  /** A short label on the picture (a sample project's "Sample project · rendering"). */
  badge?: string;
}

/** Extensions the gallery treats as pictures: jpeg, jpg, gif, png, svg, webp. */
export const IMAGE_EXTENSIONS = ["jpeg", "jpg", "gif", "png", "svg", "webp"] as const;

export function isImageSource(src: string): boolean {
  let path = src.split(/[?#]/)[0].toLowerCase();
  // `npm run dev` serves pictures through Astro's endpoint (/_image?href=…&f=webp): the format is a parameter.
  if (path.endsWith("/_image")) path = "." + (new URLSearchParams(src.split("?")[1] ?? "").get("f") ?? "").toLowerCase();
  const ext = path.slice(path.lastIndexOf(".") + 1);
  return path.includes(".") && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The arrows show only when at least one slide is a picture. */
export function showArrows(slides: Pick<Slide, "src">[]): boolean {
  return slides.some((s) => isImageSource(s.src));
}

/** Next after the last is the first; previous before the first is the last. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The rotating carousel's interval (spec §9: 5000 ms). */
export const ROTATE_MS = 5000;
