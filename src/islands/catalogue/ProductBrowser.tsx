import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { useCart, type CatalogueProduct } from "../../lib/stores/cart.ts";
import { applyView, changeView, DEFAULT_VIEW, PAGE_SIZES, readView, writeView, type Sort, type View } from "./catalogue-view.ts";
import { PRODUCT_CATEGORIES, type ProductCategory } from "../../lib/contracts/product.ts";
import { ProductCard } from "./ProductCard.tsx";
import { SkeletonGrid } from "../shared/SkeletonCard.tsx";
import { LocaleContext } from "../shared/locale.ts";
import { catalogueStrings } from "../../lib/i18n/catalogue.ts";
import type { Locale } from "../../lib/i18n/locales.ts";

/** Spec §9: skeleton cards 400 ms at first, 500 ms after each search, size, sort or page change. */
export const FIRST_SKELETON_MS = 400;
export const CHANGE_SKELETON_MS = 500;
/** Cards in the widest grid's first row (3 columns): on screen when the list appears. */
const FIRST_ROW = 3;
// Two across on a phone: a shop's list is scanned, and one card a screen made 12 products 3,400 px long.
const GRID = "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3";
const FIELD =
  "h-11 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const BUTTON =
  "h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 shadow-sm hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:disabled:hover:bg-slate-900";

/**
 * `initial`: the catalogue the page was built with (decision 11). The list is in the HTML from the
 * first byte; the island hydrates over the same markup, then asks the API for the current list and
 * swaps it in place, so an edit made since the build shows without a reload and without a skeleton.
 */
export default function ProductBrowser({ initial, lang = "en" }: { initial?: CatalogueProduct[]; lang?: Locale }) {
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={catalogueStrings(lang).what}>
        <Browser initial={initial} lang={lang} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}

