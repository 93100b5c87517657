import { useEffect, useState } from "react";
import type { CatalogueProduct } from "../../lib/stores/cart.ts";
import { whenIdle } from "../../lib/idle.ts";
import { useTilt } from "./use-tilt.ts";
import { catalogueStrings, shownProduct } from "../../lib/i18n/catalogue.ts";
import { localHref, type Locale } from "../../lib/i18n/locales.ts";

export const NO_PRICE_TEXT = catalogueStrings("en").noPrice;

/**
 * One catalogue card: picture (hover picture on mouse-over), name and price; opens the detail.
 * `first`: the card is in the first row, on screen when the list appears, so its picture is fetched
 * at once and with high priority (it is the page's largest paint), not when layout finds it in view.
 * `afterLoad`: its picture waits until the page has loaded (theme.css .after-load), as the
 * suggestions under a product do, so it never competes with the product's own picture.
 */
export function ProductCard({
  product: card,
  tilt = true,
  first = false,
  afterLoad = false,
  lang = "en",
}: {
  product: CatalogueProduct;
  tilt?: boolean;
  first?: boolean;
  afterLoad?: boolean;
  lang?: Locale;
}) {
  const product = shownProduct(card, lang);
  const w = catalogueStrings(lang);
  const t = useTilt<HTMLAnchorElement>();
  const handlers = tilt ? t : {};
  // The hover picture is fetched only where it can be seen: on a device that hovers (once the page
  // is idle, so it never competes with the first pictures), or when the card is pointed at or
  // focused. Phones never download it.
  const [withHover, setWithHover] = useState(false);
  useEffect(() => {
    if (product.hoverImage && matchMedia("(hover: hover)").matches) return whenIdle(() => setWithHover(true), 3000);
  }, [product.hoverImage]);
  const wantHover = () => setWithHover(true);
  return (
    <a
      {...handlers}
      onPointerEnter={wantHover}
      onFocus={wantHover}
      href={localHref(`/products/${encodeURIComponent(product.id)}`, lang)}
      data-testid="product-card"
      className="group relative block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow will-change-transform hover:shadow-xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="relative aspect-square overflow-hidden bg-slate-100 dark:bg-slate-800">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={800}
            height={800}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            decoding="async"
            className={`absolute inset-0 size-full object-cover dark:brightness-[0.8]${afterLoad ? " after-load" : ""}`}
          />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-500 dark:text-slate-400">{w.noPicture}</div>
        )}
        {product.hoverImage && withHover && (
          <img
            src={product.hoverImage}
            alt=""
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100"
          />
        )}
      </div>
      <div className="p-3 sm:p-4">
        <h2 className="line-clamp-4 min-h-[3.75rem] text-sm leading-5 font-semibold text-slate-900 sm:line-clamp-2 sm:min-h-[3rem] sm:text-base sm:leading-6 dark:text-slate-100" lang={product.english.has("name") ? "en" : undefined}>{product.name}</h2>
        <p className={`mt-1 font-bold ${product.price ? "text-brand-600 dark:text-brand-100" : "text-sm font-medium text-slate-500 dark:text-slate-400"}`}>
          {product.price || w.noPrice}
        </p>
      </div>
    </a>
  );
}
