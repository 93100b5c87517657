import { useEditor } from "./editor-context.ts";
import { FieldError, Hint, input, labelClass } from "./field-parts.tsx";
import HoursField from "./HoursField.tsx";
import ListEditor from "./ListEditor.tsx";
import PictureField from "./PictureField.tsx";
import ProjectPhotos from "./ProjectPhotos.tsx";
import TextField from "./TextField.tsx";
import { fieldId, join, read, write, type CheckSpec, type SelectSpec, type Spec } from "./spec.ts";
import { t } from "./strings.ts";
import { TranslatedEntry } from "./spanish.tsx";

interface FieldsProps {
  specs: Spec[];
  /** The object the fields edit. */
  value: unknown;
  path: string;
  onChange(value: unknown): void;
}

/** The fields of one object, two columns on a wide screen and one on a phone. */
export function Fields({ specs, value, path, onChange }: FieldsProps) {
  return (
    <>
      {specs.map((spec) => (
        <FieldEditor key={spec.key || spec.label} spec={spec} parent={value} parentPath={path} onParent={onChange} />
      ))}
    </>
  );
}

interface Props {
  spec: Spec;
  parent: unknown;
  parentPath: string;
  onParent(value: unknown): void;
  /** A label that differs from the spec's (an item of a list of strings). */
  label?: string;
}

/** Draws one field of the document as its spec says; the one editor of every section. */
export default function FieldEditor({ spec, parent, parentPath, onParent, label }: Props) {
  const value = read(parent, spec.key);
  const path = join(parentPath, spec.key);
  const set = (v: unknown, drop = false) => onParent(write(parent, spec.key, v, drop));

  switch (spec.kind) {
    case "text":
    case "number":
      return <TextField spec={spec} value={value} path={path} onChange={set} label={label} />;
    case "select":
      return <SelectField spec={spec} value={value} path={path} onChange={set} />;
    case "check":
      return <CheckField spec={spec} value={value} path={path} onChange={set} />;
    case "picture":
      return <PictureField spec={spec} parent={parent} parentPath={parentPath} onParent={onParent} />;
    case "photos":
      return <ProjectPhotos parent={parent} parentPath={parentPath} onParent={onParent} />;
    case "hours":
      return <HoursField spec={spec} value={value} path={path} onChange={set} />;
    case "group":
      return <Group spec={spec} value={value} path={path} onChange={set} />;
    case "list":
      return (
        <ListEditor
          spec={spec}
          value={value as unknown[]}
          path={path}
          onChange={set}
          renderItem={(item, i, itemPath, setItem) =>
            Array.isArray(spec.item) ? (
              spec.translate ? (
                <TranslatedEntry root={itemPath} kind={spec.translate} value={item} onChange={setItem}>
                  {(change) => <Fields specs={spec.item as Spec[]} value={item} path={itemPath} onChange={change} />}
                </TranslatedEntry>
              ) : (
                <Fields specs={spec.item} value={item} path={itemPath} onChange={setItem} />
              )
            ) : (
              <FieldEditor spec={spec.item} parent={item} parentPath={itemPath} onParent={setItem} label={`${spec.item.label} ${i + 1}`} />
            )
          }
        />
      );
  }
}

function Group({ spec, value, path, onChange }: { spec: Extract<Spec, { kind: "group" }>; value: unknown; path: string; onChange(v: unknown): void }) {
  const { errorAt } = useEditor();
  const error = errorAt(path);
  return (
    <fieldset className="min-w-0 sm:col-span-2" data-field={path} data-label={spec.label}>
      <legend className="mb-2 text-base font-bold text-slate-900 dark:text-white">{spec.label}</legend>
      {error && <FieldError id={`${fieldId(path)}-error`} text={error} />}
      {spec.hint !== undefined && <Hint id={`${fieldId(path)}-hint`}>{spec.hint}</Hint>}
      <div className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 sm:p-4 dark:border-slate-700">
        <Fields specs={spec.fields} value={value} path={path} onChange={onChange} />
      </div>
    </fieldset>
  );
}

function SelectField({ spec, value, path, onChange }: { spec: SelectSpec; value: unknown; path: string; onChange(v: unknown): void }) {
  const { errorAt, services } = useEditor();
  const id = fieldId(path);
  const error = errorAt(path);
  const options = spec.options === "services" ? services : spec.options;
  const numeric = options.some((o) => typeof o.value === "number");
  const known = options.some((o) => String(o.value) === String(value ?? ""));
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {spec.label}
      </label>
      <select
        id={id}
        dir="ltr"
        lang="en"
        className={input}
        value={String(value ?? "")}
        onChange={(e) => onChange(numeric ? Number(e.target.value) : e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : spec.hint !== undefined ? `${id}-hint` : undefined}
        data-field={path}
        data-label={spec.label}
      >
        {!known && (
          <option value={String(value ?? "")} dir="rtl" lang="he">
            {String(value ?? "") || t.choose}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`} text={error} />}
      {spec.hint !== undefined && <Hint id={`${id}-hint`}>{spec.hint}</Hint>}
    </div>
  );
}

function CheckField({ spec, value, path, onChange }: { spec: CheckSpec; value: unknown; path: string; onChange(v: unknown): void }) {
  const { errorAt } = useEditor();
  const id = fieldId(path);
  const error = errorAt(path);
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-6 shrink-0 accent-brand-600"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={spec.hint !== undefined ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        data-field={path}
        data-label={spec.label}
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
          {spec.label}
        </label>
        {spec.hint !== undefined && <Hint id={`${id}-hint`}>{spec.hint}</Hint>}
        {error && <FieldError id={`${id}-error`} text={error} />}
      </div>
    </div>
  );
}
