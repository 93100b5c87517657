import { useId, useRef, useState, type DragEvent } from "react";
import { ACCEPTED, isAcceptedImage, toJpegDataUrl } from "./downscale.ts";
import { he } from "./strings.ts";

interface Props {
  label: string;
  /** The current picture: a data URL just chosen, an /api/images URL, or null. */
  value: string | null;
  onChange(value: string | null): void;
  testId?: string;
}

/**
 * Spec §2 dropzone: click or drop a picture (.svg/.png/.jpeg/.jpg), preview it whole in a fixed
 * square, and report it to the parent, already downscaled to a JPEG data URL.
 */
export function ImageDropzone({ label, value, onChange, testId }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setError("");
    if (!isAcceptedImage(file)) return setError(he.badFile);
    setBusy(true);
    try {
      onChange(await toJpegDataUrl(file));
    } catch {
      setError(he.unreadableImage);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };

  return (
    <div>
      <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">{label}</span>
      <div className="mt-1.5 flex items-start gap-4">
        <label
          data-testid={testId}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`flex size-36 shrink-0 cursor-pointer flex-col items-center justify-center overflow-hidden rounded-xl border-2 border-dashed text-center transition-colors focus-within:outline-3 focus-within:outline-brand-500 ${
            over ? "border-brand-500 bg-brand-50 dark:bg-brand-900" : "border-slate-300 bg-slate-50 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
          }`}
        >
          {value ? (
            <img src={value} alt={label} width={144} height={144} className="size-36 object-contain" />
          ) : (
            <span className="px-2 text-xs text-slate-600 dark:text-slate-300">
              <span aria-hidden="true" className="mb-1 block text-2xl">⤒</span>
              {busy ? "…" : he.dropzone}
            </span>
          )}
          <input ref={input} type="file" accept={ACCEPTED} className="sr-only" aria-describedby={hintId} aria-label={label} onChange={(e) => void take(e.target.files?.[0])} />
        </label>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          <p id={hintId} data-testid="dropzone-hint">
            {he.dropzoneHint.types} {he.dropzoneHint.before}{" "}
            <bdi dir="ltr" className="whitespace-nowrap" data-testid="dropzone-hint-size">
              {he.dropzoneHint.size}
            </bdi>{" "}
            {he.dropzoneHint.after}
          </p>
          {value && (
            <button type="button" onClick={() => onChange(null)} className="mt-2 font-semibold text-red-700 underline underline-offset-2 dark:text-red-300">
              {he.removeImage}
            </button>
          )}
          {error && (
            <p role="alert" className="mt-2 font-semibold text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
