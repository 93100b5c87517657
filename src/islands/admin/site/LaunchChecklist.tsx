import { useId, useState } from "react";
import { Card } from "../ui.tsx";
import { smallButton } from "./field-parts.tsx";
import type { ChecklistItem } from "./site-api.ts";
import { t } from "./strings.ts";

const SHOWN = 8;

interface Props {
  items: ChecklistItem[];
  /** The review, project or service a field belongs to ("Maria R."), when it is inside one. */
  nameOf(field: string): string | undefined;
  /** Opens the section that holds the field and focuses it. */
  open(field: string): void;
}

/**
 * What the draft still holds from the seed's sample data (the 555 phone, sample licenses, reviews
 * and projects, renderings) and the demo accounts, by section. Each item opens its field; a value
 * corrected and saved leaves the list at once. Open beside the editor on a wide screen; on a phone
 * it starts closed, so adding a job's photos does not begin with a long list.
 */
export default function LaunchChecklist({ items, nameOf, open }: Props) {
  const id = useId();
  const [expanded, setExpanded] = useState(() => typeof matchMedia === "undefined" || matchMedia("(min-width: 1024px)").matches);
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, SHOWN);
  const sections = [...new Set(shown.map((i) => i.section))];

  return (
    <Card
      id="site-checklist"
      title={t.checklist.title}
      actions={
        items.length > 0 && (
          <div className="flex items-center gap-2">
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100" data-testid="checklist-count">
              {t.checklist.count(items.length)}
            </span>
            <button type="button" className={smallButton} aria-expanded={expanded} aria-controls={`${id}-list`} onClick={() => setExpanded((e) => !e)} data-testid="checklist-toggle">
              {expanded ? t.checklist.hide : t.checklist.show}
            </button>
          </div>
        )
      }
    >
      {items.length === 0 ? (
        <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">✓ {t.checklist.done}</p>
      ) : (
        <div id={`${id}-list`} hidden={!expanded}>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t.checklist.hint}</p>
          {sections.map((section) => (
            <div key={section} className="mt-3">
              <h3 className="text-sm font-bold text-slate-900 dark:text-white">{t.sectionNames[section] ?? section}</h3>
              <ul className="mt-1 space-y-0.5">
                {shown
                  .filter((i) => i.section === section)
                  .map((item) => {
                    const name = nameOf(item.field);
                    const text = (
                      <>
                        {name && (
                          <>
                            <bdi dir="auto" className="font-semibold">
                              {name}
                            </bdi>
                            {" · "}
                          </>
                        )}
                        <bdi dir="auto">{item.message}</bdi>
                      </>
                    );
                    return (
                      <li key={item.field} data-testid="checklist-item" data-item={item.field}>
                        {item.section === "accounts" ? (
                          <p className="px-2 py-2 text-sm text-slate-800 dark:text-slate-200">
                            {text}
                            <span className="block text-xs text-slate-600 dark:text-slate-400">{t.checklist.accounts}</span>
                          </p>
                        ) : (
                          <button
                            type="button"
                            className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 py-1.5 text-start text-sm text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100 dark:hover:bg-slate-800"
                            onClick={() => open(item.field)}
                          >
                            <span className="min-w-0 flex-1">{text}</span>
                            <span aria-hidden="true">‹</span>
                          </button>
                        )}
                      </li>
                    );
                  })}
              </ul>
            </div>
          ))}
          {!all && items.length > SHOWN && (
            <button type="button" className={`${smallButton} mt-3`} onClick={() => setAll(true)} data-testid="checklist-all">
              {t.checklist.all(items.length)}
            </button>
          )}
        </div>
      )}
    </Card>
  );
}
