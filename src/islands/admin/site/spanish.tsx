/**
 * The Spanish beside the English (issue 37, decision 20): an entry of the document (the company,
 * the about page, a service, a review, a project, a legal page) keeps its Spanish in `es`, one text
 * per English text by its path inside the entry (src/lib/contracts/translations.ts). The entry's
 * fields read this context: a text with a Spanish version draws its Spanish input beside the
 * English one, and a list inside the entry that moves or removes an item takes its Spanish along.
 */
import { createContext, useContext, useRef, type ReactNode } from "react";
import { TRANSLATABLE, isTranslatable, type Spanish, type TranslatableKind } from "../../../lib/contracts/translations.ts";

export interface Translation {
  /** The entry's path in the document ("services.3", "site"). */
  root: string;
  patterns: readonly string[];
  es: Spanish;
  /** Sets (or, empty, leaves out) the Spanish of the text at `rel` ("options.2"). */
  set(rel: string, text: string): void;
  /** Before a list inside the entry (`list`, "sections") changes: where each old item goes (null: gone). */
  reorder(list: string, to: (from: number) => number | null): void;
}

export const TranslationContext = createContext<Translation | null>(null);

/** The Spanish of the text at `path`, when the entry it is in has a Spanish version of it. */
export function useSpanish(path: string): { rel: string; path: string; value: string; set(text: string): void } | null {
  const tr = useContext(TranslationContext);
  if (!tr || !path.startsWith(`${tr.root}.`)) return null;
  const rel = path.slice(tr.root.length + 1);
  if (!isTranslatable(rel, tr.patterns)) return null;
  return { rel, path: `${tr.root}.es.${rel}`, value: tr.es[rel] ?? "", set: (text) => tr.set(rel, text) };
}

/** The Spanish keys of `es` with each item of `list` moved where `to` sends it. */
function remap(es: Spanish, list: string, to: (from: number) => number | null): Spanish {
  const out: Spanish = {};
  for (const [key, text] of Object.entries(es)) {
    const m = key.startsWith(`${list}.`) ? /^(\d+)(.*)$/.exec(key.slice(list.length + 1)) : null;
    if (!m) {
      out[key] = text;
      continue;
    }
    const at = to(Number(m[1]));
    if (at !== null) out[`${list}.${at}${m[2]}`] = text;
  }
  return out;
}

type Entry = { es?: Spanish } & Record<string, unknown>;

/**
 * Gives the fields of one entry its Spanish: `children` draws them with the entry's change
 * function, which carries the Spanish along when a list inside the entry moves or drops an item.
 */
export function TranslatedEntry({ root, kind, value, onChange, children }: { root: string; kind: TranslatableKind; value: unknown; onChange(v: unknown): void; children(change: (v: unknown) => void): ReactNode }) {
  const entry = (value ?? {}) as Entry;
  // A list's move or removal and the entry's new value arrive as one change (ListEditor says which first).
  const pending = useRef<{ list: string; to: (from: number) => number | null } | null>(null);
  const change = (v: unknown) => {
    const next = v as Entry;
    const p = pending.current;
    pending.current = null;
    onChange(p && next?.es ? { ...next, es: remap(next.es, p.list, p.to) } : next);
  };
  const tr: Translation = {
    root,
    patterns: TRANSLATABLE[kind],
    es: entry.es ?? {},
    set: (rel, text) => {
      const es = { ...(entry.es ?? {}) };
      if (text.trim()) es[rel] = text;
      else delete es[rel];
      onChange({ ...entry, es });
    },
    reorder: (list, to) => {
      pending.current = list.startsWith(`${root}.`) ? { list: list.slice(root.length + 1), to } : null;
    },
  };
  return <TranslationContext.Provider value={tr}>{children(change)}</TranslationContext.Provider>;
}

/** Tells the entry a list inside it is about to change (a no-op outside an entry with Spanish). */
export function useListReorder(): (listPath: string, to: (from: number) => number | null) => void {
  const tr = useContext(TranslationContext);
  return (listPath, to) => tr?.reorder(listPath, to);
}

export { remap };
