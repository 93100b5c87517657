import { useEffect, useRef, useState } from "react";
import { fetchLeadPhotos, fetchPhotoUrl, type LeadPhoto } from "./api.ts";
import { he } from "./strings.ts";
import { Skeleton, quietButton } from "./ui.tsx";

interface Shown extends LeadPhoto {
  /** Object URL of the picture (fetched with the admin's token). */
  src?: string;
}

/**
 * A quote request's photos (issue 13) as square thumbnails; a click opens the picture at full size
 * in a dialog (Esc or the button closes it; it can also go to a new tab). Lead photos are
 * admin-only, so each is fetched with the bearer token and shown from an object URL.
 */
export default function LeadPhotos({ leadId, count, who }: { leadId: string; count: number; who: string }) {
  const [photos, setPhotos] = useState<Shown[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    const urls: string[] = [];
    (async () => {
      try {
        const list = await fetchLeadPhotos(leadId, abort.signal);
        setPhotos(list);
        for (const p of list) {
          const src = await fetchPhotoUrl(p.url, abort.signal);
          urls.push(src);
          setPhotos((l) => l?.map((x) => (x.id === p.id ? { ...x, src } : x)) ?? l);
        }
      } catch {
        if (!abort.signal.aborted) setFailed(true);
      }
    })();
    return () => {
      abort.abort();
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [leadId]);

  useEffect(() => {
    if (open === null) return;
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
  }, [open]);

  const total = photos?.length ?? count;
  const current = open !== null ? photos?.[open] : undefined;
  return (
    <div className="mt-3" data-testid="lead-photos">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {he.leads.photos} <span className="text-xs">({he.leads.photoCount(total)})</span>
      </p>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {he.leads.photosFailed}
        </p>
      ) : (
        <ul className="mt-1.5 flex flex-wrap gap-2" aria-busy={!photos || photos.some((p) => !p.src)}>
          {(photos ?? Array.from({ length: count }, () => null)).map((p, i) => (
            <li key={p?.id ?? i}>
              {p?.src ? (
                <button
                  type="button"
                  onClick={() => setOpen(i)}
                  className="block size-20 overflow-hidden rounded-lg ring-1 ring-slate-300 hover:ring-2 hover:ring-brand-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:size-24 dark:ring-slate-600"
                  aria-label={he.leads.openPhoto(i + 1, total)}
                  title={p.crmState ? he.leads.photoCrm[p.crmState] || undefined : undefined}
                  data-testid="lead-photo"
                >
                  <img src={p.src} alt={he.leads.photoAlt(i + 1, total, who)} className="size-full object-cover" />
                </button>
              ) : (
                <Skeleton className="size-20 sm:size-24" />
              )}
            </li>
          ))}
        </ul>
      )}
      {current?.src && (
        <dialog
          ref={dialog}
          onClose={() => setOpen(null)}
          onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
          aria-label={he.leads.photoAlt((open ?? 0) + 1, total, who)}
          className="m-auto max-h-[95dvh] max-w-[95vw] rounded-xl bg-white p-2 shadow-2xl backdrop:bg-slate-950/80 dark:bg-slate-900"
          data-testid="lead-photo-dialog"
        >
          <img src={current.src} alt={he.leads.photoAlt((open ?? 0) + 1, total, who)} className="max-h-[80dvh] max-w-full object-contain" />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <a href={current.src} target="_blank" rel="noopener" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
              {he.leads.newTab}
            </a>
            <button type="button" className={quietButton} onClick={() => dialog.current?.close()} autoFocus>
              {he.leads.closePhoto}
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}
