import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SiteSection } from "../../../lib/contracts/site.ts";
import { withHoursText } from "../../../lib/office-hours.ts";
import { LoadFailed, Skeleton, card } from "../ui.tsx";
import { EditorContext, type Editor, type Reveal } from "./editor-context.ts";
import FieldEditor, { Fields } from "./FieldEditor.tsx";
import LaunchChecklist from "./LaunchChecklist.tsx";
import PublishBar from "./PublishBar.tsx";
import SectionForm from "./SectionForm.tsx";
import SitePreview from "./SitePreview.tsx";
import { aboutSpec, companySpec, gallerySpec, legalSpec, reviewsSpec, servicesSpec } from "./sections.tsx";
import type { Service } from "./site-api.ts";
import type { Spec } from "./spec.ts";
import { t } from "./strings.ts";
import { useSiteContent } from "./use-site-content.ts";
import { useUploads } from "./use-uploads.ts";
import { TranslatedEntry } from "./spanish.tsx";
import VersionHistory from "./VersionHistory.tsx";

/** The parts of the screen, and the sections of the document each one saves. */
const PARTS: { id: string; sections: { section: SiteSection; spec: Spec[] | Spec }[] }[] = [
  { id: "company", sections: [{ section: "site", spec: companySpec }] },
  { id: "reviews", sections: [{ section: "reviews", spec: reviewsSpec }] },
  { id: "gallery", sections: [{ section: "gallery", spec: gallerySpec }] },
  { id: "services", sections: [{ section: "services", spec: servicesSpec }] },
  {
    id: "pages",
    sections: [
      { section: "about", spec: aboutSpec },
      { section: "legal", spec: legalSpec },
    ],
  },
];
const partOf = (section: string) => PARTS.find((p) => p.sections.some((s) => s.section === section))?.id;

const FOCUSABLE = "input, textarea, select, button:not(:disabled)";

/**
 * The dashboard's "Site" tab (issue 27, decision 13): the office edits the site's words and
 * pictures, saves each section as a draft, publishes, follows the rebuild until the site is live,
 * restores earlier versions, and works through the launch checklist.
 */
