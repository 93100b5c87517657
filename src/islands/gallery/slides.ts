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
  /** "en" when the title is still the English on a Spanish page (no Spanish written yet). */
  titleLang?: "en";
  /**
   * The photo in the page's photo viewer (PhotoViewer.astro): its project (the `data-project` of the
   * element holding the project's `data-photos`), its place among them and its screen-size address.
   */
  viewer?: { project: string; photo: number; href: string };
}

/** A project's scope, time and materials, with `lang="en"` where a Spanish page still shows the English. */
export interface ProjectDetails {
  scope: string;
  time: string;
  materials: string;
  scopeLang?: "en";
  materialsLang?: "en";
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

/** Slides ahead of the current one whose pictures are already in the page. */
export const PICTURES_AHEAD = 2;

/**
 * The slides whose pictures are in the page: every one shown so far, the one before the current and
 * the next PICTURES_AHEAD. A slide further away has none yet: the track lays every slide out side by
 * side, so a lazy picture there is still near enough to load with the page (on a phone that was
 * every photo of every project, competing with the first one).
 */
export function picturesIn(shown: ReadonlySet<number>, current: number, count: number): Set<number> {
  const next = new Set(shown);
  for (let i = Math.max(0, current - 1); i <= Math.min(count - 1, current + PICTURES_AHEAD); i++) next.add(i);
  return next;
}
