/**
 * The estimator's arithmetic (issue 36, decision 19): one pure module, used by the /estimate island
 * (live, as the visitor answers), the no-JavaScript form's page and every lead the server stores
 * (recomputed there, never the browser's figure). No framework and no schema library: it ships in
 * the page's island.
 *
 *   price = (base + unit price × size) × material × barge × salt, at least the minimum,
 *   each end of the range on its own (low with the lows, high with the highs), the low end rounded
 *   down and the high end up.
 *
 * The rules' own checks (src/lib/estimate-rules.ts: every low ≤ its high, factors for barge and
 * salt ≥ 1, prices ≥ 0) make the promises hold for any published rules: more size never costs less,
 * barge never less than land, low never above high (tests/unit/estimate.test.ts proves them).
 */
import {
  ACCESSES,
  PROJECT_INFO,
  PROJECTS,
  WATERS,
  WATERWAYS,
  WITHIN,
  type Driver,
  type Estimate,
  type EstimateAnswers,
  type EstimateProblem,
  type PermitResult,
  type PriceRules,
  type Range,
  type SizeField,
} from "./contracts/estimate.ts";
import { estimateWords, projectInfo } from "./i18n/estimate.ts";
import type { Locale } from "./i18n/locales.ts";

const SIZE_FIELDS: SizeField[] = ["length", "width", "depth", "feet", "capacity"];
/** Every field a body may carry (the other projects' fields are ignored, not refused: one form holds them all). */
export const ANSWER_FIELDS = ["project", "kind", "material", "within", "water", "access", "waterway", ...SIZE_FIELDS] as const;

const has = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === "string" && (list as readonly string[]).includes(v);
const num = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** "$48,000". */
export function money(n: number): string {
  return `$${Math.round(n).toLocaleString("en-US")}`;
}

/**
 * Reads a visitor's answers (JSON values, or a form's strings) into the project's own answers, or
 * the first field to correct, with the words to say there (in the page's language, issue 37).
 * Numbers may be typed "1,200".
 */
export function parseAnswers(raw: Record<string, unknown>, locale: Locale = "en"): { answers: EstimateAnswers } | { problem: EstimateProblem } {
  const w = estimateWords(locale);
  const say = w.problem;
  const fail = (field: string, message: string) => ({ problem: { field, message } });
  for (const key of Object.keys(raw)) if (!(ANSWER_FIELDS as readonly string[]).includes(key)) return fail(key, say.notAQuestion);
  const project = raw.project;
  if (!has(PROJECTS, project)) return fail("project", say.project(w.or(PROJECTS.map((p) => projectInfo(p, locale).label.toLowerCase()))));
  const info = projectInfo(project, locale);
  const answers: EstimateAnswers = { project, kind: "", water: "salt", access: "land", waterway: "canal" };

  const kind = raw.kind ?? (info.kinds.length === 1 ? info.kinds[0].id : undefined);
  if (!info.kinds.some((k) => k.id === kind)) return fail("kind", say.kind(w.or(info.kinds.map((k) => k.label.toLowerCase()))));
  answers.kind = kind as string;

  if (info.materials.length) {
    const m = raw.material;
    if (!info.materials.some((x) => x.id === m)) return fail("material", say.material(w.or(info.materials.map((x) => x.label.toLowerCase()))));
    answers.material = m as string;
  }

  for (const q of info.sizes) {
    const v = raw[q.field];
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.replaceAll(",", "").trim()) : NaN;
    const range = say.range(q.min, q.max, q.unit);
    if (!Number.isFinite(n)) return fail(q.field, say.number(project, q.field, q.label, range));
    if (n < q.min) return fail(q.field, say.atLeast(project, q.field, q.label, `${num(q.min)} ${q.unit}`, range));
    if (n > q.max) return fail(q.field, say.atMost(project, q.field, q.label, `${num(q.max)} ${q.unit}`));
    answers[q.field] = Math.round(n * 10) / 10;
  }

  if (project === "seawall" && answers.kind === "replacement") {
    const within = raw.within ?? "unsure";
    if (!has(WITHIN, within)) return fail("within", say.within);
    answers.within = within;
  }
  if (!has(WATERS, raw.water)) return fail("water", say.water);
  answers.water = raw.water;
  if (!has(ACCESSES, raw.access)) return fail("access", say.access);
  answers.access = raw.access;
  if (!has(WATERWAYS, raw.waterway)) return fail("waterway", say.waterway(w.or(WATERWAYS.map((x) => w.waterway[x]))));
  answers.waterway = raw.waterway;
  return { answers };
}