export default function SitePanel() {
  const root = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState("");
  const [part, setPart] = useState(PARTS[0].id);
  const [opened, setOpened] = useState(() => new Set([PARTS[0].id]));
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const announce = useCallback((text: string) => {
    // Emptied first, so the same words twice are said twice.
    setSaid("");
    requestAnimationFrame(() => setSaid(text));
  }, []);
  const choose = useCallback((id: string) => {
    setPart(id);
    setOpened((o) => (o.has(id) ? o : new Set(o).add(id)));
  }, []);
  const goTo = useCallback(
    (field: string) => {
      const p = partOf(field.split(".")[0]);
      if (p) choose(p);
      setReveal((r) => ({ field, n: (r?.n ?? 0) + 1 }));
    },
    [choose],
  );

  const content = useSiteContent(goTo);
  const uploads = useUploads(content.replacePending, announce);
  const { showErrorAt } = content;

  // Opens and focuses a field (a refusal, a checklist item): the exact one once it is drawn (a
  // closed item opens first), else the nearest part of the form that holds it.
  useEffect(() => {
    if (!reveal) return;
    let frame = 0;
    let tries = 0;
    const q = (path: string) => root.current?.querySelector<HTMLElement>(`[data-field="${path}"]`) ?? null;
    const find = () => {
      let at = reveal.field;
      let el = q(at);
      if (!el && tries++ < 20) return void (frame = requestAnimationFrame(find));
      const parts = at.split(".");
      while (!el && parts.length > 1) {
        parts.pop();
        at = parts.join(".");
        el = q(at);
      }
      if (!el) return;
      showErrorAt(reveal.field, at, el.dataset.label ?? at);
      const target = el.matches(FOCUSABLE) ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? el);
      frame = requestAnimationFrame(() => {
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      });
    };
    frame = requestAnimationFrame(find);
    return () => cancelAnimationFrame(frame);
  }, [reveal, showErrorAt]);

  // Edits not saved, or pictures still uploading: the browser asks before the page is left.
  const leaving = content.unsaved.length > 0 || uploads.busy;
  useEffect(() => {
    if (!leaving) return;
    const stop = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    addEventListener("beforeunload", stop);
    return () => removeEventListener("beforeunload", stop);
  }, [leaving]);

  const services = content.value("services") as Service[] | undefined;
  const serviceOptions = useMemo(() => (services ?? []).map((s) => ({ value: s.slug, label: s.title })), [services]);
  const errors = content.errors;
  const editor: Editor = { errorAt: (path) => Object.values(errors).find((e) => e?.at === path)?.message, reveal, announce, uploads, services: serviceOptions };

  if (!content.server)
    return content.loadFailed ? (
      <div className={card}>
        <LoadFailed text={t.loadFailed} onRetry={() => void content.load()} />
      </div>
    ) : (
      <div className={`${card} space-y-3`} role="status" aria-label={t.loading}>
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );

  const server = content.server;
  // The review, project or service a checklist item's field is inside ("reviews.3.profileImage" → "Maria R.").
  const nameOf = (field: string) => {
    // A section's sample Spanish names every entry in its own words (issue 37).
    if (field.endsWith(".esSample")) return undefined;
    const [section, index, ...inside] = field.split(".");
    const list = (server.draft as unknown as Record<string, unknown>)[section];
    const item = inside.length && Array.isArray(list) ? (list[Number(index)] as { name?: unknown; title?: unknown } | undefined) : undefined;
    const name = item?.name ?? item?.title;
    return typeof name === "string" ? name : undefined;
  };
  const partDirty = (id: string) => PARTS.find((p) => p.id === id)!.sections.some((s) => content.dirty(s.section));

  return (
    <EditorContext.Provider value={editor}>
      <div ref={root} className="space-y-6" data-testid="site-panel">
        <header>
          <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t.title}</h2>
          <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">{t.intro}</p>
        </header>

        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="lg:col-start-2 lg:row-start-1">
            <LaunchChecklist items={server.checklist} done={server.checklistDone ?? []} nameOf={nameOf} open={goTo} />
          </div>

          <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <nav aria-label={t.parts} className="flex flex-wrap items-start gap-2">
              <ul className="flex flex-1 flex-wrap gap-2">
                {PARTS.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-[current=true]:border-brand-500 dark:aria-[current=true]:bg-brand-500"
                      aria-current={part === p.id ? "true" : undefined}
                      onClick={() => choose(p.id)}
                      data-testid={`site-part-${p.id}`}
                    >
                      {t.sections[p.id]}
                      {partDirty(p.id) && (
                        <span className="size-2 rounded-full bg-amber-500" title={t.unsavedMark}>
                          <span className="sr-only">({t.unsavedMark})</span>
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-brand-600 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-pressed:bg-brand-600 aria-pressed:text-white dark:border-brand-400 dark:text-brand-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-500"
                aria-pressed={previewing}
                onClick={() => setPreviewing((p) => !p)}
                data-testid="site-preview-toggle"
              >
                <span aria-hidden="true">👁</span>
                {t.preview.open}
              </button>
            </nav>

            {previewing && <SitePreview part={part} value={(s) => content.value(s as SiteSection)} dirty={partDirty(part)} />}

            {PARTS.map((p) =>
              opened.has(p.id) ? (
                <div key={p.id} hidden={part !== p.id} className="space-y-6" data-testid={`site-part-panel-${p.id}`}>
                  {p.sections.map(({ section, spec }) => (
                    <SectionForm
                      key={section}
                      id={`site-section-${section}`}
                      title={t.sectionNames[section]}
                      dirty={content.dirty(section)}
                      status={content.status[section]}
                      error={errors[section]}
                      onSave={() => void content.save(section)}
                    >
                      {Array.isArray(spec) ? (
                        // The company's details and the about page are one entry each, with their Spanish beside (issue 37).
                        <TranslatedEntry
                          root={section}
                          kind={section === "site" ? "site" : "about"}
                          value={content.value(section)}
                          // The hours' text, English and Spanish, follows the days and times as they are ticked.
                          onChange={(v) => content.setValue(section, section === "site" ? withHoursText(v as Parameters<typeof withHoursText>[0]) : v)}
                        >
                          {(change) => <Fields specs={spec} value={content.value(section)} path={section} onChange={change} />}
                        </TranslatedEntry>
                      ) : (
                        <FieldEditor spec={spec} parent={content.value(section)} parentPath={section} onParent={(v) => content.setValue(section, v)} />
                      )}
                    </SectionForm>
                  ))}
                </div>
              ) : null,
            )}
          </div>

          <div className="lg:col-start-2 lg:row-start-2">
            <VersionHistory versions={server.versions} liveVersion={server.live.version} restore={content.restore} announce={announce} />
          </div>
        </div>

        <PublishBar
          server={server}
          unsaved={content.unsaved.map((s) => t.sectionNames[s])}
          publish={content.publish}
          saveAll={async () => {
            for (const s of content.unsaved) await content.save(s);
          }}
          reload={() => void content.load()}
        />
        <div aria-live="polite" className="sr-only" data-testid="site-announce">
          {said}
        </div>
      </div>
    </EditorContext.Provider>
  );
}
