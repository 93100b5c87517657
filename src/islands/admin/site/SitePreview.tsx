import { useId, useState, type ReactNode } from "react";
import { PENDING, isPending } from "./spec.ts";
import { t } from "./strings.ts";
import { useEditor } from "./editor-context.ts";
import { SERVICE } from "../../../lib/i18n/service.ts";
import { hasBeforeAfter, writtenAnswers } from "../../../lib/service-proof.ts";

type Lang = "en" | "es";
type Entry = Record<string, unknown> & { es?: Record<string, string>; sample?: boolean };

interface Props {
  /** The part of the screen being edited ("company", "reviews", …). */
  part: string;
  /** The section's value as it is now, edits not yet saved included. */
  value(section: string): unknown;
  /** Whether the part holds edits not yet saved. */
  dirty: boolean;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** The entry's text at `key` in `lang`: the Spanish when written, else the English marked lang="en" (as the site does). */
function say(e: Entry | undefined, key: string, lang: Lang): ReactNode {
  const en = str(key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], e));
  const es = lang === "es" ? e?.es?.[key] : undefined;
  return es ? es : lang === "es" && en ? <span lang="en">{en}</span> : en;
}

/** A picture of the draft: one uploaded (or uploading) is shown; a seed rendering is named, as the editor does. */
function Picture({ src, alt, className }: { src: unknown; alt: unknown; className: string }) {
  const { uploads } = useEditor();
  const url = typeof src !== "string" ? null : isPending(src) ? uploads.uploads[src.slice(PENDING.length)]?.preview : src.startsWith("/api/images/") ? src : null;
  return url ? (
    <img src={url} alt={str(alt)} className={`${className} object-cover`} />
  ) : (
    <div className={`${className} flex items-center justify-center bg-slate-200 p-2 text-center text-xs text-slate-600 dark:bg-slate-700 dark:text-slate-300`} lang="he" dir="rtl">
      {src ? t.preview.seedPicture : t.preview.noPicture}
    </div>
  );
}

const Sample = ({ on }: { on?: boolean }) =>
  on ? <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-[11px] font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">Sample</span> : null;

const paragraphs = (text: ReactNode) =>
  typeof text === "string" ? text.split(/\n\s*\n/).map((p, i) => <p key={i}>{p}</p>) : <p>{text}</p>;

/**
 * A service page's proof as ServiceWork.astro draws it: the before/after of the first project of
 * this service with a "before" picture, its projects, and the answers (labelled sample while they are).
 */