/**
 * The flat answers of the no-JavaScript form: each project's own questions are named
 * "<project>.<field>" (one form holds them all), the shared ones plainly.
 */
export function answersFromForm(form: URLSearchParams): Record<string, unknown> {
  const project = form.get("project") ?? "";
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const dot = key.indexOf(".");
    if (dot < 0) out[key] = value;
    else if (key.slice(0, dot) === project && (ANSWER_FIELDS as readonly string[]).includes(key.slice(dot + 1))) out[key.slice(dot + 1)] = value;
    else if (key.slice(0, dot) === project) out[key] = value; // refused by parseAnswers, named as sent
    else if (!has(PROJECTS, key.slice(0, dot))) out[key] = value; // refused by parseAnswers, named as sent
  }
  return out;
}

/** How much is priced: sq ft, ft, thousands of lb or cubic yards. */
export function sizeOf(a: EstimateAnswers): number {
  switch (a.project) {
    case "dock":
      return (a.length ?? 0) * (a.width ?? 0);
    case "lift":
      return (a.capacity ?? 0) / 1000;
    case "seawall":
    case "cap":
      return a.feet ?? 0;
    case "dredge":
      return ((a.length ?? 0) * (a.width ?? 0) * (a.depth ?? 0)) / 27;
  }
}

function sizeText(a: EstimateAnswers, locale: Locale = "en"): string {
  const w = estimateWords(locale).size;
  switch (a.project) {
    case "dock":
      return w.dock(a.length!, a.width!, sizeOf(a));
    case "lift":
      return w.lift(a.capacity!);
    case "seawall":
    case "cap":
      return w.feet(a.feet!);
    case "dredge":
      return w.dredge(a.length!, a.width!, a.depth!, Math.round(sizeOf(a)));
  }
}

const ONE: Range = { low: 1, high: 1 };

/** The unrounded range for some answers, and whether the minimum decided it. */
function raw(rules: PriceRules, a: EstimateAnswers, size = sizeOf(a)): Range & { atMinimum: boolean } {
  const p = rules.projects[a.project];
  const kind = p.kinds[a.kind];
  const mat = (a.material && p.materials[a.material]) || ONE;
  const barge = a.access === "barge" ? p.barge : ONE;
  const salt = a.water === "salt" ? p.salt : ONE;
  const end = (k: keyof Range) => (kind.base[k] + kind.unit[k] * size) * mat[k] * barge[k] * salt[k];
  const low = end("low");
  const high = end("high");
  return { low: Math.max(low, p.minimum.low), high: Math.max(high, p.minimum.high), atMinimum: low < p.minimum.low && high < p.minimum.high };
}

/** The rounding step for an amount: $100 under $10,000, $500 under $100,000, $1,000 above (each a multiple of the last, so rounding never reorders). */
const step = (n: number) => (n < 10_000 ? 100 : n < 100_000 ? 500 : 1000);
/** To the cent first: 120 × $400 × 1.1 is 52,800.000000000007 in floating point, and must stay $52,800. */
const cents = (n: number) => Math.round(n * 100) / 100;
export const roundDown = (n: number) => Math.floor(cents(n) / step(cents(n))) * step(cents(n));
export const roundUp = (n: number) => Math.ceil(cents(n) / step(cents(n))) * step(cents(n));
/** A difference as the visitor reads it, to $100 (to $500 from $10,000): "$4,000". */
const about = (n: number) => money(Math.round(Math.abs(n) / (Math.abs(n) < 10_000 ? 100 : 500)) * (Math.abs(n) < 10_000 ? 100 : 500));

function rangeText(lo: number, hi: number, locale: Locale): string {
  const w = estimateWords(locale).range;
  const [a, b] = [Math.abs(lo), Math.abs(hi)].sort((x, y) => x - y);
  if (about(a) === about(b)) return w.about(about(a));
  return about(a) === "$0" ? w.upTo(about(b)) : w.about(`${about(a)}–${about(b)}`);
}

interface Lever {
  id: Driver["id"];
  swing: number;
  title: string;
  detail: string;
}

