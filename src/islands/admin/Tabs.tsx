import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface Tab {
  id: string;
  label: string;
  /** Built the first time the tab is opened, then kept (its state survives switching back). */
  render(): ReactNode;
}

const fromHash = (tabs: Tab[]) => {
  const id = typeof location === "undefined" ? "" : decodeURIComponent(location.hash.slice(1));
  return tabs.some((t) => t.id === id) ? id : tabs[0].id;
};

/**
 * ARIA tabs whose choice lives in the address (#system), so a tab can be linked to and reloaded.
 * The first tab has no hash. Arrow keys follow the reading direction (right-to-left in Hebrew).
 */
export default function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [active, setActive] = useState(() => fromHash(tabs));
  const [opened, setOpened] = useState(() => new Set([active]));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const onHash = () => setActive(fromHash(tabs));
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, [tabs]);
  useEffect(() => setOpened((o) => (o.has(active) ? o : new Set(o).add(active))), [active]);

  const choose = (id: string, focus = false) => {
    setActive(id);
    const url = id === tabs[0].id ? location.pathname + location.search : `#${id}`;
    history.replaceState(history.state, "", url);
    if (focus) buttons.current[tabs.findIndex((t) => t.id === id)]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === active);
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    const to = step ? (i + step + tabs.length) % tabs.length : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    choose(tabs[to].id, true);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-0.5 overflow-x-auto border-b border-slate-200 [scrollbar-width:none] sm:gap-1 dark:border-slate-700" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={active === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            className="-mb-px shrink-0 rounded-t-lg border-b-[3px] border-transparent px-2.5 py-2.5 font-semibold whitespace-nowrap sm:px-4 text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 aria-selected:border-accent-500 aria-selected:text-slate-900 dark:text-slate-300 dark:hover:text-brand-100 dark:aria-selected:text-white"
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div key={t.id} id={`panel-${t.id}`} role="tabpanel" aria-labelledby={`tab-${t.id}`} hidden={active !== t.id} className="pt-6" data-testid={`panel-${t.id}`}>
          {opened.has(t.id) && t.render()}
        </div>
      ))}
    </div>
  );
}
