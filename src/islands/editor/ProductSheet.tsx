import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ImageDropzone } from "./ImageDropzone.tsx";
import { he } from "./strings.ts";
import { PRODUCT_CATEGORIES, type ProductCategory } from "../../lib/contracts/product.ts";

export interface ProductForm {
  name: string;
  price: string;
  color: string;
  /** The catalogue's category (issue 39: the catalogue filters by it), or "" for none yet. */
  category: ProductCategory | "";
  quantity: number;
  description: string;
  image: string | null;
  hoverImage: string | null;
  /** The Spanish name, description and color (issue 37); an empty one shows in English on the Spanish pages. */
  es: { name?: string; description?: string; color?: string };
}

export const EMPTY_FORM: ProductForm = { name: "", price: "", color: "", category: "", quantity: 1, description: "", image: null, hoverImage: null, es: {} };

interface Props {
  /** null: create mode; an id: edit mode (spec §4 product form states). */
  editingId: string | null;
  /** The product's name as stored, shown under the title while editing. */
  editingName?: string;
  initial: ProductForm;
  onSave(form: ProductForm): void;
  /** Deletes the product being edited (asked for, then confirmed, at the sheet's end). */
  onDelete?(): void;
  onClose(): void;
}

const field =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
const labelText = "block text-sm font-medium text-slate-700 dark:text-slate-300";

/** The asterisk after a required field's label, read out as the word. */
function Required() {
  return (
    <>
      <span aria-hidden="true" className="ms-0.5 text-red-600 dark:text-red-400">
        *
      </span>
      <span className="sr-only"> ({he.required})</span>
    </>
  );
}

/**
 * The create/edit form: a bottom sheet on phones (spec §2), a side panel on wide screens. A modal
 * dialog that closes on backdrop click and Escape, keeps keyboard focus inside, and gives focus
 * back to what opened it. Every field that holds product text takes the direction of what is
 * typed (dir="auto"), so English names and descriptions read as typed on the Hebrew screen.
 */
