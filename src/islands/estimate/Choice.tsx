/** A question answered by one choice: a fieldset of radio buttons drawn as large tap targets. */
export interface Option {
  id: string;
  label: string;
  note?: string;
}

interface Props {
  legend: string;
  /** The radio group's name (the no-JavaScript form posts it). */
  name: string;
  /** The fieldset's id (a problem's message points here). */
  id: string;
  options: Option[];
  value: string;
  onChange(value: string): void;
  /** Columns from the small breakpoint up. */
  columns?: 1 | 2 | 3 | 4;
  error?: string;
  /** A step's own question ("1. What's the project?"), as large as the other steps' headings. */
  step?: boolean;
}

const COLS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" };

export function Choice({ legend, name, id, options, value, onChange, columns = 2, error, step }: Props) {
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={step ? "mb-4 text-lg font-bold text-slate-900 dark:text-white" : "field-label"}>{legend}</legend>
      <div className={`grid gap-2 ${COLS[columns]}`}>
        {options.map((o) => (
          // .est-choice is drawn by the page's stylesheet (src/pages/estimate.astro): written once, not per option in the HTML.
          <label key={o.id} className="est-choice">
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
            <span>
              <b>{o.label}</b>
              {o.note && <small>{o.note}</small>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
