/**
 * Pictures chosen in the Site section: each is downscaled in the browser (src/lib/image-downscale.ts)
 * and uploaded, one at a time (a phone holds one big photo in memory, not twelve). Until the server
 * answers, the field holds "pending:<n>"; the upload's state is kept here, outside the form, so it
 * survives moving the item, closing it or switching sections. When the upload answers,
 * `onUploaded(pending, url)` puts the address in place of the pending value.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { SITE_PICTURE_JPEG_QUALITY, SITE_PICTURE_MAX_BYTES, SITE_PICTURE_MAX_SIDE } from "../../../lib/contracts/site.ts";
import { PENDING } from "./spec.ts";
import { uploadPicture } from "./site-api.ts";
import { t } from "./strings.ts";

export interface Upload {
  name: string;
  status: "preparing" | "uploading" | "failed";
  /** 0..1 while uploading. */
  progress: number;
  /** The downscaled picture's object URL, the thumbnail until the upload answers. */
  preview?: string;
  error?: string;
  /** The picture chosen, and once prepared the picture to send: kept for "Try again". */
  file: File;
  blob?: Blob;
}

const loadDownscaler = () => import("../../../lib/image-downscale.ts");

let seq = 0;

export function useUploads(onUploaded: (pending: string, url: string) => void, announce: (text: string) => void) {
  const [uploads, setUploads] = useState<Record<string, Upload>>({});
  const current = useRef(uploads);
  current.current = uploads;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const done = useRef(onUploaded);
  done.current = onUploaded;

  useEffect(() => () => Object.values(current.current).forEach((u) => u.preview && URL.revokeObjectURL(u.preview)), []);

  const update = useCallback((key: string, patch: Partial<Upload>) => setUploads((all) => (all[key] ? { ...all, [key]: { ...all[key], ...patch } } : all)), []);

  const run = useCallback(async (key: string) => {
    const u = current.current[key];
    if (!u) return;
    let blob = u.blob;
    try {
      if (!blob) {
        update(key, { status: "preparing", error: undefined });
        const lib = await loadDownscaler().catch(() => null);
        if (!lib) throw new Error(t.picture.network);
        try {
          blob = await lib.prepareLeadPhoto(u.file, { maxSide: SITE_PICTURE_MAX_SIDE, quality: SITE_PICTURE_JPEG_QUALITY / 100, maxBytes: SITE_PICTURE_MAX_BYTES });
        } catch (e) {
          const tooLarge = /too large|larger than/i.test(String((e as Error)?.message));
          throw new Error(tooLarge ? t.picture.tooLarge(u.name) : t.picture.notPicture(u.name), { cause: e });
        }
        update(key, { blob, preview: URL.createObjectURL(blob) });
      }
      update(key, { status: "uploading", progress: 0, error: undefined });
      const url = await uploadPicture(blob, (progress) => update(key, { progress }));
      done.current(PENDING + key, url);
      announce(t.picture.uploaded);
      setUploads((all) => {
        const { [key]: gone, ...rest } = all;
        // The stored picture replaces the thumbnail; give the browser a moment to draw it first.
        if (gone?.preview) setTimeout(() => URL.revokeObjectURL(gone.preview!), 30_000);
        return rest;
      });
    } catch (e) {
      const error =
        e instanceof ApiError ? (e.httpStatus === 0 ? t.picture.network : e.httpStatus === 413 ? t.picture.tooLarge(u.name) : `${t.picture.server} (${e.httpStatus})`) : (e as Error).message || t.picture.failed;
      update(key, { status: "failed", error });
      announce(`${t.picture.failed}: ${error}`);
    }
  }, [announce, update]);

  const enqueue = useCallback((key: string) => {
    queue.current = queue.current.then(() => run(key));
  }, [run]);

  /** Starts uploading `files` and answers their pending values, to put in the form at once. */
  const pick = useCallback(
    (files: File[]): string[] => {
      const keys = files.map(() => `u${++seq}`);
      const added = Object.fromEntries(files.map((file, i) => [keys[i], { name: file.name || "photo", status: "preparing", progress: 0, file } satisfies Upload]));
      // `run` reads the ref: it must hold them before React renders the state.
      current.current = { ...current.current, ...added };
      setUploads((all) => ({ ...all, ...added }));
      keys.forEach(enqueue);
      return keys.map((k) => PENDING + k);
    },
    [enqueue],
  );

  const retry = useCallback((pending: string) => enqueue(pending.slice(PENDING.length)), [enqueue]);

  const busy = Object.values(uploads).some((u) => u.status !== "failed");
  return { uploads, pick, retry, busy };
}

export type Uploads = ReturnType<typeof useUploads>;
