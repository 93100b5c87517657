/**
 * What the estimator's form holds (every project's answers, so switching projects keeps what was
 * typed) and the answers it sends: the chosen project's own, plus the shared water, access and
 * waterway. Sizes stay the text typed; the pure module (src/lib/estimate.ts) reads them.
 */
import { PROJECT_INFO, PROJECTS, type Access, type ProjectId, type SizeField, type Water, type WaterwayId, type Within } from "../../lib/contracts/estimate";

export interface FormState {
  project: ProjectId;
  kind: Record<ProjectId, string>;
  material: Record<ProjectId, string>;
  sizes: Record<ProjectId, Partial<Record<SizeField, string>>>;
  within: Within;
  water: Water;
  access: Access;
  waterway: WaterwayId;
}

const perProject = <T,>(f: (p: ProjectId) => T) => Object.fromEntries(PROJECTS.map((p) => [p, f(p)])) as Record<ProjectId, T>;

/** A typical job of each kind: what the page shows before the visitor answers. */
export function initialState(): FormState {
  return {
    project: "seawall",
    kind: perProject((p) => PROJECT_INFO[p].kinds[0].id),
    material: perProject((p) => PROJECT_INFO[p].materials[0]?.id ?? ""),
    sizes: perProject((p) => Object.fromEntries(PROJECT_INFO[p].sizes.map((q) => [q.field, String(q.start)]))),
    within: "unsure",
    water: "salt",
    access: "land",
    waterway: "canal",
  };
}

/** The answers of the chosen project, as the estimator's API and a lead take them. */
export function answersOf(s: FormState): Record<string, unknown> {
  const p = s.project;
  const info = PROJECT_INFO[p];
  const out: Record<string, unknown> = { project: p, kind: s.kind[p] };
  if (info.materials.length) out.material = s.material[p];
  for (const q of info.sizes) out[q.field] = s.sizes[p][q.field] ?? "";
  if (p === "seawall" && s.kind.seawall === "replacement") out.within = s.within;
  out.water = s.water;
  out.access = s.access;
  out.waterway = s.waterway;
  return out;
}

/** The form field (its id) an answer's problem points at. */
export const fieldId = (project: ProjectId, field: string) => (["water", "access", "waterway", "project"].includes(field) ? `est-${field}` : `est-${project}-${field}`);
