import { useEffect, useRef, useState, type ReactNode } from "react";
import Confirm from "./Confirm.tsx";
import { useEditor } from "./editor-context.ts";
import { ArrowDown, ArrowUp, FieldError, Hint, Trash, iconButton, labelClass, smallButton } from "./field-parts.tsx";
import { fieldId, holds, join, type ListSpec } from "./spec.ts";
import { useListReorder } from "./spanish.tsx";
import { t } from "./strings.ts";

interface Props {
  spec: ListSpec;
  value: unknown[];
  path: string;
  onChange(list: unknown[]): void;
  /** Draws one item's fields (the editor passes itself, so this file does not import it). */
  renderItem(item: unknown, index: number, path: string, set: (v: unknown) => void): ReactNode;
}

const keyOf = (item: unknown, i: number) => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? `id:${id}` : `i:${i}`;
};

const FOCUSABLE = "input, textarea, select, button:not(:disabled)";

/**
 * An ordered list of the document (reviews, projects, licenses, areas…): add, edit, move up and
 * down with buttons (the order is the order on the site), remove with a confirmation where an item
 * is worth one. Moves and removals are announced; the focus follows the item moved.
 */
export default function ListEditor({ spec, value, path, onChange, renderItem }: Props) {
  const { errorAt, reveal, announce } = useEditor();
  // Inside an entry with Spanish (the about page's paragraphs, a legal page's sections): each item's Spanish moves with it.
  const reorder = useListReorder();
  const list = Array.isArray(value) ? value : [];
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState<string | null>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const error = errorAt(path);
  const scalar = !Array.isArray(spec.item);
  const name = (item: unknown, i: number) => spec.summary?.(item, i)?.trim() || t.list.untitled(spec.itemName);

  // A refused field or a checklist item inside a closed item opens it.
  useEffect(() => {
    if (!spec.collapsible || !reveal || !holds(path, reveal.field) || reveal.field === path) return;
    const i = Number(reveal.field.slice(path.length + 1).split(".")[0]);
    if (Number.isInteger(i) && list[i] !== undefined) setOpen((o) => new Set(o).add(keyOf(list[i], i)));
    // Only a new request opens an item; the list changing under it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);

  const itemEl = (i: number) => root.current?.querySelector<HTMLElement>(`[data-field="${join(path, i)}"]`);
  const afterRender = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

  const move = (i: number, dir: -1 | 1) => {
    const j = i + dir;
    if (j < 0 || j >= list.length) return;
    const next = [...list];
    [next[i], next[j]] = [next[j], next[i]];
    reorder(path, (from) => (from === i ? j : from === j ? i : from));
    onChange(next);
    announce(t.list.moved(name(list[i], j), j + 1, list.length));
    afterRender(() => {
      const el = itemEl(j);
      (el?.querySelector<HTMLElement>(`[data-move="${dir}"]:not(:disabled)`) ?? el?.querySelector<HTMLElement>("[data-move]:not(:disabled)"))?.focus();
    });
  };

  const remove = (i: number) => {
    const gone = name(list[i], i);
    reorder(path, (from) => (from === i ? null : from > i ? from - 1 : from));
    onChange(list.filter((_, k) => k !== i));
    setConfirming(null);
    announce(t.list.removed(gone));
    afterRender(() => {
      const next = itemEl(Math.min(i, list.length - 2));
      (next?.querySelector<HTMLElement>(FOCUSABLE) ?? root.current?.querySelector<HTMLElement>("[data-add]"))?.focus();
    });
  };

  const add = () => {
    const item = spec.newItem ? spec.newItem() : "";
    const at = spec.addAtStart ? 0 : list.length;
    if (spec.addAtStart) reorder(path, (from) => from + 1);
    onChange(spec.addAtStart ? [item, ...list] : [...list, item]);
    if (spec.collapsible) setOpen((o) => new Set(o).add(keyOf(item, at)));
    announce(spec.addAtStart ? t.list.added(spec.itemName) : t.list.addedLast(spec.itemName));
    afterRender(() => itemEl(at)?.querySelector<HTMLElement>("input, textarea, select")?.focus());
  };

  const full = spec.max !== undefined && list.length >= spec.max;
  const addButton = !spec.fixed && (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className={smallButton} onClick={add} disabled={full} data-add="" data-testid={`add-${path}`}>
        <span aria-hidden="true">+</span>
        {spec.addLabel ?? t.list.add(spec.itemName)}
      </button>
      {full && <span className="text-sm text-slate-600 dark:text-slate-400">{t.list.full(spec.max!)}</span>}
    </div>
  );

  return (
    <fieldset ref={root} className="min-w-0 space-y-3 sm:col-span-2" data-field={path} data-label={spec.label} aria-describedby={error ? `${fieldId(path)}-error` : undefined}>
      <legend className={labelClass}>
        {spec.label} <span className="font-normal text-slate-600 dark:text-slate-400">({t.list.count(list.length)})</span>
      </legend>
      {error && <FieldError id={`${fieldId(path)}-error`} text={error} />}
      {spec.hint !== undefined && <Hint id={`${fieldId(path)}-hint`}>{spec.hint}</Hint>}
      {spec.addAtStart && addButton}
      {list.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t.list.empty}</p>}
      <ol className="space-y-3">
        {list.map((item, i) => {
          const key = keyOf(item, i);
          const itemPath = join(path, i);
          const label = name(item, i);
          const expanded = !spec.collapsible || open.has(key);
          const bodyId = `${fieldId(itemPath)}-body`;
          const set = (v: unknown) => onChange(list.map((x, k) => (k === i ? v : x)));
          const controls = !spec.fixed && (
            <div className="ms-auto flex shrink-0 gap-1.5">
              <button type="button" className={iconButton} onClick={() => move(i, -1)} disabled={i === 0} aria-label={t.list.up(label)} title={t.list.up(label)} data-move="-1">
                <ArrowUp />
              </button>
              <button type="button" className={iconButton} onClick={() => move(i, 1)} disabled={i === list.length - 1} aria-label={t.list.down(label)} title={t.list.down(label)} data-move="1">
                <ArrowDown />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => (spec.confirmRemove ? setConfirming(key) : remove(i))}
                aria-label={t.list.remove(label)}
                title={t.list.remove(label)}
                aria-expanded={spec.confirmRemove ? confirming === key : undefined}
                data-testid="item-remove"
              >
                <Trash />
              </button>
            </div>
          );

          if (scalar)
            return (
              <li key={key} className="flex items-end gap-2" data-field={itemPath} data-label={label} data-testid="list-item">
                <div className="min-w-0 flex-1">{renderItem(item, i, itemPath, set)}</div>
                {controls}
              </li>
            );

          return (
            <li key={key} className="rounded-xl border border-slate-200 bg-slate-50/60 dark:border-slate-700 dark:bg-slate-800/40" data-field={itemPath} data-label={label} data-testid="list-item">
              <div className="flex flex-wrap items-center gap-2 p-2 sm:flex-nowrap">
                {spec.collapsible ? (
                  <button
                    type="button"
                    className="flex min-h-11 min-w-0 flex-1 basis-full items-center gap-2 rounded-lg px-2 text-start font-semibold sm:basis-auto text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-white dark:hover:bg-slate-800"
                    aria-expanded={expanded}
                    aria-controls={bodyId}
                    onClick={() => setOpen((o) => (o.has(key) ? new Set([...o].filter((k) => k !== key)) : new Set(o).add(key)))}
                    data-testid="item-toggle"
                  >
                    <span aria-hidden="true" className={`text-slate-500 transition-transform motion-reduce:transition-none ${expanded ? "rotate-90" : ""}`}>
                      ‹
                    </span>
                    <span className="text-slate-500 tabular-nums dark:text-slate-400">{i + 1}.</span>
                    <bdi dir="auto" className="min-w-0 truncate" data-testid="item-name">
                      {label}
                    </bdi>
                  </button>
                ) : (
                  <p className="min-w-0 flex-1 basis-full px-2 font-semibold text-slate-800 sm:basis-auto dark:text-slate-100">
                    <span className="tabular-nums">{i + 1}.</span> <bdi dir="auto">{label}</bdi>
                  </p>
                )}
                {spec.badges?.(item).map((b) => (
                  <span key={b} className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                    {b}
                  </span>
                ))}
                {controls}
              </div>
              {confirming === key && (
                <Confirm
                  label={t.list.confirm(label)}
                  question={
                    <>
                      {t.list.confirmAsk} ״<bdi dir="auto">{label}</bdi>״?
                    </>
                  }
                  hint={t.list.confirmHint}
                  yes={t.list.yes}
                  no={t.list.no}
                  onYes={() => remove(i)}
                  onNo={() => {
                    setConfirming(null);
                    afterRender(() => itemEl(i)?.querySelector<HTMLElement>('[data-testid="item-remove"]')?.focus());
                  }}
                />
              )}
              {expanded && (
                <div id={bodyId} className="grid grid-cols-1 gap-4 border-t border-slate-200 p-3 sm:grid-cols-2 sm:p-4 dark:border-slate-700">
                  {renderItem(item, i, itemPath, set)}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {!spec.addAtStart && addButton}
    </fieldset>
  );
}
