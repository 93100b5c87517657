/**
 * The quote form's photos (issue 13), in the look of the spec's image-upload dropzone (§2, the
 * product editor's ImageDropzone): click or drop, or take a picture with the phone's camera
 * (`accept="image/*"`); up to `max` photos, each downscaled in the browser (the downscaler is
 * loaded on first use), shown as a square thumbnail with a remove button and, while sending, its
 * progress. The parent owns the list (it sends the photos); `usePhotos` gives it the list and its
 * actions.
 */
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from "react";
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_BYTES, PHOTO_MAX_COUNT, PHOTO_MAX_SIDE } from "../../lib/contracts/lead.ts";
import { whenIdle } from "../../lib/idle.ts";
import { useLocale } from "./locale.ts";

export type PhotoStatus = "preparing" | "ready" | "uploading" | "sent" | "failed" | "waiting";

export interface Photo {
  id: string;
  name: string;
  status: PhotoStatus;
  /** The downscaled picture (once ready). */
  blob?: Blob;
  /** An object URL of `blob` for the thumbnail. */
  url?: string;
  /** 0..1 while uploading. */
  progress: number;
  /** Why it did not go through (status 'failed'), in plain words. */
  error?: string;
}

const loadDownscaler = () => import("../../lib/image-downscale.ts");

let seq = 0;

/** The photo list and what can be done with it. */
export function usePhotos(max = PHOTO_MAX_COUNT) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const { locale, t } = useLocale();
  const words = t.photos;
  const current = useRef(photos);
  current.current = photos;

  // Object URLs are freed when their photo goes, and all of them when the form goes.
  useEffect(() => () => current.current.forEach((p) => p.url && URL.revokeObjectURL(p.url)), []);

  const update = useCallback((id: string, patch: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p))), []);

  const add = useCallback(
    async (files: File[]) => {
      const said: string[] = [];
      const room = max - current.current.length;
      const taken = files.slice(0, Math.max(0, room));
      for (const f of files.slice(taken.length)) said.push(words.tooMany(max, f.name));
      const added = taken.map((f) => ({ id: `photo-${++seq}`, name: f.name || "photo", status: "preparing" as const, progress: 0 }));
      setPhotos((list) => [...list, ...added]);
      setProblems(said);
      if (!taken.length) return;
      const lib = await loadDownscaler().catch(() => null);
      for (const [i, file] of taken.entries()) {
        const { id } = added[i];
        try {
          if (!lib) throw new Error(words.notPrepared(file.name));
          const blob = await lib.prepareLeadPhoto(file, { maxSide: PHOTO_MAX_SIDE, quality: PHOTO_JPEG_QUALITY, maxBytes: PHOTO_MAX_BYTES });
          // Removed while it was being prepared: nothing to keep.
          if (!current.current.some((p) => p.id === id)) continue;
          update(id, { status: "ready", blob, url: URL.createObjectURL(blob) });
        } catch (e) {
          // The downscaler says why in English; a Spanish page says it in its own plain words.
          const why = e instanceof Error ? e.message : "";
          said.push(why && (locale === "en" || why === words.notPrepared(file.name)) ? why : words.unreadable(file.name));
          setProblems([...said]);
          setPhotos((list) => list.filter((p) => p.id !== id));
        }
      }
    },
    [max, update, words, locale],
  );

  const remove = useCallback((id: string) => {
    setPhotos((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone?.url) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.id !== id);
    });
    setProblems([]);
  }, []);

  /** Takes photos out of the list, their thumbnails' URLs still valid (the caller shows them elsewhere). */
  const detach = useCallback((ids: string[]) => setPhotos((list) => list.filter((p) => !ids.includes(p.id))), []);

  return { photos, problems, setProblems, add, remove, update, detach };
}

/** Starts loading the downscaler when the browser is idle, so a photo chosen offline can still be prepared. */
export function preloadDownscaler(): void {
  whenIdle(() => void loadDownscaler().catch(() => {}), 3000);
}


interface Props {
  photos: Photo[];
  problems: string[];
  onAdd(files: File[]): void;
  onRemove(id: string): void;
  /** While sending: no adding or removing. */
  locked?: boolean;
  max?: number;
}