/** A choice against its alternatives: the one that moves the price most, in words. */
function choiceLever(rules: PriceRules, a: EstimateAnswers, id: Driver["id"], field: "kind" | "material" | "access" | "water", options: { id: string; label: string }[], locale: Locale): Lever | null {
  const w = estimateWords(locale).drivers;
  const current = raw(rules, a);
  const here = options.find((o) => o.id === a[field]);
  if (!here || options.length < 2) return null;
  let best: { label: string; dLow: number; dHigh: number } | null = null;
  for (const o of options) {
    if (o.id === here.id) continue;
    const alt = raw(rules, { ...a, [field]: o.id });
    const d = { label: o.label, dLow: alt.low - current.low, dHigh: alt.high - current.high };
    if (!best || Math.abs(d.dLow + d.dHigh) > Math.abs(best.dLow + best.dHigh)) best = d;
  }
  if (!best) return null;
  const swing = Math.abs(best.dLow + best.dHigh) / 2;
  const alt = `“${best.label}”`;
  const detail =
    best.dLow <= 0 && best.dHigh <= 0
      ? w.adds(alt, rangeText(best.dLow, best.dHigh, locale))
      : best.dLow >= 0 && best.dHigh >= 0
      ? w.wouldAdd(alt, rangeText(best.dLow, best.dHigh, locale))
      : w.wouldMove(alt, about(best.dLow), about(best.dHigh));
  return { id, swing, title: here.label, detail };
}

function drivers(rules: PriceRules, a: EstimateAnswers, locale: Locale): Driver[] {
  const info = projectInfo(a.project, locale);
  const words = estimateWords(locale);
  const w = words.drivers;
  const current = raw(rules, a);
  const levers: Lever[] = [];
  const size = sizeOf(a);
  const zero = raw(rules, a, 0);
  const sizeSwing = (current.low + current.high - zero.low - zero.high) / 2;
  if (current.atMinimum) {
    const p = rules.projects[a.project];
    levers.push({ id: "minimum", swing: (p.minimum.low + p.minimum.high) / 2, title: w.smallestJob, detail: w.atMinimum(`${money(p.minimum.low)}–${money(p.minimum.high)}`) });
  } else {
    const more = raw(rules, a, size + info.step);
    levers.push({
      id: "size",
      swing: sizeSwing,
      title: w.size(sizeText(a, locale)),
      detail: w.each(info.step === 1 ? "" : `${num(info.step)} `, info.unit, rangeText(more.low - current.low, more.high - current.high, locale)),
    });
  }
  const choices = [
    choiceLever(rules, a, "kind", "kind", info.kinds, locale),
    choiceLever(rules, a, "material", "material", info.materials, locale),
    choiceLever(rules, a, "access", "access", ACCESSES.map((id) => ({ id, label: words.access[id] })), locale),
    choiceLever(rules, a, "water", "water", WATERS.map((id) => ({ id, label: words.water[id] })), locale),
  ];
  for (const c of choices) if (c && c.swing >= 1) levers.push(c);
  return levers
    .sort((x, y) => y.swing - x.swing)
    .slice(0, 3)
    .map(({ id, title, detail }) => ({ id, title, detail }));
}

/**
 * The permits the job likely needs. On a Spanish page (issue 37) each permit's name and note are
 * the office's Spanish where it wrote one; `english` names those shown in English (marked so).
 */
function permits(rules: PriceRules, a: EstimateAnswers, locale: Locale): PermitResult[] {
  const w = estimateWords(locale).permits;
  const out: PermitResult[] = [];
  const manMade = rules.waterways[a.waterway].manMade;
  for (const p of rules.permits) {
    if (!p.applies[a.project]?.includes(a.waterway)) continue;
    let status: PermitResult["status"] = "likely";
    const english: ("name" | "note")[] = [];
    const spanish = (key: "name" | "note") => {
      if (locale === "en" || !p[key]) return p[key];
      const es = p.es?.[key]?.trim();
      if (es) return es;
      english.push(key);
      return p[key];
    };
    const name = spanish("name");
    let note = spanish("note");
    const dockMax = p.exemptions.dockUpToSqFt;
    const within = p.exemptions.seawallWithinInches;
    if (a.project === "dock" && dockMax !== null && manMade && sizeOf(a) <= dockMax) {
      status = "exempt";
      note = w.dockExempt(dockMax);
    } else if (a.project === "seawall" && a.kind === "replacement" && within !== null && a.within !== "no") {
      status = a.within === "yes" ? "exempt" : "maybe";
      note = a.within === "yes" ? w.seawallExempt(within) : w.seawallMaybe(within);
    }
    if (status !== "likely" && english.includes("note")) english.splice(english.indexOf("note"), 1);
    out.push({ id: p.id, name, agency: p.agency, weeks: { ...p.weeks }, status, note, ...(english.length ? { english } : {}) });
  }
  return out;
}

