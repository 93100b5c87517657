import { useEditor } from "./editor-context.ts";
import { FieldError, Hint, describedBy, input, labelClass } from "./field-parts.tsx";
import { fieldId, type NumberSpec, type TextSpec } from "./spec.ts";
import { t } from "./strings.ts";
import { useSpanish } from "./spanish.tsx";

interface Props {
  spec: TextSpec | NumberSpec;
  value: unknown;
  path: string;
  /** The new value; `drop` leaves an optional property out. */
  onChange(value: unknown, drop?: boolean): void;
  /** A label that differs from the spec's (an item of a list: "Area 3"). */
  label?: string;
  /** Said after the label to a screen reader only (which photo an alt text is for). */
  srLabel?: string;
}

/**
 * One English text or number: labelled in Hebrew, typed left to right, with its hint, its length
 * against the schema's limits and, when the server refused it, the reason. A text the site also
 * shows in Spanish (issue 37) has its Spanish beside it, with the same limits.
 */
export default function TextField(props: Props) {
  const spanish = useSpanish(props.path);
  if (!spanish || props.spec.kind !== "text") return <OneField {...props} />;
  const { spec, label = spec.label, srLabel } = props;
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 p-3 sm:col-span-2 lg:grid-cols-2 dark:border-slate-700" data-testid="bilingual-field">
      <OneField {...props} wide />
      <OneField
        spec={{ ...spec, optional: false, hint: t.spanish.hint }}
        value={spanish.value}
        path={spanish.path}
        onChange={(v) => spanish.set(String(v ?? ""))}
        label={`${t.spanish.in} ${label}`}
        srLabel={srLabel}
        lang="es"
        wide
      />
    </div>
  );
}

function OneField({ spec, value, path, onChange, label = spec.label, srLabel, lang = "en", wide = false }: Props & { lang?: "en" | "es"; wide?: boolean }) {
  const { errorAt } = useEditor();
  const id = fieldId(path);
  const error = errorAt(path);
  const text = value === undefined || value === null ? "" : String(value);
  const isText = spec.kind === "text";
  const counted = isText && (spec.max !== undefined || spec.min !== undefined);
  const ids = describedBy(error && `${id}-error`, spec.hint !== undefined && `${id}-hint`, counted && `${id}-count`);
  // Words are English; a date, a time or a number is not in any language (the phone's own format).
  const words = isText && (!spec.input || ["text", "email", "url"].includes(spec.input));
  const common = {
    id,
    dir: "ltr" as const,
    lang: words ? lang : undefined,
    value: text,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids,
    "data-field": path,
    "data-label": label,
    className: input,
  };

  const change = (v: string) => {
    if (!isText) return onChange(v.trim() === "" ? "" : Number(v));
    if (spec.optional && v === "") return onChange(undefined, true);
    onChange(v);
  };

  return (
    <div className={isText && spec.rows && !wide ? "sm:col-span-2" : ""}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {srLabel && <span className="sr-only">{srLabel}</span>}
        {isText && spec.optional && <span className="font-normal text-slate-600 dark:text-slate-400"> {t.optional}</span>}
      </label>
      {isText && spec.rows ? (
        <textarea {...common} rows={spec.rows} onChange={(e) => change(e.target.value)} className={`${input} resize-y [field-sizing:content] max-h-[60vh]`} />
      ) : isText ? (
        <input {...common} type={spec.input ?? "text"} onChange={(e) => change(e.target.value)} />
      ) : (
        <input {...common} type="number" inputMode="decimal" step={spec.step ?? 1} min={spec.min} max={spec.max} onChange={(e) => change(e.target.value)} />
      )}
      {error && <FieldError id={`${id}-error`} text={error} />}
      {spec.hint !== undefined && <Hint id={`${id}-hint`}>{spec.hint}</Hint>}
      {counted && (
        <p
          id={`${id}-count`}
          className={`mt-1 text-xs tabular-nums ${(spec.max && text.length > spec.max) || (spec.min && text.length < spec.min) ? "font-semibold text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-400"}`}
          data-testid={lang === "es" ? "char-count-es" : "char-count"}
        >
          <span dir="ltr">{spec.max ? `${text.length} / ${spec.max}` : text.length}</span> {t.chars}
          {spec.min && text.length < spec.min ? ` ${t.atLeast(spec.min)}` : ""}
        </p>
      )}
    </div>
  );
}