function Browser({ initial, lang }: { initial?: CatalogueProduct[]; lang: Locale }) {
  const w = catalogueStrings(lang);
  const stored = useCart((s) => s.products);
  const fetchProducts = useCart((s) => s.fetchProducts);
  // The built list stands until the API has answered once (the store may hold an older visit's list).
  const [fresh, setFresh] = useState(!initial);
  const products = fresh ? stored : initial!;
  // The built page shows the default view; the URL's own view is applied once hydrated (the HTML
  // and the first client render must match, or React would throw the built markup away).
  const [view, setView] = useState<View>(() => (initial || typeof location === "undefined" ? DEFAULT_VIEW : readView(location.search)));
  const [loaded, setLoaded] = useState<"no" | "yes" | "failed">(initial ? "yes" : "no");
  const [skeleton, setSkeleton] = useState(!initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const holdSkeleton = useCallback((ms: number) => {
    clearTimeout(timer.current);
    setSkeleton(true);
    timer.current = setTimeout(() => setSkeleton(false), ms);
  }, []);

  const load = useCallback(async () => {
    setLoaded("no");
    holdSkeleton(FIRST_SKELETON_MS);
    setLoaded((await fetchProducts({ quiet: true })) ? "yes" : "failed");
    setFresh(true);
  }, [fetchProducts, holdSkeleton]);

  /** Revalidates the built list in place: no skeleton, and on failure the built list stays. */
  const revalidate = useCallback(async () => {
    if (await fetchProducts({ quiet: true, silent: true })) setFresh(true);
  }, [fetchProducts]);

  useEffect(() => {
    if (initial) {
      setView(readView(location.search));
      void revalidate();
    } else void load();
    // Back/forward restores the view the URL describes.
    const onPop = () => {
      setView(readView(location.search));
      holdSkeleton(CHANGE_SKELETON_MS);
    };
    addEventListener("popstate", onPop);
    return () => {
      removeEventListener("popstate", onPop);
      clearTimeout(timer.current);
    };
    // `initial` is the page's own data: it never changes while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, revalidate, holdSkeleton]);

  /** Applies a change: new URL (typing replaces the entry, other changes add one), skeleton, scroll. */
  const update = (change: Partial<View>, how: "push" | "replace" = "push") => {
    const next = changeView(view, change);
    setView(next);
    const url = location.pathname + writeView(next);
    if (how === "push") history.pushState(null, "", url);
    else history.replaceState(null, "", url);
    holdSkeleton(CHANGE_SKELETON_MS);
  };

  // A Spanish page searches and sorts by the names it shows (the Spanish name where there is one).
  const named = useMemo(() => (lang === "en" ? products : products.map((p) => (p.es?.name ? { ...p, name: p.es.name, enName: p.name } : p))), [products, lang]);
  const shown = useMemo(() => applyView(named, view), [named, view]);
  const busy = skeleton || loaded === "no";

  const goToPage = (page: number) => {
    update({ page });
    document.getElementById("catalogue-controls")?.scrollIntoView({ block: "start" });
  };

  return (
    <div>
      <div id="catalogue-controls" className="flex scroll-mt-24 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300 sm:min-w-64">
          <span className="sr-only">{w.search}</span>
          <input type="search" value={view.q} maxLength={100} placeholder={w.searchPlaceholder} onChange={(e) => update({ q: e.target.value }, "replace")} className={FIELD} />
        </label>
        {/* Each label names its list by `for`, not by wrapping it: a wrapping label's name took in the
            list's shown value too ("Sort by price Featured"). The label says what it sorts by, so it
            fits every choice, 'Featured' included (issue 39). */}
        <div className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:min-w-56 dark:text-slate-300">
          <label htmlFor="catalogue-category">{w.category}</label>
          <select id="catalogue-category" value={view.cat} onChange={(e) => update({ cat: e.target.value as ProductCategory | "" })} className={FIELD}>
            <option value="">{w.allCategories}</option>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {w.categories[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-3">
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            <label htmlFor="catalogue-size">{w.perPage}</label>
            <select id="catalogue-size" value={view.size} onChange={(e) => update({ size: Number(e.target.value) })} className={FIELD}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            <label htmlFor="catalogue-sort">{w.sort}</label>
            <select id="catalogue-sort" value={view.sort} onChange={(e) => update({ sort: e.target.value as Sort })} className={FIELD}>
              <option value="">{w.featured}</option>
              <option value="asc">{w.lowHigh}</option>
              <option value="desc">{w.highLow}</option>
            </select>
          </div>
        </div>
      </div>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="showing">
        {loaded === "yes" && !busy ? w.showing(shown.from, shown.to, shown.total) : "\u00a0"}
      </p>

      <div className="mt-4">
        {loaded === "failed" ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p className="font-semibold">{w.loadFailed}</p>
            <p className="mt-1 text-sm">{w.loadFailedHint}</p>
            <button type="button" onClick={load} className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              {w.tryAgain}
            </button>
          </div>
        ) : busy ? (
          <SkeletonGrid count={view.size} className={GRID} label={w.loading} />
        ) : shown.total === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="font-semibold">{view.q ? w.noMatch(view.q) : view.cat ? w.noneInCategory : w.none}</p>
            {view.q && (
              <button type="button" onClick={() => update({ q: "" })} className="mt-3 font-semibold text-brand-600 underline underline-offset-4 dark:text-brand-100">
                {w.clear}
              </button>
            )}
          </div>
        ) : (
          <ul className={GRID} data-testid="product-grid">
            {shown.items.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={"enName" in p ? { ...p, name: p.enName as string } : p} first={i < FIRST_ROW} lang={lang} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <nav aria-label={w.pages} className="mt-8 flex items-center justify-center gap-4">
        <button type="button" className={BUTTON} disabled={busy || shown.page <= 1} onClick={() => goToPage(shown.page - 1)}>
          {w.previous}
        </button>
        <span className="min-w-16 text-center font-semibold" aria-current="page" data-testid="page-label">
          {w.page(shown.page)}
        </span>
        <button type="button" className={BUTTON} disabled={busy || shown.page >= shown.pages} onClick={() => goToPage(shown.page + 1)}>
          {w.next}
        </button>
      </nav>
    </div>
  );
}
