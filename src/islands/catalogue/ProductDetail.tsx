import { useEffect, useMemo, useState } from "react";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useCart, type CatalogueProduct } from "../../lib/stores/cart.ts";
import { ProductCard, NO_PRICE_TEXT } from "./ProductCard.tsx";
import { shownKey } from "./product-shown.ts";
import { productAnswer } from "./product-answer.ts";
import { applyNotFoundHead, applyProductHead } from "./product-seo.ts";
import InquiryForm, { DEFAULT_OFFICE, type ProductOffice } from "./InquiryForm.tsx";
import { isProductId, type Product } from "../../lib/contracts/product.ts";
import { whenIdle } from "../../lib/idle.ts";
import { LocaleContext } from "../shared/locale.ts";
import { catalogueStrings, shownProduct } from "../../lib/i18n/catalogue.ts";
import { localHref, type Locale } from "../../lib/i18n/locales.ts";

/** Spec §9: an unknown product shows the not-found page after about 0.7 s; 3 suggestions. */
export const NOT_FOUND_AFTER_MS = 700;
export const SUGGESTIONS = 3;

/** The id in /products/{id} or /es/products/{id} (the static shell is served for every such URL). */
export function productIdFromPath(path: string): string {
  const m = /^(?:\/es)?\/products\/([^/]+)\/?$/.exec(path);
  return m ? decodeURIComponent(m[1]) : "";
}

/** Up to `n` other products in random order. */
export function pickSuggestions<T extends { id: string }>(all: T[], currentId: string, n = SUGGESTIONS, random = Math.random): T[] {
  const others = all.filter((p) => p.id !== currentId);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j], others[i]];
  }
  return others.slice(0, n);
}

/**
 * The suggestions to show: the page's built ones (`built`, picked when the page was built, so they
 * are in its HTML), kept in their place and brought up to date once the fresh list (`fresh`) is in;
 * a built one deleted since is replaced by another picked at random. Before the list is in (`null`),
 * the built ones as they are.
 */
export function keepSuggestions<T extends { id: string }>(built: T[], fresh: T[] | null, currentId: string, n = SUGGESTIONS, random = Math.random): T[] {
  if (!fresh) return built.filter((p) => p.id !== currentId).slice(0, n);
  const byId = new Map(fresh.map((p) => [p.id, p]));
  const kept = built.flatMap((p) => (p.id !== currentId && byId.has(p.id) ? [byId.get(p.id)!] : [])).slice(0, n);
  const rest = fresh.filter((p) => !kept.some((k) => k.id === p.id));
  return [...kept, ...pickSuggestions(rest, currentId, n - kept.length, random)];
}

type State = { kind: "loading" } | { kind: "found"; product: Product } | { kind: "missing" } | { kind: "failed" };

/**
 * `initial`: the product its prebuilt page was built with (decision 11): shown from the first byte,
 * then checked against the API once hydrated, so an edit since the build shows without a reload (a
 * product deleted since shows the not-found content). The built page hydrates this island only when
 * the visitor reaches for it or its plain-fetch check found a change (product-revalidate.ts).
 * Without `initial` (the fallback shell for a product newer than the build) the island reads the id
 * from the URL and loads the product behind a skeleton.
 *
 * `company`: the company's name as published (the texting consent names it). `suggested`: the
 * suggestions picked when the page was built (in its HTML), brought up to date once hydrated.
 */
export default function ProductDetail({
  initial,
  suggested = [],
  company = "Coastal Marine Construction",
  lang = "en",
  office = DEFAULT_OFFICE,
}: {
  initial?: Product;
  suggested?: CatalogueProduct[];
  company?: string;
  lang?: Locale;
  office?: ProductOffice;
}) {
  return (
    <LocaleContext.Provider value={lang}>
      <IslandBoundary what={catalogueStrings(lang).whatOne}>
        <Detail initial={initial} suggested={suggested} company={company} lang={lang} office={office} />
      </IslandBoundary>
    </LocaleContext.Provider>
  );
}