/**
 * The estimate for valid answers (parseAnswers first). `rulesVersion`: the published version the
 * rules are; `locale`: the words' language (the office's records are computed in English).
 */
export function computeEstimate(rules: PriceRules, answers: EstimateAnswers, rulesVersion: number | null = null, locale: Locale = "en"): Estimate {
  const r = raw(rules, answers);
  const low = roundDown(r.low);
  const high = Math.max(low, roundUp(r.high));
  const list = permits(rules, answers, locale);
  const waterway = rules.waterways[answers.waterway];
  const spanishNote = locale === "es" ? waterway.es?.note?.trim() : undefined;
  const needed = list.filter((p) => p.status !== "exempt");
  return {
    answers,
    low,
    high,
    size: sizeText(answers, locale),
    drivers: drivers(rules, answers, locale),
    permits: list,
    permitWeeks: needed.length ? { min: Math.max(...needed.map((p) => p.weeks.min)), max: Math.max(...needed.map((p) => p.weeks.max)) } : null,
    waterwayNote: spanishNote || waterway.note,
    ...(locale === "es" && !spanishNote && waterway.note ? { waterwayNoteEnglish: true } : {}),
    sample: rules.projects[answers.project].sample || rules.permitsSample,
    rulesVersion,
  };
}

/** Parses and computes, or answers the field to correct. */
export function estimateFrom(rules: PriceRules, raw: Record<string, unknown>, rulesVersion: number | null = null, locale: Locale = "en"): { estimate: Estimate } | { problem: EstimateProblem } {
  const parsed = parseAnswers(raw, locale);
  return "problem" in parsed ? parsed : { estimate: computeEstimate(rules, parsed.answers, rulesVersion, locale) };
}

/** "$48,000–$105,600". */
export const rangeOf = (e: Pick<Estimate, "low" | "high">) => (e.low === e.high ? money(e.low) : `${money(e.low)}–${money(e.high)}`);

/** The answers in words: "Seawall: new or replacement · A new seawall · 120 ft · Concrete panels · By barge · Salt water · A Cape Coral canal". */
export function answersText(a: EstimateAnswers, locale: Locale = "en"): string {
  const info = projectInfo(a.project, locale);
  const w = estimateWords(locale);
  const parts = [info.kinds.length > 1 ? info.kinds.find((k) => k.id === a.kind)?.label : info.label, sizeText(a, locale)];
  if (a.material) parts.push(info.materials.find((m) => m.id === a.material)?.label);
  if (a.within) parts.push(w.withinAnswer(a.within));
  parts.push(w.access[a.access], w.water[a.water], w.waterway[a.waterway]);
  return parts.filter(Boolean).join(" · ");
}

const weeks = (w: { min: number; max: number }) => estimateWords("en").weeks(w);
/** "2–6 weeks", "2–6 semanas". */
export const weeksText = (w: { min: number; max: number }, locale: Locale = "en") => estimateWords(locale).weeks(w);

/**
 * The estimate in a few lines, for the office: the lead's card, the CSV, Zoho's Description and the
 * office e-mail all show these words.
 */
export function estimateLines(e: Estimate): string[] {
  const info = PROJECT_INFO[e.answers.project];
  const likely = e.permits.filter((p) => p.status !== "exempt");
  return [
    `Online estimate: ${rangeOf(e)} (ballpark${e.sample ? ", sample prices" : ""}${e.rulesVersion ? `, price rules v${e.rulesVersion}` : ""})`,
    `${info.service}: ${answersText(e.answers)}`,
    `Permits: ${likely.length ? likely.map((p) => `${p.name}${p.status === "maybe" ? " (maybe)" : ""}, ${weeks(p.weeks)}`).join("; ") : "likely none"}`,
  ];
}
