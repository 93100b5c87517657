import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import Protected from "../shared/Protected.tsx";
import { useAuth } from "../../lib/stores/auth.ts";
import { useCart, type CatalogueProduct } from "../../lib/stores/cart.ts";
import { useLoading } from "../../lib/stores/loading.ts";
import { useToast } from "../../lib/stores/toast.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { local } from "../../lib/safe-storage.ts";
import type { Product } from "../../lib/contracts/product.ts";
import { SkeletonCard } from "../shared/SkeletonCard.tsx";
import { EMPTY_FORM, ProductSheet, type ProductForm } from "./ProductSheet.tsx";
import { he } from "./strings.ts";
import { SORTS, viewProducts, type Sort } from "./product-view.ts";

/** Spec §9: 6 skeleton cards for 1000 ms after every change of the product list. */
export const GRID_SKELETON_MS = 1000;
export const GRID_SKELETON_CARDS = 6;

/** /editor: any signed-in user may look; only admins edit (the server enforces the same). */
export default function ProductEditor() {
  return (
    <IslandBoundary what="the product editor">
      <Protected>
        <Editor />
      </Protected>
    </IslandBoundary>
  );
}

type Sheet = { id: string | null; name?: string; initial: ProductForm } | null;
const stored = (key: string) => local.get(key) ?? "";
const reason = (e: unknown) => (e instanceof ApiError && e.httpStatus < 500 ? `: ${e.message}` : "");