function Detail({ initial, suggested, company, lang, office }: { initial?: Product; suggested: CatalogueProduct[]; company: string; lang: Locale; office: ProductOffice }) {
  const w = catalogueStrings(lang);
  const [state, setState] = useState<State>(initial ? { kind: "found", product: initial } : { kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const fetchProducts = useCart((s) => s.fetchProducts);
  // The list as fetched on this page: the stored copy of an earlier visit is not used, so the first
  // render matches the built HTML (hydration) and no deleted product is suggested.
  const [fresh, setFresh] = useState<CatalogueProduct[] | null>(null);
  const id = initial?.id ?? (typeof location === "undefined" ? "" : productIdFromPath(location.pathname));

  useEffect(() => {
    const started = Date.now();
    let live = true;
    // Revalidating a product already on screen: only a real answer replaces it, at once.
    const shown = !!initial && attempt === 0;
    const settle = (s: State) => {
      if (shown && s.kind === "failed") return;
      const wait = s.kind === "found" || shown ? 0 : Math.max(0, NOT_FOUND_AFTER_MS - (Date.now() - started));
      setTimeout(() => live && setState(s), wait);
    };
    if (!shown) setState({ kind: "loading" });
    if (!isProductId(id)) settle({ kind: "missing" });
    else
      // The page's own check may have asked already (product-answer.ts): 'Try again' asks anew.
      productAnswer(id, attempt > 0)
        .then((a) => settle(a.data ? { kind: "found", product: a.data } : a.status ? { kind: "missing" } : { kind: "failed" }))
        .catch((e) => settle(e instanceof ApiError && (e.httpStatus === 404 || e.httpStatus === 400) ? { kind: "missing" } : { kind: "failed" }));
    return () => {
      live = false;
    };
    // `initial` is the page's own data: it never changes while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  // The suggestions sit below the product: their fresh list is fetched once the product is on screen
  // and the browser is idle, so it never competes with the product's own picture (their pictures
  // wait for the page's load: ProductCard's afterLoad). A failure keeps the built suggestions
  // without a word (there is nothing to say where they show).
  const shown = state.kind !== "loading";
  useEffect(() => {
    if (shown)
      return whenIdle(() => void fetchProducts({ quiet: true, silent: suggested.length > 0 }).then((ok) => ok && setFresh(useCart.getState().products)), 2000);
  }, [shown, fetchProducts, suggested.length]);

  // A built page carries its head tags already; they are rewritten only when the product changed.
  useEffect(() => {
    if (state.kind === "found" && state.product !== initial && !sameShown(state.product, initial))
      applyProductHead({ ...shownProduct(state.product, lang), path: localHref(`/products/${encodeURIComponent(state.product.id)}`, lang) });
    if (state.kind === "missing") applyNotFoundHead();
  }, [state, initial, lang]);

  const shownId = state.kind === "found" ? state.product.id : "";
  const suggestions = useMemo(() => (shownId ? keepSuggestions(suggested, fresh, shownId) : []), [suggested, fresh, shownId]);

  if (state.kind === "missing") return <NotFound lang={lang} />;
  return (
    <div>
      <BackLink lang={lang} />
      {state.kind === "failed" ? (
        <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{w.productFailed}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
            {w.tryAgain}
          </button>
        </div>
      ) : state.kind === "loading" ? (
        <DetailSkeleton lang={lang} />
      ) : (
        <ProductView product={state.product} company={company} lang={lang} office={office} />
      )}
      {suggestions.length > 0 && <Suggestions items={suggestions} lang={lang} />}
    </div>
  );
}

/** Whether two versions of a product look the same on the page (the head tags included). */
function sameShown(a: Product, b: Product | undefined): boolean {
  return !!b && shownKey(a) === shownKey(b);
}

/** Back to the list view the visitor came from (back-to-list.ts, the page's script), else /products. */
function BackLink({ lang }: { lang: Locale }) {
  return (
    <a
      href={localHref("/products", lang)}
      data-back-to-list
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 py-2 font-semibold text-brand-600 hover:underline focus-visible:outline-3 focus-visible:outline-brand-500 dark:text-brand-100"
    >
      <span aria-hidden="true">←</span> {catalogueStrings(lang).back}
    </a>
  );
}

function ProductView({ product: english, company, lang, office }: { product: Product; company: string; lang: Locale; office: ProductOffice }) {
  const w = catalogueStrings(lang);
  const product = shownProduct(english, lang);
  const en = (k: "name" | "description" | "color") => (product.english.has(k) ? "en" : undefined);
  return (
    <article className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12" data-testid="product-detail">
      <div className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800">
        {product.image ? (
          <img src={product.image} alt={product.name} lang={en("name")} width={800} height={800} fetchPriority="high" className="aspect-square w-full object-cover dark:brightness-[0.8]" />
        ) : (
          <div className="flex aspect-square items-center justify-center text-slate-500">{w.noPicture}</div>
        )}
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white" lang={en("name")}>{product.name}</h1>
        <p className={`mt-3 text-2xl font-bold ${product.price ? "text-brand-600 dark:text-brand-100" : "text-lg text-slate-600 dark:text-slate-300"}`}>{product.price || (lang === "en" ? NO_PRICE_TEXT : w.noPrice)}</p>
        {office.installation && (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" lang={office.installationLang} data-testid="price-covers">
            {office.installation}
          </p>
        )}
        {product.color && (
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            <span className="font-semibold">{w.color}</span> <span lang={en("color")}>{product.color}</span>
          </p>
        )}
        {product.description && <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300" lang={en("description")}>{product.description}</p>}
        <div className="mt-8">
          <InquiryForm productId={product.id} productName={product.name} productNameEn={english.name} company={company} lang={lang} office={office} />
        </div>
      </div>
    </article>
  );
}

function DetailSkeleton({ lang }: { lang: Locale }) {
  const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800";
  return (
    <div role="status" aria-busy="true" className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12" data-testid="detail-skeleton">
      <span className="sr-only">{catalogueStrings(lang).loadingOne}</span>
      <div className={`aspect-square rounded-2xl ${bar}`} />
      <div className="space-y-4">
        <div className={`h-9 w-3/4 ${bar}`} />
        <div className={`h-7 w-1/4 ${bar}`} />
        <div className={`h-24 w-full ${bar}`} />
        {/* The inquiry form's room (its height on phones and desktops), so the reply promise below
            the island stays where it is when the product arrives (a layout shift otherwise). */}
        <div className="min-h-[40rem] space-y-4 pt-8">
          <div className={`h-12 w-full ${bar}`} />
          <div className={`h-12 w-full ${bar}`} />
          <div className={`h-12 w-full ${bar}`} />
          <div className={`h-32 w-full ${bar}`} />
          <div className={`h-12 w-40 ${bar}`} />
        </div>
      </div>
    </div>
  );
}

function Suggestions({ items, lang }: { items: CatalogueProduct[]; lang: Locale }) {
  return (
    <section className="mt-16" aria-labelledby="also-like">
      <h2 id="also-like" className="text-2xl font-bold text-slate-900 dark:text-white">
        {catalogueStrings(lang).alsoLike}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} lang={lang} afterLoad />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The site's not-found content (spec §2), shown in place when the id is unknown. */
function NotFound({ lang }: { lang: Locale }) {
  const w = catalogueStrings(lang);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center text-center" data-testid="not-found">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{w.notFound}</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{w.missing}</p>
      <a href={localHref("/landing", lang)} className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {w.home}
      </a>
    </div>
  );
}
