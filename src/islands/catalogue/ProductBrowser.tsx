import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { useCart, type CatalogueProduct } from "../../lib/stores/cart.ts";
import { applyView, changeView, DEFAULT_VIEW, PAGE_SIZES, readView, writeView, type Sort, type View } from "./catalogue-view.ts";
import { ProductCard } from "./ProductCard.tsx";
import { SkeletonGrid } from "../shared/SkeletonCard.tsx";

/** Spec §9: skeleton cards 400 ms at first, 500 ms after each search, size, sort or page change. */
export const FIRST_SKELETON_MS = 400;
export const CHANGE_SKELETON_MS = 500;
/** Cards in the widest grid's first row (3 columns): on screen when the list appears. */
const FIRST_ROW = 3;
const GRID = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3";
const FIELD =
  "h-11 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const BUTTON =
  "h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 shadow-sm hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:disabled:hover:bg-slate-900";

/**
 * `initial`: the catalogue the page was built with (decision 11). The list is in the HTML from the
 * first byte; the island hydrates over the same markup, then asks the API for the current list and
 * swaps it in place, so an edit made since the build shows without a reload and without a skeleton.
 */
export default function ProductBrowser({ initial }: { initial?: CatalogueProduct[] }) {
  return (
    <IslandBoundary what="the product catalogue">
      <Browser initial={initial} />
    </IslandBoundary>
  );
}

function Browser({ initial }: { initial?: CatalogueProduct[] }) {
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

  const shown = useMemo(() => applyView(products, view), [products, view]);
  const busy = skeleton || loaded === "no";

  const goToPage = (page: number) => {
    update({ page });
    document.getElementById("catalogue-controls")?.scrollIntoView({ block: "start" });
  };

  return (
    <div>
      <div id="catalogue-controls" className="flex scroll-mt-24 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300 sm:min-w-64">
          <span className="sr-only">Search products by name</span>
          <input type="search" value={view.q} maxLength={100} placeholder="Search..." onChange={(e) => update({ q: e.target.value }, "replace")} className={FIELD} />
        </label>
        <div className="flex gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            Items per page
            <select value={view.size} onChange={(e) => update({ size: Number(e.target.value) })} className={FIELD}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
            Sort by price
            <select value={view.sort} onChange={(e) => update({ sort: e.target.value as Sort })} className={FIELD}>
              <option value="">Featured</option>
              <option value="asc">Price: low to high</option>
              <option value="desc">Price: high to low</option>
            </select>
          </label>
        </div>
      </div>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="showing">
        {loaded === "yes" && !busy ? `Showing ${shown.from}–${shown.to} of ${shown.total} items` : "\u00a0"}
      </p>

      <div className="mt-4">
        {loaded === "failed" ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p className="font-semibold">We could not load the catalogue right now.</p>
            <p className="mt-1 text-sm">Check your connection and try again, or call us: we are happy to help.</p>
            <button type="button" onClick={load} className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              Try again
            </button>
          </div>
        ) : busy ? (
          <SkeletonGrid count={view.size} className={GRID} />
        ) : shown.total === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="font-semibold">{view.q ? `No products match “${view.q}”.` : "No products yet."}</p>
            {view.q && (
              <button type="button" onClick={() => update({ q: "" })} className="mt-3 font-semibold text-brand-600 underline underline-offset-4 dark:text-brand-100">
                Clear the search
              </button>
            )}
          </div>
        ) : (
          <ul className={GRID} data-testid="product-grid">
            {shown.items.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} first={i < FIRST_ROW} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <nav aria-label="Product pages" className="mt-8 flex items-center justify-center gap-4">
        <button type="button" className={BUTTON} disabled={busy || shown.page <= 1} onClick={() => goToPage(shown.page - 1)}>
          Previous
        </button>
        <span className="min-w-16 text-center font-semibold" aria-current="page" data-testid="page-label">
          Page {shown.page}
        </span>
        <button type="button" className={BUTTON} disabled={busy || shown.page >= shown.pages} onClick={() => goToPage(shown.page + 1)}>
          Next
        </button>
      </nav>
    </div>
  );
}