function ServiceProof({ service, projects, lang }: { service: Entry; projects: Entry[]; lang: Lang }) {
  const words = SERVICE[lang];
  const compared = projects.find(hasBeforeAfter);
  const answers = writtenAnswers(service.answers as Entry | undefined);
  return (
    <>
      {compared && (
        <figure className="space-y-2" data-testid="preview-before-after">
          <figcaption className="font-bold">
            {words.beforeAfter}: {say(compared, "title", lang)}
          </figcaption>
          <div className="grid grid-cols-2 gap-2">
            {[
              { label: words.before, src: compared.beforeImage, alt: compared.beforeAlt },
              { label: words.after, src: compared.image, alt: compared.alt },
            ].map((side) => (
              <div key={side.label} className="relative">
                <Picture src={side.src} alt={`${side.label}: ${str(side.alt)}`} className="aspect-[3/2] w-full rounded-lg" />
                <span className="absolute start-2 top-2 rounded-full bg-slate-900/85 px-2 py-0.5 text-xs font-bold text-white uppercase">{side.label}</span>
              </div>
            ))}
          </div>
        </figure>
      )}
      {projects.length > 0 && (
        <p className="text-sm" data-testid="preview-service-projects">
          <strong>{words.projectsLead(str(service.title))}:</strong> {projects.map((g) => str(g.title)).join(" · ")}
        </p>
      )}
      {answers.length > 0 && (
        <section className="space-y-2 rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="preview-answers">
          <p className="font-bold">
            {words.answers}
            <Sample on={service.answersSample === true} />
          </p>
          <dl className="space-y-2">
            {answers.map((k) => (
              <div key={k}>
                <dt className="font-semibold">{words[k]}</dt>
                <dd>{say(service, `answers.${k}`, lang)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

/**
 * The draft as the site will show it (issue 39, item 6): the part being edited drawn with its
 * current words and pictures (edits not yet saved included), in English or Spanish, before
 * anything is published. A close likeness of the public pages, not the pages themselves: those are
 * built after publishing.
 */
export default function SitePreview({ part, value, dirty }: Props) {
  const id = useId();
  const [lang, setLang] = useState<Lang>("en");
  const [pick, setPick] = useState(0);
  const list = (section: string) => (Array.isArray(value(section)) ? (value(section) as Entry[]) : []);
  const site = (value("site") ?? {}) as Entry;

  let path = "/";
  let body: ReactNode = <p className="text-sm">{t.preview.none}</p>;
  const chooser = (items: Entry[], label: (e: Entry) => string) => (
    <label className="mb-4 flex flex-wrap items-center gap-2 text-sm" dir="rtl" lang="he">
      <span className="font-semibold">{t.preview.which}</span>
      <select className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:[color-scheme:dark]" value={Math.min(pick, items.length - 1)} onChange={(e) => setPick(Number(e.target.value))}>
        {items.map((e, i) => (
          <option key={i} value={i} dir="ltr">
            {label(e) || `#${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  );

  if (part === "company") {
    path = lang === "es" ? "/es" : "/";
    const proof = (site.proof ?? {}) as Entry;
    const address = (site.address ?? {}) as Entry;
    const stats = (site.stats ?? {}) as Entry;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3 dark:border-slate-700">
          <strong className="text-lg">{str(site.name)}</strong>
          <a className="rounded-lg bg-accent-500 px-3 py-1.5 text-sm font-bold text-slate-950" href={`tel:${str(site.phone).replace(/[^\d+]/g, "")}`} tabIndex={-1}>
            {lang === "es" ? "Llamar" : "Call"} {str(site.phone)}
          </a>
        </div>
        <p className="text-xl font-bold">{say(site, "tagline", lang)}</p>
        <p className="text-sm">
          <strong>{str(stats.projects)}+</strong> {say(site, "stats.projectsLabel", lang)} · <strong>{str(stats.years)}</strong> {lang === "es" ? "años" : "years"}
        </p>
        <div className="grid gap-4 rounded-xl bg-slate-900 p-4 text-sm text-slate-100 sm:grid-cols-2" data-testid="preview-footer">
          <div className="space-y-1">
            <p>
              {str(address.street)}, {str(address.city)}, {str(address.region)} {str(address.postalCode)}
            </p>
            <p>{str(site.phone)}</p>
            <p>{str(site.email)}</p>
            <p data-testid="preview-hours">{say(site, "hours.label", lang)}</p>
          </div>
          <ul className="space-y-1">
            {((proof.licenses ?? []) as Entry[]).map((l, i) => (
              <li key={i}>
                {say(site, `proof.licenses.${i}.label`, lang)} #{str(l.number)}
              </li>
            ))}
            <li>{say(site, "proof.insurance", lang)}</li>
            <li>{say(site, "proof.warranty", lang)}</li>
          </ul>
        </div>
        <p className="text-sm italic">{say(site, "reply.promise", lang)}</p>
      </div>
    );
  } else if (part === "reviews") {
    path = lang === "es" ? "/es#reviews" : "/#reviews";
    body = (
      <ul className="grid gap-3 sm:grid-cols-2">
        {list("reviews").map((r, i) => (
          <li key={i} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
            <div className="flex items-center gap-2">
              <Picture src={r.profileImage} alt="" className="size-9 rounded-full" />
              <strong>{str(r.name)}</strong>
              <Sample on={r.sample} />
            </div>
            <p className="mt-1 text-amber-500" aria-label={`${str(r.rating)} / 5`}>
              {"★".repeat(Number(r.rating) || 0)}
            </p>
            <p className="font-semibold">{say(r, "shortText", lang)}</p>
            <p className="mt-1 line-clamp-4">{say(r, "reviewText", lang)}</p>
          </li>
        ))}
      </ul>
    );
  } else if (part === "gallery") {
    path = lang === "es" ? "/es/gallery" : "/gallery";
    body = (
      <ul className="grid gap-3 sm:grid-cols-2">
        {list("gallery").map((g, i) => (
          <li key={i} className="overflow-hidden rounded-xl border border-slate-200 text-sm dark:border-slate-700">
            <Picture src={g.image} alt={g.alt} className="aspect-[4/3] w-full" />
            <div className="p-3">
              <p className="font-bold">
                {say(g, "title", lang)}
                <Sample on={g.sample} />
              </p>
              <p className="text-slate-600 dark:text-slate-400">{say(g, "place", lang)}</p>
              <p className="mt-1">{say(g, "scope", lang)}</p>
              <p className="mt-1 text-xs">
                {str(g.weeks)} {lang === "es" ? "semanas" : "weeks"} · {say(g, "materials", lang)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (part === "services") {
    const items = list("services");
    const s = items[Math.min(pick, items.length - 1)];
    path = `${lang === "es" ? "/es" : ""}${str(s?.path)}`;
    body = (
      <>
        {chooser(items, (e) => str(e.title))}
        {s && (
          <article className="space-y-3">
            <h3 className="text-2xl font-extrabold">{say(s, "title", lang)}</h3>
            <p className="text-lg">{say(s, "subtitle", lang)}</p>
            <Picture src={s.image} alt={s.imageAlt} className="aspect-[16/9] w-full rounded-xl" />
            <div className="space-y-2 text-sm leading-relaxed">{paragraphs(say(s, "description", lang))}</div>
            <ul className="list-disc ps-5 text-sm">
              {((s.options ?? []) as string[]).map((_, i) => (
                <li key={i}>{say(s, `options.${i}`, lang)}</li>
              ))}
            </ul>
            <ServiceProof service={s} projects={list("gallery").filter((g) => g.service === s.slug)} lang={lang} />
          </article>
        )}
      </>
    );
  } else if (part === "pages") {
    const about = (value("about") ?? {}) as Entry;
    const legal = list("legal");
    const pages: Entry[] = [{ title: "About" } as Entry, ...legal];
    const at = Math.min(pick, pages.length - 1);
    const doc = at > 0 ? legal[at - 1] : null;
    path = `${lang === "es" ? "/es" : ""}/${doc ? str(doc.id) : "about"}`;
    body = (
      <>
        {chooser(pages, (e) => str(e.title))}
        {!doc ? (
          <article className="space-y-3 text-sm leading-relaxed">
            <h3 className="text-2xl font-extrabold">{say(about, "headline", lang)}</h3>
            <p className="text-base">{say(about, "intro", lang)}</p>
            {((about.paragraphs ?? []) as string[]).map((_, i) => (
              <p key={i}>{say(about, `paragraphs.${i}`, lang)}</p>
            ))}
            <ul className="grid gap-2 sm:grid-cols-2">
              {((about.values ?? []) as Entry[]).map((_, i) => (
                <li key={i} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
                  <strong>{say(about, `values.${i}.title`, lang)}</strong> {say(about, `values.${i}.text`, lang)}
                </li>
              ))}
            </ul>
          </article>
        ) : (
          <article className="space-y-3 text-sm leading-relaxed">
            <h3 className="text-2xl font-extrabold">{say(doc, "title", lang)}</h3>
            <p className="text-xs">{str(doc.lastUpdated)}</p>
            <p>{say(doc, "summary", lang)}</p>
            {((doc.sections ?? []) as Entry[]).map((_, i) => (
              <section key={i}>
                <h4 className="font-bold">{say(doc, `sections.${i}.heading`, lang)}</h4>
                {paragraphs(say(doc, `sections.${i}.body`, lang))}
              </section>
            ))}
          </article>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="overflow-hidden rounded-2xl border-2 border-brand-600 bg-white shadow-sm dark:border-brand-400 dark:bg-slate-900" data-testid="site-preview">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-slate-100 px-4 py-2 dark:border-slate-700 dark:bg-slate-800">
        <h3 id={`${id}-title`} className="font-bold text-slate-900 dark:text-white">
          {t.preview.title}
        </h3>
        <bdi dir="ltr" className="rounded bg-white px-2 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-900 dark:text-slate-300" data-testid="preview-path">
          {path}
        </bdi>
        <div role="group" aria-label={t.preview.language} className="ms-auto flex gap-1">
          {(["en", "es"] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className="min-h-9 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-700 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white dark:border-slate-600 dark:text-slate-200 dark:aria-pressed:bg-brand-500"
            >
              {t.preview.languages[l]}
            </button>
          ))}
        </div>
        <p className="basis-full text-xs text-slate-600 dark:text-slate-400" data-testid="preview-note">
          {dirty ? t.preview.withUnsaved : t.preview.saved} {t.preview.likeness}
        </p>
      </div>
      <div dir="ltr" lang={lang} className="max-h-[70vh] overflow-y-auto p-4 text-slate-900 dark:text-slate-100" data-testid="preview-body" tabIndex={0} aria-label={t.preview.title}>
        {body}
      </div>
    </section>
  );
}
