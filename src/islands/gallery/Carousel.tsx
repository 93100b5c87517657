import { useEffect, useRef, useState } from "react";
import { useKeenSlider, type KeenSliderInstance } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { IslandBoundary } from "../shared/IslandBoundary";
import {
  ROTATE_MS,
  picturesIn,
  showArrows,
  wrapIndex,
  type ProjectDetails,
  type Slide,
} from "./slides";

interface Props {
  slides: Slide[];
  /** "3d": the phone gallery (slides turn in depth, a click advances). "rotating": advances every 5 s. */
  variant: "3d" | "rotating";
  label: string;
  /** The page's language (issue 37): the arrows' and the pause button's words. */
  lang?: "en" | "es";
  /**
   * Each project's scope, time and materials by its id (a slide's `viewer.project`), shown under the
   * phones' carousel (issue 39) after the words in `detailLabels`. Once per project, not per photo.
   */
  details?: Record<string, ProjectDetails>;
  detailLabels?: { time: string; materials: string };
  /** The pictures' `sizes` when a slide has none of its own: said once, not in each slide's props. */
  sizes?: string;
}

const WORDS = {
  en: {
    prev: "Previous slide",
    next: "Next slide",
    play: "Play",
    pause: "Pause",
    of: "of",
    full: "View full screen",
  },
  es: {
    prev: "Diapositiva anterior",
    next: "Diapositiva siguiente",
    play: "Reanudar",
    pause: "Pausar",
    of: "de",
    full: "Ver en pantalla completa",
  },
};

/**
 * Turns the slides around a vertical axis according to how far each is from the center. The turn
 * goes on the slide's picture, not the slide: keen-slider moves each slide by its own transform,
 * which a transform written on the slide would replace (the track then never moved).
 */
function depth(slider: KeenSliderInstance) {
  slider.track.details?.slides.forEach((s, i) => {
    const el = slider.slides[i];
    const offset = s.distance - (1 - s.size) / 2;
    const clamped = Math.max(-1, Math.min(1, offset / s.size));
    const turned = el.firstElementChild as HTMLElement | null;
    if (turned)
      turned.style.transform = `perspective(900px) rotateY(${-clamped * 35}deg) scale(${1 - Math.abs(clamped) * 0.18})`;
    el.style.zIndex = String(100 - Math.round(Math.abs(clamped) * 10));
  });
}