export function ProductSheet({ editingId, editingName, initial, onSave, onDelete, onClose }: Props) {
  const [form, setForm] = useState<ProductForm>(initial);
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const set = <K extends keyof ProductForm>(k: K, v: ProductForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setEs = (k: keyof ProductForm["es"], v: string) => setForm((f) => ({ ...f, es: { ...f.es, [k]: v } }));

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    sheet.current?.querySelector<HTMLElement>("input")?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== "Tab" || !sheet.current) return;
    const focusable = [...sheet.current.querySelectorAll<HTMLElement>("input, textarea, button, select, a[href]")].filter((el) => !el.hasAttribute("disabled"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(form);
  };

  return (
    <div className="fixed inset-0 z-[52] flex items-end justify-center lg:items-stretch lg:justify-end" onKeyDown={onKeyDown}>
      <div data-testid="sheet-backdrop" className="absolute inset-0 bg-slate-900/50 backdrop-blur-[1px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="product-sheet"
        className="relative max-h-[92dvh] w-full max-w-3xl overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl sm:p-8 lg:h-dvh lg:max-h-none lg:max-w-2xl lg:rounded-none lg:rounded-s-3xl dark:bg-slate-900"
      >
        <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-slate-300 lg:hidden dark:bg-slate-600" aria-hidden="true" data-testid="drag-handle" />
        <div className="flex items-center justify-between">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
              {editingId ? he.editProductTitle : he.newProductTitle}
            </h2>
            {editingId && editingName && (
              <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400" dir="auto" data-testid="sheet-product-name">
                {editingName}
              </p>
            )}
          </div>
          <button type="button" onClick={onClose} aria-label={he.close} className="rounded-lg p-2 text-2xl leading-none text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
            ×
          </button>
        </div>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <span aria-hidden="true" className="text-red-600 dark:text-red-400">
            *
          </span>{" "}
          {he.requiredNote}
        </p>
        <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
          <p id={`${titleId}-es`} className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
            {he.spanishHint}
          </p>
          <label>
            <span className={labelText}>
              {he.name}
              <Required />
            </span>
            <input className={field} dir="auto" lang="en" value={form.name} maxLength={120} required aria-required="true" onChange={(e) => set("name", e.target.value)} />
          </label>
          <label>
            <span className={labelText}>
              {he.inSpanish} {he.name}
            </span>
            <input className={field} dir="auto" lang="es" value={form.es.name ?? ""} maxLength={120} aria-describedby={`${titleId}-es`} onChange={(e) => setEs("name", e.target.value)} data-testid="name-es" />
          </label>
          <label>
            <span className={labelText}>
              {he.description}
            </span>
            <textarea className={`${field} min-h-24`} dir="auto" lang="en" value={form.description} maxLength={4000} onChange={(e) => set("description", e.target.value)} />
          </label>
          <label>
            <span className={labelText}>
              {he.inSpanish} {he.description}
            </span>
            <textarea className={`${field} min-h-24`} dir="auto" lang="es" value={form.es.description ?? ""} maxLength={4000} aria-describedby={`${titleId}-es`} onChange={(e) => setEs("description", e.target.value)} data-testid="description-es" />
          </label>
          <label>
            <span className={labelText}>{he.category}</span>
            <select className={field} value={form.category} onChange={(e) => set("category", e.target.value as ProductCategory | "")} data-testid="category">
              <option value="">{he.noCategory}</option>
              {PRODUCT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {he.categories[c]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className={labelText}>
              {he.color}
            </span>
            <input className={field} dir="auto" lang="en" value={form.color} maxLength={40} onChange={(e) => set("color", e.target.value)} />
          </label>
          <label>
            <span className={labelText}>
              {he.inSpanish} {he.color}
            </span>
            <input className={field} dir="auto" lang="es" value={form.es.color ?? ""} maxLength={40} aria-describedby={`${titleId}-es`} onChange={(e) => setEs("color", e.target.value)} data-testid="color-es" />
          </label>
          <label>
            <span className={labelText}>{he.price}</span>
            <input className={field} dir="ltr" inputMode="decimal" value={form.price} maxLength={60} onChange={(e) => set("price", e.target.value)} aria-describedby={`${titleId}-price`} />
            <span id={`${titleId}-price`} className="mt-1 block text-xs text-slate-500 dark:text-slate-400" data-testid="price-hint">
              {he.priceHint.before} <bdi dir="ltr">{he.priceHint.single}</bdi>
              {he.priceHint.or}
              <bdi dir="ltr" className="whitespace-nowrap" data-testid="price-hint-range">
                {he.priceHint.range}
              </bdi>
              {he.priceHint.after}
            </span>
          </label>
          <label>
            <span className={labelText}>{he.quantity}</span>
            <input className={field} type="number" min={0} max={100000} step={1} value={form.quantity} onChange={(e) => set("quantity", e.target.value === "" ? 0 : Math.max(0, Math.floor(Number(e.target.value))))} />
          </label>
          <ImageDropzone label={he.image} value={form.image} onChange={(v) => set("image", v)} testId="dropzone-image" />
          <ImageDropzone label={he.hoverImage} value={form.hoverImage} onChange={(v) => set("hoverImage", v)} testId="dropzone-hover" />
          <div className="flex gap-3 pt-2 sm:col-span-2">
            <button type="submit" className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
              {he.save}
            </button>
            <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-6 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
              {he.cancel}
            </button>
          </div>
        </form>
        {onDelete && (
          <section aria-labelledby={`${titleId}-delete`} className="mt-8 rounded-xl border border-red-200 p-4 dark:border-red-900" data-testid="delete-zone">
            <h3 id={`${titleId}-delete`} className="font-semibold text-red-800 dark:text-red-200">
              {he.deleteZone}
            </h3>
            {!asking ? (
              <>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{he.deleteZoneHint}</p>
                <button type="button" onClick={() => setAsking(true)} className="mt-3 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950">
                  {he.remove}
                </button>
              </>
            ) : (
              <div role="alertdialog" aria-labelledby={`${titleId}-ask`} className="mt-2" data-testid="delete-confirm">
                <p id={`${titleId}-ask`} className="text-sm font-semibold text-slate-900 dark:text-white">
                  {he.deleteAsk[0]} ״<bdi dir="auto">{editingName || form.name}</bdi>״ {he.deleteAsk[1]}
                </p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <button ref={keep} type="button" onClick={() => setAsking(false)} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
                    {he.deleteNo}
                  </button>
                  <button type="button" onClick={onDelete} className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700">
                    {he.deleteYes}
                  </button>
                </div>
              </div>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
