/**
 * The message under a field the server (or the form) refused, with its icon; the field points at it
 * with aria-describedby. One look for the visitors' forms and the back office.
 */
export function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="field-error">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6m0 4h.01" />
      </svg>
      <span>{text}</span>
    </p>
  );
}
