import type { ReactNode } from "react";
import { Spinner, card, primaryButton } from "../ui.tsx";
import type { FieldError } from "./editor-context.ts";
import { t } from "./strings.ts";
import type { SaveStatus } from "./use-site-content.ts";

interface Props {
  id: string;
  title: string;
  dirty: boolean;
  status?: SaveStatus;
  error?: FieldError;
  onSave(): void;
  children: ReactNode;
}

/**
 * One part of the document the server saves on its own: its fields, "Save draft" and what happened,
 * the save row in view at the bottom of the screen however long the section is.
 */
export default function SectionForm({ id, title, dirty, status, error, onSave, children }: Props) {
  const saving = status?.kind === "saving";
  let said: ReactNode = dirty ? t.unsaved : status?.kind === "saved" ? t.saved : t.noChanges;
  if (status?.kind === "failed")
    said = status.field ? (
      <>
        {t.fixField(error?.label ?? status.field)} {status.text}
      </>
    ) : (
      status.text
    );

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} pb-0`} data-testid={id}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {title}
        </h3>
        {dirty && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-testid="section-dirty">
            {t.unsavedMark}
          </span>
        )}
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!saving) onSave();
        }}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
        {/* Always at hand (issue 39): from 640 px the save row sticks above the publish bar while the
            section is in view; on a phone the publish bar's own Save does it, leaving the screen to the fields. */}
        <div
          className="z-10 -mx-5 sm:sticky mt-5 flex flex-wrap items-center gap-3 rounded-b-2xl border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
          style={{ bottom: "var(--publish-bar-h, 0px)" }}
          data-testid="save-row"
          data-save-row
        >
          <button type="submit" className={`${primaryButton} min-h-11 px-5`} disabled={saving} data-testid="save-draft">
            {saving && <Spinner className="size-4" />}
            {saving ? t.saving : t.save}
          </button>
          <p
            aria-live="polite"
            className={`min-w-0 flex-1 text-sm ${status?.kind === "failed" ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-400"}`}
            data-testid="save-status"
          >
            {saving ? t.saving : said}
          </p>
        </div>
      </form>
    </section>
  );
}
