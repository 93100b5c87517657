import { useRef, useState } from "react";
import { useEditor } from "./editor-context.ts";
import { ArrowDown, ArrowUp, FieldError, Hint, Trash, iconButton, labelClass, smallButton } from "./field-parts.tsx";
import { PictureInput, PictureThumb, UploadStatus } from "./PictureField.tsx";
import TextField from "./TextField.tsx";
import { PROJECT_MAX_PHOTOS as MAX_PROJECT_PHOTOS, fieldId, join } from "./spec.ts";
import { t } from "./strings.ts";

interface Photo {
  image: string;
  alt: string;
}
type Project = { image?: string; alt?: string; photos?: Photo[]; es?: Record<string, string> } & Record<string, unknown>;

/** Where a photo's alt text is inside the project: the cover's, then each photo's. */
const altKey = (k: number) => (k === 0 ? "alt" : `photos.${k - 1}.alt`);

interface Props {
  parent: unknown;
  parentPath: string;
  onParent(v: unknown): void;
}

/**
 * A gallery project's pictures as one ordered list: the first is the cover (`image`, `alt`), the
 * rest are `photos`. Pictures come from the phone's camera or gallery, several at a time; each needs
 * its alt text. A project without pictures has neither cover nor photos.
 */
export default function ProjectPhotos({ parent, parentPath, onParent }: Props) {
  const { uploads, errorAt, announce } = useEditor();
  const file = useRef<HTMLInputElement>(null);
  const block = useRef<HTMLDivElement>(null);
  const [dropped, setDropped] = useState("");
  const p = parent as Project;
  const all: Photo[] = p.image ? [{ image: p.image, alt: p.alt ?? "" }, ...(p.photos ?? [])] : [];
  const left = MAX_PROJECT_PHOTOS - all.length;
  const pathOf = (k: number, what: "image" | "alt") => (k === 0 ? join(parentPath, what) : join(parentPath, `photos.${k - 1}.${what}`));
  const blockPath = all.length ? join(parentPath, "photos") : join(parentPath, "image");
  const blockError = errorAt(join(parentPath, "photos")) ?? (all.length ? undefined : errorAt(join(parentPath, "image")));
  const id = fieldId(blockPath);

  /** The new list of pictures; `moved` says where each old one went (its Spanish alt text goes with it, issue 37). */
  const setAll = (next: Photo[], moved?: (from: number) => number | null) => {
    let es = p.es;
    if (moved && es) {
      const alts = new Set(all.map((_, k) => altKey(k)));
      const kept = Object.fromEntries(Object.entries(es).filter(([key]) => !alts.has(key)));
      for (let k = 0; k < all.length; k++) {
        const at = moved(k);
        if (at !== null && es[altKey(k)]) kept[altKey(at)] = es[altKey(k)];
      }
      es = kept;
    }
    onParent({ ...p, image: next[0]?.image ?? "", alt: next[0]?.alt ?? "", photos: next.slice(1), ...(es && { es }) });
  };
  const tile = (k: number) => block.current?.querySelector<HTMLElement>(`[data-photo="${k}"]`);
  const afterRender = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

  const add = (files: File[]) => {
    const taken = files.slice(0, Math.max(0, left));
    setDropped(files.length > taken.length ? t.picture.full(MAX_PROJECT_PHOTOS) : "");
    if (!taken.length) return;
    setAll([...all, ...uploads.pick(taken).map((image) => ({ image, alt: "" }))]);
  };

  const move = (k: number, dir: -1 | 1) => {
    const j = k + dir;
    const next = [...all];
    [next[k], next[j]] = [next[j], next[k]];
    setAll(next, (from) => (from === k ? j : from === j ? k : from));
    announce(t.picture.movedTo(j + 1, all.length));
    afterRender(() => {
      const el = tile(j);
      (el?.querySelector<HTMLElement>(`[data-move="${dir}"]:not(:disabled)`) ?? el?.querySelector<HTMLElement>("[data-move]:not(:disabled)"))?.focus();
    });
  };

  const remove = (k: number) => {
    setAll(
      all.filter((_, i) => i !== k),
      (from) => (from === k ? null : from > k ? from - 1 : from),
    );
    announce(t.list.removed(t.picture.photo(k + 1, all.length)));
    afterRender(() => (tile(Math.min(k, all.length - 2))?.querySelector<HTMLElement>("input") ?? block.current?.querySelector<HTMLElement>("[data-add]"))?.focus());
  };

  return (
    <div ref={block} className="space-y-3 sm:col-span-2" data-field={blockPath} data-label={t.picture.addPhotos} data-testid="project-photos">
      <p className={labelClass}>
        {t.projectPhotos} <span className="font-normal text-slate-600 dark:text-slate-400" dir="ltr">
          ({all.length} / {MAX_PROJECT_PHOTOS})
        </span>
      </p>
      <Hint id={`${id}-hint`}>{t.picture.coverHint}</Hint>
      {blockError && <FieldError id={`${id}-error`} text={blockError} />}
      <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {all.map((photo, k) => {
          const imagePath = pathOf(k, "image");
          const imageError = errorAt(imagePath);
          const name = t.picture.photo(k + 1, all.length);
          return (
            <li key={k} className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900" data-photo={k} data-field={imagePath} data-label={name} data-testid="photo-tile">
              <div className="relative">
                <PictureThumb value={photo.image} className="aspect-[4/3] w-full" />
                {k === 0 && (
                  <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white shadow dark:bg-brand-500">
                    {t.picture.cover}
                  </span>
                )}
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <p className="text-sm font-semibold text-slate-800 dark:text-slate-100">{name}</p>
                <div className="ms-auto flex gap-1.5">
                  <button type="button" className={iconButton} onClick={() => move(k, -1)} disabled={k === 0} aria-label={t.picture.earlier(k + 1)} title={t.picture.earlier(k + 1)} data-move="-1">
                    <ArrowUp />
                  </button>
                  <button type="button" className={iconButton} onClick={() => move(k, 1)} disabled={k === all.length - 1} aria-label={t.picture.later(k + 1)} title={t.picture.later(k + 1)} data-move="1">
                    <ArrowDown />
                  </button>
                  <button type="button" className={iconButton} onClick={() => remove(k)} aria-label={t.picture.remove(k + 1)} title={t.picture.remove(k + 1)} data-testid="photo-remove">
                    <Trash />
                  </button>
                </div>
              </div>
              <div className="mt-1 space-y-1">
                <UploadStatus value={photo.image} id={`${fieldId(imagePath)}-status`} />
                {imageError && <FieldError id={`${fieldId(imagePath)}-error`} text={imageError} />}
              </div>
              <div className="mt-2">
                <TextField
                  spec={{ kind: "text", key: "alt", label: t.picture.alt, hint: k === 0 ? t.picture.altHint : undefined }}
                  srLabel={`: ${name}`}
                  value={photo.alt}
                  path={pathOf(k, "alt")}
                  onChange={(v) => setAll(all.map((x, i) => (i === k ? { ...x, alt: String(v ?? "") } : x)))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={smallButton} onClick={() => file.current?.click()} disabled={left <= 0} aria-describedby={`${id}-add-hint`} data-add="" data-testid="photos-add">
          <span aria-hidden="true">+</span>
          {t.picture.addPhotos}
        </button>
        <span id={`${id}-add-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {left > 0 ? t.picture.addPhotosHint(left) : t.picture.full(MAX_PROJECT_PHOTOS)}
        </span>
        <PictureInput inputRef={file} multiple onFiles={add} testId="photos-input" />
      </div>
      {dropped && (
        <p role="status" className="text-sm font-semibold text-amber-800 dark:text-amber-300">
          {dropped}
        </p>
      )}
    </div>
  );
}