function Editor() {
  const user = useAuth((s) => s.user);
  const isAdmin = user?.role === "admin";
  const products = useCart((s) => s.products);
  const fetchProducts = useCart((s) => s.fetchProducts);
  const [skeleton, setSkeleton] = useState(true);
  const [failed, setFailed] = useState(false);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort>("name-asc");
  const ids = useId();
  const shown = useMemo(() => viewProducts(products, query, sort), [products, query, sort]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const email = stored("email") || user?.email || "";
  const displayName = stored("name") || user?.name || email;

  const refresh = useCallback(async () => setFailed(!(await fetchProducts())), [fetchProducts]);
  useEffect(() => void refresh(), [refresh]);
  useEffect(() => {
    clearTimeout(timer.current);
    setSkeleton(true);
    timer.current = setTimeout(() => setSkeleton(false), GRID_SKELETON_MS);
    return () => clearTimeout(timer.current);
  }, [products]);

  /** Runs one change with the spec's loading text and toasts; the list refreshes after success. */
  const change = async (loading: string, ok: string, fail: string, call: () => Promise<unknown>): Promise<boolean> => {
    useLoading.getState().show(loading);
    try {
      await call();
      useToast.getState().show(ok, "success");
      void refresh();
      return true;
    } catch (e) {
      useToast.getState().show(fail + reason(e), "error");
      return false;
    } finally {
      useLoading.getState().hide();
    }
  };

  const openEdit = async (p: CatalogueProduct) => {
    useLoading.getState().show();
    try {
      const full = (await api<Product>(`public/products/${encodeURIComponent(p.id)}`, { auth: false })).data!;
      setSheet({ id: p.id, name: full.name, initial: { name: full.name, price: full.price, color: full.color, category: full.category ?? "", quantity: full.quantity, description: full.description, image: full.image, hoverImage: full.hoverImage, es: full.es ?? {} } });
    } catch (e) {
      useToast.getState().show(he.updateFailed + reason(e), "error");
    } finally {
      useLoading.getState().hide();
    }
  };

  const save = async (form: ProductForm) => {
    const editing = sheet?.id ?? null;
    const done = editing
      ? await change(he.updating, he.updated, he.updateFailed, () => api(`admin/products/edit/${encodeURIComponent(editing)}`, { method: "PUT", body: form }))
      : await change(he.uploading, he.added, he.addFailed, () => api("admin/products/new", { method: "POST", body: form }));
    // Spec §4: saving closes the form and clears it; on failure the form stays so nothing typed is lost.
    if (done) setSheet(null);
  };

  // Asked for in the sheet (its own confirmation, in Hebrew); closes the sheet once it is done.
  const remove = async (id: string) => {
    const done = await change(he.removing, he.removed, he.removeFailed, () => api(`admin/products/delete/${encodeURIComponent(id)}`, { method: "DELETE" }));
    if (done) setSheet(null);
  };

  return (
    <div>
      <header className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-sand-100 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
            {(displayName || "?").slice(0, 1).toUpperCase()}
          </span>
          <div>
            <p className="text-lg font-bold text-slate-900 dark:text-white" dir="auto" data-testid="profile-name">
              {displayName}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300" dir="ltr" data-testid="profile-email">
              {email}
            </p>
          </div>
        </div>
        {isAdmin && (
          <button type="button" onClick={() => setSheet({ id: null, initial: EMPTY_FORM })} className="rounded-lg bg-accent-500 px-5 py-2.5 font-bold text-slate-950 hover:bg-accent-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            {he.newProduct}
          </button>
        )}
      </header>

      {!isAdmin && (
        <p role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="admins-only">
          {he.adminsOnly}
        </p>
      )}

      <div className="mt-6 flex items-baseline justify-between">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{he.title}</h1>
        {!skeleton && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="product-count">
            {shown.length === products.length ? he.productCount(products.length) : he.shownCount(shown.length, products.length)}
          </p>
        )}
      </div>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor={`${ids}-q`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            {he.search}
          </label>
          <input
            id={`${ids}-q`}
            type="search"
            dir="auto"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={he.searchPlaceholder}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-sort`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            {he.sort}
          </label>
          <select
            id={`${ids}-sort`}
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 sm:w-56 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]"
          >
            {(Object.keys(SORTS) as Sort[]).map((k) => (
              <option key={k} value={k}>
                {he.sorts[k]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4">
        {skeleton ? (
          <div role="status" aria-busy="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">{he.loadingList}</span>
            {Array.from({ length: GRID_SKELETON_CARDS }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
        ) : failed ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p className="font-semibold">{he.loadFailed}</p>
            <button type="button" onClick={refresh} className="mt-3 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white">
              {he.retry}
            </button>
          </div>
        ) : products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">{he.empty}</p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700" data-testid="no-match">
            {he.noMatch}
          </p>
        ) : (
          // Phones get compact rows (the whole picture, uncropped, beside the text); wider screens the card grid.
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3" data-testid="editor-grid">
            {shown.map((p) => (
              <li key={p.id} data-testid="editor-card" className="flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:block dark:border-slate-800 dark:bg-slate-900">
                <div className="m-2 size-24 shrink-0 self-start overflow-hidden rounded-xl bg-slate-100 sm:m-0 sm:aspect-[4/3] sm:size-auto sm:rounded-none dark:bg-slate-800">
                  {p.image && <img src={p.image} alt="" width={800} height={600} loading="lazy" className="size-full object-contain sm:object-cover" data-testid="editor-card-image" />}
                </div>
                <div className="min-w-0 flex-1 p-3 sm:p-4">
                  <h2 className="font-semibold text-slate-900 dark:text-white" dir="auto" data-testid="editor-card-name">
                    {p.name}
                  </h2>
                  <p className="mt-1 font-bold text-brand-600 dark:text-brand-100">
                    {p.price ? (
                      <bdi dir="ltr" data-testid="editor-card-price">
                        {p.price}
                      </bdi>
                    ) : (
                      he.noPrice
                    )}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
                    {isAdmin && (
                      <button type="button" onClick={() => void openEdit(p)} aria-label={`${he.edit}: ${p.name}`} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 sm:px-4 sm:py-2">
                        {he.edit}
                      </button>
                    )}
                    <a href={`/products/${encodeURIComponent(p.id)}`} className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-600 underline sm:px-3 sm:py-2 underline-offset-2 dark:text-brand-100">
                      {he.viewInShop}
                    </a>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {sheet && (
        <ProductSheet
          key={sheet.id ?? "new"}
          editingId={sheet.id}
          editingName={sheet.name}
          initial={sheet.initial}
          onSave={(f) => void save(f)}
          onDelete={sheet.id ? () => void remove(sheet.id!) : undefined}
          onClose={() => setSheet(null)}
        />
      )}
    </div>
  );
}
