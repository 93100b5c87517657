import { useEffect, useRef, type ReactNode } from "react";
import { dangerButton, smallButton } from "./field-parts.tsx";

interface Props {
  /** The question as a screen reader names the group. */
  label: string;
  question: ReactNode;
  hint: string;
  yes: string;
  no: string;
  onYes(): void;
  onNo(): void;
}

/** An inline "are you sure?" (remove an item, restore a version): the focus starts on the safe answer. */
export default function Confirm({ label, question, hint, yes, no, onYes, onNo }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label={label}
      className="m-2 mt-0 flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
      data-testid="confirm"
      onKeyDown={(e) => e.key === "Escape" && onNo()}
    >
      <p className="min-w-0 basis-full sm:basis-auto sm:flex-1">
        <strong>{question}</strong> {hint}
      </p>
      <button type="button" className={dangerButton} onClick={onYes} data-testid="confirm-yes">
        {yes}
      </button>
      <button ref={cancel} type="button" className={smallButton} onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
