import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

interface Props {
  options: string[];
  /** What each option says, when not its value (a Spanish page shows the Spanish title, sends the English). */
  labels?: string[];
  /** The button's words before a choice. */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The 'Select a Service' dropdown (spec §2): a button opening a scrolling list (max height 15rem)
 * that closes on selection. Keyboard: arrows, Home/End, Enter/Space to choose, Escape/Tab to close,
 * first-letter type-ahead. ARIA: button + listbox with aria-activedescendant.
 */
export function ServiceSelect({ options, labels = options, placeholder = "Select a Service", value, onChange, invalid, describedBy }: Props) {
  const id = useId();
  const labelOf = (o: string) => labels[options.indexOf(o)] ?? o;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);

  const show = () => {
    setActive(Math.max(0, options.indexOf(value)));
    setOpen(true);
  };
  const choose = (i: number) => {
    onChange(options[i]);
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      show();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
      PageDown: () => Math.min(last, active + 5),
      PageUp: () => Math.max(0, active - 5),
    };
    if (moves[e.key]) {
      e.preventDefault();
      return setActive(moves[e.key]());
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      return choose(active);
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setOpen(false);
      return button.current?.focus();
    }
    if (e.key === "Tab") return setOpen(false);
    if (e.key.length === 1) {
      const from = labels.findIndex((o, i) => i > active && o.toLowerCase().startsWith(e.key.toLowerCase()));
      const hit = from >= 0 ? from : labels.findIndex((o) => o.toLowerCase().startsWith(e.key.toLowerCase()));
      if (hit >= 0) setActive(hit);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`service-label ${id}-button`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onButtonKey}
        className={`field flex items-center justify-between text-start ${value ? "" : "text-slate-500 dark:text-slate-400"}`}
      >
        <span className="truncate">{value ? labelOf(value) : placeholder}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className={`size-5 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {open && (
        <ul
          ref={list}
          id={`${id}-list`}
          role="listbox"
          tabIndex={0}
          aria-labelledby="service-label"
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
          className="absolute z-30 mt-2 max-h-60 w-full overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white py-1 shadow-2xl focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {options.map((o, i) => (
            <li
              key={o}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={o === value}
              onClick={() => choose(i)}
              onPointerMove={() => setActive(i)}
              className={`flex cursor-pointer items-center justify-between px-4 py-2.5 ${i === active ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white" : ""}`}
            >
              {labelOf(o)}
              {o === value && (
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="3">
                  <path d="M5 13l4 4L19 7" />
                </svg>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
