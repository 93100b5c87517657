import { useRef, type RefObject } from "react";
import { useEditor } from "./editor-context.ts";
import { FieldError, describedBy, labelClass, smallButton } from "./field-parts.tsx";
import TextField from "./TextField.tsx";
import { PENDING, fieldId, isPending, join, read, write, type PictureSpec } from "./spec.ts";
import { t } from "./strings.ts";

/** A picture as the office sees it: the stored one, the one being uploaded, or none. */
export function PictureThumb({ value, className = "size-24" }: { value: unknown; className?: string }) {
  const { uploads } = useEditor();
  const src = typeof value !== "string" ? null : isPending(value) ? uploads.uploads[value.slice(PENDING.length)]?.preview : value.startsWith("/api/images/") ? value : null;
  return (
    <div className={`${className} shrink-0 overflow-hidden rounded-lg border border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800`}>
      {src ? (
        <img src={src} alt="" className="size-full object-cover" data-testid="picture-thumb" />
      ) : (
        <span className="flex size-full items-center justify-center p-1 text-center text-xs text-slate-600 dark:text-slate-400">
          {typeof value === "string" && value && !isPending(value) ? t.picture.seed : t.picture.none}
        </span>
      )}
    </div>
  );
}

/** Preparing, uploading (with its progress) or failed with "Try again"; nothing once stored. */
export function UploadStatus({ value, id }: { value: unknown; id: string }) {
  const { uploads } = useEditor();
  if (!isPending(value)) return null;
  const u = uploads.uploads[value.slice(PENDING.length)];
  if (!u) return null;
  if (u.status === "failed")
    return (
      <div id={id} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="upload-failed">
        <span>
          {t.picture.failed}: {u.error}
        </span>
        <button type="button" className={smallButton} onClick={() => uploads.retry(value)} data-testid="upload-retry">
          <span aria-hidden="true">↻</span>
          {t.picture.retry}
        </button>
      </div>
    );
  const pct = Math.round(u.progress * 100);
  return (
    <div id={id} className="space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="upload-progress" data-status={u.status}>
      <span>{u.status === "preparing" ? t.picture.preparing : t.picture.uploading(pct)}</span>
      <div role="progressbar" aria-label={u.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={u.status === "preparing" ? undefined : pct} className="h-1.5 w-32 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none dark:bg-brand-400" style={{ width: `${u.status === "preparing" ? 5 : pct}%` }} />
      </div>
    </div>
  );
}

/** A hidden file input for pictures from the phone's camera or gallery, opened by a button. */
export function PictureInput({ multiple, onFiles, inputRef, testId }: { multiple?: boolean; onFiles(files: File[]): void; inputRef: RefObject<HTMLInputElement | null>; testId: string }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      multiple={multiple}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = "";
        if (files.length) onFiles(files);
      }}
    />
  );
}

interface Props {
  spec: PictureSpec;
  parent: unknown;
  parentPath: string;
  onParent(v: unknown): void;
}

/** One picture (a service's, a review's profile picture) and its alt text: choose, upload, replace. */
export default function PictureField({ spec, parent, parentPath, onParent }: Props) {
  const { uploads, errorAt } = useEditor();
  const file = useRef<HTMLInputElement>(null);
  const path = join(parentPath, spec.key);
  const value = read(parent, spec.key);
  const id = fieldId(path);
  const error = errorAt(path);
  const has = typeof value === "string" && value !== "";

  return (
    <div className="flex flex-wrap gap-x-4 gap-y-3 sm:col-span-2" data-testid={`picture-${path}`}>
      <div className="flex min-w-0 flex-1 basis-64 gap-3">
        <PictureThumb value={value} />
        <div className="min-w-0 space-y-2">
          <p id={`${id}-label`} className={labelClass}>
            {spec.label}
          </p>
          <UploadStatus value={value} id={`${id}-status`} />
          <button
            type="button"
            className={smallButton}
            onClick={() => file.current?.click()}
            data-field={path}
            data-label={spec.label}
            aria-describedby={describedBy(`${id}-label`, error && `${id}-error`, isPending(value) && `${id}-status`)}
            aria-invalid={error ? true : undefined}
            data-testid="picture-choose"
          >
            {has ? t.picture.replace : t.picture.choose}
          </button>
          {spec.optional && has && (
            <button
              type="button"
              className={`${smallButton} ms-2`}
              onClick={() => {
                const without = write(parent, spec.key, undefined, true);
                onParent(spec.alt ? write(without, spec.alt, undefined, true) : without);
              }}
              data-testid="picture-remove"
            >
              {t.picture.removePicture}
            </button>
          )}
          <PictureInput inputRef={file} onFiles={(files) => onParent(write(parent, spec.key, uploads.pick(files.slice(0, 1))[0]))} testId="picture-input" />
          {error && <FieldError id={`${id}-error`} text={error} />}
        </div>
      </div>
      {spec.alt && (
        <div className="min-w-0 flex-1 basis-64">
          <TextField
            spec={{ kind: "text", key: spec.alt, label: spec.optional ? `${t.picture.alt}: ${spec.label}` : t.picture.alt, hint: t.picture.altHint, optional: spec.optional }}
            value={read(parent, spec.alt)}
            path={join(parentPath, spec.alt)}
            onChange={(v) => onParent(write(parent, spec.alt!, v))}
          />
        </div>
      )}
    </div>
  );
}