function Carousel({
  slides,
  variant,
  label,
  lang = "en",
  details,
  detailLabels,
  sizes,
}: Props) {
  const w = WORDS[lang];
  const [current, setCurrent] = useState(0);
  // The visitor's Pause holds until Play (decision 12); pointing at or focusing the carousel only
  // pauses it for as long as that lasts.
  const [held, setHeld] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = held || hovered || focused;
  const [reduced, setReduced] = useState(false);
  // Until keen-slider has measured the slides, CSS lays them out the way it will.
  const [started, setStarted] = useState(false);
  const pointerX = useRef<number | null>(null);
  const aim = useRef(0);
  const count = slides.length;
  const [withPicture, setWithPicture] = useState(() =>
    picturesIn(new Set(), 0, count),
  );
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    initial: 0,
    // Reduced motion: slides change at once instead of gliding.
    defaultAnimation:
      typeof matchMedia === "function" &&
      matchMedia("(prefers-reduced-motion: reduce)").matches
        ? { duration: 0 }
        : undefined,
    loop: false,
    slides:
      variant === "3d"
        ? { perView: 1.35, spacing: 12, origin: "center" }
        : { perView: 1 },
    slideChanged: (s) => {
      const rel = s.track.details.rel;
      setCurrent(rel);
      setWithPicture((shown) => picturesIn(shown, rel, count));
    },
    // Where the track came to rest (after a move, a swipe or the rotation): the next tap counts from there.
    animationEnded: (s) => (aim.current = s.track.details.rel),
    detailsChanged: variant === "3d" ? depth : undefined,
    created: (s) => {
      setStarted(true);
      if (variant === "3d") depth(s);
    },
  });

  // Wrap-around moves: next after the last goes to the first, previous before the first to the last.
  // Taps count from the slide the track is heading for, not the one it is passing: a second tap on
  // Next during the glide goes one further (it was lost, the glide still showing the same slide).
  const go = (i: number) => {
    aim.current = wrapIndex(i, count);
    slider.current?.moveToIdx(aim.current);
  };
  const next = () => go(aim.current + 1);
  const prev = () => go(aim.current - 1);

  useEffect(
    () => setReduced(matchMedia("(prefers-reduced-motion: reduce)").matches),
    [],
  );
  useEffect(() => {
    if (variant !== "rotating" || paused || reduced || count < 2) return;
    const t = setInterval(
      () =>
        slider.current?.moveToIdx(
          wrapIndex((slider.current?.track.details.rel ?? 0) + 1, count),
        ),
      ROTATE_MS,
    );
    return () => clearInterval(t);
  }, [variant, paused, reduced, count, slider]);

  const arrows = showArrows(slides);
  return (
    // `isolate`: the slides' and arrows' stacking stays inside the carousel, under the phones' fixed
    // Call / Free Estimate bar (a tapped slide once covered both buttons, issue 39).
    <div
      className="relative isolate"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-variant={variant}
      data-current={current}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null))
          setFocused(false);
      }}
    >
      {/* The track and its arrows: the arrows center on the pictures, not on the counter and details below. */}
      <div className="relative">
        <div
          ref={ref}
          className={`keen-slider ${variant === "3d" ? "py-4" : "overflow-hidden rounded-3xl"} ${started ? "" : variant === "3d" ? "gap-3 ps-[13%]" : ""}`}
          aria-live={variant === "rotating" && !paused ? "off" : "polite"}
        >
          {slides.map((s, i) => (
            <div
              key={s.title + i}
              className={`keen-slider__slide cursor-pointer ${started ? "" : variant === "3d" ? "shrink-0 basis-[74%]" : "shrink-0 basis-full"}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} ${w.of} ${count}: ${s.title}${s.part ? `, ${s.part.toLowerCase()}` : ""}`}
              data-active={i === current || undefined}
              onPointerDown={(e) => (pointerX.current = e.clientX)}
              onClick={(e) => {
                // A click (not the end of a swipe) advances to the next slide; the full-screen link opens the viewer instead.
                if ((e.target as Element).closest("a")) return;
                if (
                  pointerX.current === null ||
                  Math.abs(e.clientX - pointerX.current) < 8
                )
                  next();
                pointerX.current = null;
              }}
            >
              {/* The page renders both carousels and CSS shows one. Each one's first slide is the
                largest paint where it shows, fetched first; both are the same file, so the hidden
                one costs nothing more. The rest of the wide screens' carousel is lazy, so a phone,
                where it is hidden, never fetches it. Slides far from the current one get their
                picture as the visitor comes near (picturesIn). */}
              <figure
                className={`slide-frame ${variant === "3d" ? "aspect-[4/5] rounded-3xl shadow-xl" : "aspect-[21/9]"}`}
              >
                {s.src && withPicture.has(i) ? (
                  <img
                    src={s.src}
                    srcSet={s.srcset}
                    sizes={s.sizes ?? sizes}
                    width={s.width}
                    height={s.height}
                    alt={s.alt}
                    loading={
                      i === 0 || (variant === "3d" && i === 1)
                        ? "eager"
                        : "lazy"
                    }
                    fetchPriority={i === 0 ? "high" : undefined}
                    draggable={false}
                    className="h-full w-full object-cover"
                  />
                ) : null}
                {variant === "3d" && s.viewer ? (
                  // Opens the page's photo viewer (PhotoViewer.astro) at this photo; without JavaScript, the photo itself.
                  <a
                    href={s.viewer.href}
                    data-photo={s.viewer.photo}
                    data-photos-of={s.viewer.project}
                    className="slide-zoom"
                  >
                    <span className="sr-only">
                      {w.full}: {s.title}
                      {s.part ? `, ${s.part.toLowerCase()}` : ""}
                    </span>
                    <svg
                      viewBox="0 0 24 24"
                      aria-hidden="true"
                      className="size-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
                    </svg>
                  </a>
                ) : null}
                {s.badge ? (
                  <span className="slide-badge">
                    {s.badge}
                  </span>
                ) : null}
                <figcaption className="slide-caption">
                  <span lang={s.titleLang}>{s.title}</span>
                  {s.part ? (
                    <span className="block text-sm font-medium text-white/85">
                      {s.part}
                    </span>
                  ) : null}
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
        {arrows && (
          <>
            <button
              type="button"
              onClick={prev}
              aria-label={w.prev}
              className="absolute start-2 top-1/2 z-[200] flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg hover:bg-white"
            >
              <Arrow d="M15 18l-6-6 6-6" />
            </button>
            <button
              type="button"
              onClick={next}
              aria-label={w.next}
              className="absolute end-2 top-1/2 z-[200] flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg hover:bg-white"
            >
              <Arrow d="M9 6l6 6-6 6" />
            </button>
          </>
        )}
      </div>
      <div className="mt-3 flex items-center justify-center gap-3">
        <p
          className="text-sm font-semibold text-slate-700 tabular-nums dark:text-slate-300"
          data-counter
        >
          {current + 1} / {count}
        </p>
        {variant === "rotating" && !reduced && (
          <button
            type="button"
            onClick={() => setHeld((h) => !h)}
            aria-pressed={held}
            data-held={held}
            className="rounded-full px-3 py-1 text-sm font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {held ? w.play : w.pause}
          </button>
        )}
      </div>
      {variant === "3d" && detailLabels && details?.[slides[current]?.viewer?.project ?? ""] ? (
        <Details slide={slides[current]} details={details[slides[current].viewer!.project]} labels={detailLabels} />
      ) : null}
    </div>
  );
}

/** The current slide's project: what was done, how long it took and with what (as the wide screens' cards show). */
function Details({
  slide,
  details: d,
  labels,
}: {
  slide: Slide;
  details: ProjectDetails;
  labels: { time: string; materials: string };
}) {
  return (
    <div
      className="mx-4 mt-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-project-details
    >
      <p className="text-base font-bold" lang={slide.titleLang}>
        {slide.title}
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300" lang={d.scopeLang}>
        {d.scope}
      </p>
      <dl className="project-facts">
        <dt className="font-semibold">{labels.time}</dt>
        <dd>{d.time}</dd>
        <dt className="font-semibold">{labels.materials}</dt>
        <dd lang={d.materialsLang}>{d.materials}</dd>
      </dl>
    </div>
  );
}

function Arrow({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6 rtl:rotate-180"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export default function CarouselIsland(props: Props) {
  return (
    <IslandBoundary what="the gallery carousel">
      <Carousel {...props} />
    </IslandBoundary>
  );
}
