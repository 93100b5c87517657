import { useId, useState, type ReactNode } from "react";
import { Card } from "../ui.tsx";
import { smallButton } from "./field-parts.tsx";
import type { ChecklistItem } from "./site-api.ts";
import { t } from "./strings.ts";

type Group = "launch" | "later" | "done";

interface Props {
  items: ChecklistItem[];
  /** What the seed's content asked for that is done already (the progress). */
  done: ChecklistItem[];
  /** The review, project or service a field belongs to ("Maria R."), when it is inside one. */
  nameOf(field: string): string | undefined;
  /** Opens the section that holds the field and focuses it. */
  open(field: string): void;
}

const itemText = "px-2 py-2 text-sm text-slate-800 dark:text-slate-200";
const note = "block text-xs text-slate-600 dark:text-slate-400";
const link = "font-semibold text-brand-700 underline dark:text-brand-200";

/**
 * What the draft still holds from the seed's sample data (the 555 phone, sample licenses, reviews
 * and projects, renderings, sample Spanish) and the demo accounts, with the progress ("done x of
 * y") and in two groups (issue 39): what a homeowner could take for the company's own, to fix
 * before launch, and what can wait. Each item opens its field; a value corrected and saved moves to
 * "done" at once. Every item is reachable: a group opens in full. Open beside the editor on a wide
 * screen; on a phone it starts closed, so adding a job's photos does not begin with a long list.
 */
export default function LaunchChecklist({ items, done, nameOf, open }: Props) {
  const id = useId();
  const [expanded, setExpanded] = useState(() => typeof matchMedia === "undefined" || matchMedia("(min-width: 1024px)").matches);
  const launch = items.filter((i) => !i.later);
  const later = items.filter((i) => i.later);
  const [opened, setOpened] = useState<Record<Group, boolean>>({ launch: true, later: false, done: false });
  const total = items.length + done.length;

  const line = (item: ChecklistItem, finished: boolean) => {
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
    if (finished)
      return (
        <p className={`${itemText} text-slate-600 line-through decoration-slate-400 dark:text-slate-400`}>
          <span aria-hidden="true" className="me-1 text-emerald-700 no-underline dark:text-emerald-400">
            ✓
          </span>
          {text}
        </p>
      );
    const away = (hint: string, href: string, label: string, testId: string) => (
      <p className={itemText}>
        {text}
        <span className={note}>
          {hint}{" "}
          <a href={href} className={link} data-testid={testId}>
            {label}
          </a>
        </span>
      </p>
    );
    if (item.section === "accounts")
      return (
        <p className={itemText}>
          {text}
          <span className={note}>{t.checklist.accounts}</span>
        </p>
      );
    if (item.section === "prices") return away(t.checklist.prices, "#prices", t.checklist.pricesLink, "checklist-prices");
    if (item.section === "products") return away(t.checklist.products, "/editor", t.checklist.productsLink, "checklist-products");
    if (item.section === "visits") return away(t.checklist.visits, "#calendar", t.checklist.visitsLink, "checklist-visits");
    return (
      <button
        type="button"
        className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 py-1.5 text-start text-sm text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100 dark:hover:bg-slate-800"
        onClick={() => open(item.field)}
      >
        <span className="min-w-0 flex-1">{text}</span>
        <span aria-hidden="true">‹</span>
      </button>
    );
  };

  // One group: its heading opens and closes it in full; inside, its items by section.
  const group = (g: Group, list: ChecklistItem[], empty?: ReactNode) => {
    const sections = [...new Set(list.map((i) => i.section))];
    const listId = `${id}-${g}`;
    return (
      <section className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-700" data-testid={`checklist-group-${g}`} aria-labelledby={`${listId}-h`}>
        <h3 id={`${listId}-h`}>
          <button
            type="button"
            className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg px-1 text-start font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white"
            aria-expanded={opened[g] && list.length > 0}
            aria-controls={listId}
            disabled={list.length === 0}
            onClick={() => setOpened((o) => ({ ...o, [g]: !o[g] }))}
            data-testid={`checklist-group-toggle-${g}`}
          >
            <span>
              {t.checklist.groups[g]}{" "}
              <span className="font-semibold text-slate-600 dark:text-slate-400" data-testid={`checklist-group-count-${g}`}>
                ({t.checklist.groupCount(list.length)})
              </span>
            </span>
            {list.length > 0 && (
              <span aria-hidden="true" className={`transition-transform motion-reduce:transition-none ${opened[g] ? "rotate-180" : ""}`}>
                ▾
              </span>
            )}
          </button>
        </h3>
        {list.length === 0 && empty}
        <div id={listId} hidden={!opened[g] || list.length === 0}>
          <p className="mb-1 px-1 text-xs text-slate-600 dark:text-slate-400">{t.checklist.groupHints[g]}</p>
          {sections.map((section) => (
            <div key={section} className="mt-2">
              <h4 className="px-1 text-sm font-semibold text-slate-700 dark:text-slate-300">{t.sectionNames[section] ?? section}</h4>
              <ul className="mt-0.5 space-y-0.5">
                {list
                  .filter((i) => i.section === section)
                  .map((item) => (
                    <li key={item.field} data-testid={g === "done" ? "checklist-done-item" : "checklist-item"} data-item={item.field}>
                      {line(item, g === "done")}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    );
  };

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
      {total > 0 && (
        <div className="mb-3" data-testid="checklist-progress">
          <p className="text-sm font-semibold text-slate-800 dark:text-slate-200" id={`${id}-progress`}>
            {t.checklist.progress(done.length, total)}
          </p>
          <progress
            className="mt-1 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600 [&::-moz-progress-bar]:bg-emerald-600 dark:[&::-webkit-progress-bar]:bg-slate-700 dark:[&::-webkit-progress-value]:bg-emerald-500"
            value={done.length}
            max={total}
            aria-labelledby={`${id}-progress`}
          />
        </div>
      )}
      {items.length === 0 ? (
        <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">✓ {t.checklist.done}</p>
      ) : (
        <div id={`${id}-list`} hidden={!expanded} className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t.checklist.hint}</p>
          {group("launch", launch, <p className="px-1 pb-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300">{t.checklist.launchDone}</p>)}
          {group("later", later)}
          {group("done", done)}
        </div>
      )}
    </Card>
  );
}