export function PhotoDropzone({ photos, problems, onAdd, onRemove, locked, max = PHOTO_MAX_COUNT }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const { locale, t } = useLocale();
  const w = t.photos;
  const full = photos.length >= max;

  const take = (list: FileList | null | undefined) => {
    if (locked || !list?.length) return;
    onAdd([...list]);
    if (input.current) input.current.value = "";
  };

  // Files chosen in the native picker before the form's script arrived (the first tap opens it).
  useEffect(() => {
    if (input.current?.files?.length) take(input.current.files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };

  return (
    <div data-testid="photo-dropzone">
      <span id={`${id}-label`} className="field-label">
        {w.label} <span className="font-normal text-slate-600 dark:text-slate-400">{t.optional}</span>
      </span>
      <label
        onDragOver={(e) => {
          e.preventDefault();
          if (!locked) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        aria-disabled={locked || full || undefined}
        className={`flex min-h-32 w-full flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors focus-within:outline-3 focus-within:outline-brand-500 ${
          locked || full ? "cursor-not-allowed opacity-70" : "cursor-pointer"
        } ${over ? "border-brand-500 bg-brand-50 dark:bg-brand-900" : "border-slate-300 bg-slate-50 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"}`}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="mb-2 size-8 text-slate-500 dark:text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <span className="text-sm text-slate-700 dark:text-slate-200">
          {full ? (
            w.full(max)
          ) : (
            <>
              <span className="font-semibold text-brand-700 dark:text-brand-200">{w.click}</span>
              {w.orDrop}
            </>
          )}
        </span>
        <span id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="photo-hint">
          {w.hint(max)}
        </span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={locked || full}
          onChange={(e) => take(e.target.files)}
          data-testid="photo-input"
        />
      </label>

      {problems.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="photo-problems">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}

      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label={w.list} data-testid="photo-list">
          {photos.map((p, i) => {
            const badge = locked && p.status === "ready" ? w.status.locked : p.status === "ready" || p.status === "uploading" ? undefined : w.status[p.status];
            return (
              <li key={p.id} className="relative" data-testid="photo-item" data-status={p.status}>
                <div className="aspect-square overflow-hidden rounded-lg bg-slate-200 ring-1 ring-slate-300 dark:bg-slate-700 dark:ring-slate-600">
                  {p.url ? (
                    <img src={p.url} alt={w.photo(i + 1, p.name)} className="size-full object-cover" />
                  ) : (
                    <span className="flex size-full items-center justify-center" role="img" aria-label={w.preparingPhoto(i + 1, p.name)}>
                      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
                    </span>
                  )}
                </div>
                {p.status === "uploading" && (
                  <div
                    role="progressbar"
                    aria-label={w.sendingPhoto(i + 1)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(p.progress * 100)}
                    className="absolute inset-x-1.5 bottom-1.5 h-2 overflow-hidden rounded-full bg-white/80 dark:bg-slate-900/80"
                  >
                    <div className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${Math.round(p.progress * 100)}%` }} />
                  </div>
                )}
                {badge && (
                  <span
                    className={`absolute inset-x-1 bottom-1 truncate rounded px-1 py-0.5 text-center text-[11px] leading-tight font-semibold ${
                      p.status === "failed" ? "bg-red-700 text-white" : p.status === "sent" ? "bg-emerald-700 text-white" : "bg-slate-900/75 text-white"
                    }`}
                  >
                    {badge}
                  </span>
                )}
                {!locked && p.status !== "uploading" && p.status !== "sent" && (
                  <button
                    type="button"
                    onClick={() => onRemove(p.id)}
                    aria-label={w.remove(i + 1, p.name)}
                    className="absolute -end-2 -top-2 flex size-8 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-3 focus-visible:outline-brand-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-red-950 dark:hover:text-red-200"
                    data-testid="photo-remove"
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                      <path d="M6 6l12 12M18 6 6 18" />
                    </svg>
                  </button>
                )}
                {p.error && (
                  <p className="mt-1 text-xs text-red-700 dark:text-red-300" data-testid="photo-error">
                    {locale === "en" ? p.error : w.status.failed}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
