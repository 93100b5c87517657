/**
 * The estimator (issue 36, decision 19): the shapes the page, the server and the back office share.
 * The office's price rules are one published document (draft, publish, history, like the site's
 * content); src/lib/estimate.ts computes a range from them; the server recomputes what it stores.
 * What a project asks, its choices and their words are fixed here (the office edits numbers, not
 * questions): a price rule names a choice by its id.
 */

export const PROJECTS = ["dock", "lift", "seawall", "cap", "dredge"] as const;
export type ProjectId = (typeof PROJECTS)[number];

export const WATERWAYS = ["canal", "caloosahatchee", "spreader", "matlacha"] as const;
export type WaterwayId = (typeof WATERWAYS)[number];

export const WATERS = ["fresh", "salt"] as const;
export type Water = (typeof WATERS)[number];
export const ACCESSES = ["land", "barge"] as const;
export type Access = (typeof ACCESSES)[number];
/** A replacement seawall: does the new wall go within the exempt distance of the old one? */
export const WITHIN = ["yes", "no", "unsure"] as const;
export type Within = (typeof WITHIN)[number];

/** A size the visitor types; `min`/`max` bound what the estimator answers online. */
export interface SizeQuestion {
  field: SizeField;
  label: string;
  unit: string;
  min: number;
  max: number;
  /** The form's starting value (a typical job). */
  start: number;
  hint?: string;
}
export type SizeField = "length" | "width" | "depth" | "feet" | "capacity";

export interface ProjectInfo {
  id: ProjectId;
  /** The choice as the visitor reads it. */
  label: string;
  /** What the office calls the job in a quote request's subject (a service title of content/services.json). */
  service: string;
  /** The first question: which kind of job (ids the price rules price). */
  kinds: { id: string; label: string }[];
  kindQuestion: string;
  /** Materials, priced as factors; none for some projects. */
  materials: { id: string; label: string }[];
  sizes: SizeQuestion[];
  /** What one priced unit is ("sq ft", "ft", "1,000 lb", "cu yd"), and how the base is called. */
  unit: string;
  baseLabel: string;
  /** The size step a driver speaks of, in units ("each 10 ft", "each 1,000 lb"). */
  step: number;
}

export const PROJECT_INFO: Record<ProjectId, ProjectInfo> = {
  dock: {
    id: "dock",
    label: "Dock: new or rebuild",
    service: "Custom Docks",
    kindQuestion: "New dock or rebuild?",
    kinds: [
      { id: "new", label: "A new dock" },
      { id: "rebuild", label: "Rebuild an old dock (tear-out included)" },
    ],
    materials: [
      { id: "wood", label: "Pressure-treated wood" },
      { id: "composite", label: "Composite decking" },
      { id: "concrete", label: "Concrete" },
    ],
    sizes: [
      { field: "length", label: "Dock length", unit: "ft", min: 4, max: 300, start: 40, hint: "Out from the seawall, or along it for a marginal dock." },
      { field: "width", label: "Dock width", unit: "ft", min: 3, max: 60, start: 8 },
    ],
    unit: "sq ft",
    baseLabel: "per job",
    step: 50,
  },
  lift: {
    id: "lift",
    label: "Boat lift",
    service: "Boat Lifts",
    kindQuestion: "What kind of lift?",
    kinds: [
      { id: "cable", label: "Cable lift (elevator or 4-post)" },
      { id: "hydraulic", label: "Hydraulic lift" },
    ],
    materials: [],
    sizes: [{ field: "capacity", label: "Lift capacity", unit: "lb", min: 1000, max: 60000, start: 10000, hint: "About 1.5 times your boat's weight with fuel and gear." }],
    unit: "1,000 lb",
    baseLabel: "the lift itself",
    step: 1,
  },
  seawall: {
    id: "seawall",
    label: "Seawall: new or replacement",
    service: "Seawalls",
    kindQuestion: "New wall or replacement?",
    kinds: [
      { id: "new", label: "A new seawall" },
      { id: "replacement", label: "Replace an old seawall" },
    ],
    materials: [
      { id: "concrete", label: "Concrete panels" },
      { id: "vinyl", label: "Vinyl sheet piling" },
    ],
    sizes: [{ field: "feet", label: "Length of wall", unit: "ft", min: 10, max: 2000, start: 80, hint: "Most Cape Coral lots have 80 to 120 ft of seawall." }],
    unit: "ft",
    baseLabel: "per job",
    step: 10,
  },
  cap: {
    id: "cap",
    label: "Seawall cap or repair",
    service: "Seawalls",
    kindQuestion: "What does the wall need?",
    kinds: [
      { id: "cap", label: "A new cap on the existing wall" },
      { id: "repair", label: "Repair cracks, panels or joints" },
    ],
    materials: [],
    sizes: [{ field: "feet", label: "Length of wall", unit: "ft", min: 5, max: 2000, start: 80 }],
    unit: "ft",
    baseLabel: "per job",
    step: 10,
  },
  dredge: {
    id: "dredge",
    label: "Dredging",
    service: "Dredging",
    kindQuestion: "",
    kinds: [{ id: "dredge", label: "Dredging" }],
    materials: [],
    sizes: [
      { field: "length", label: "Length of the area", unit: "ft", min: 10, max: 1000, start: 80, hint: "Usually along your seawall." },
      { field: "width", label: "Width of the area", unit: "ft", min: 5, max: 200, start: 20 },
      { field: "depth", label: "Depth to remove", unit: "ft", min: 1, max: 10, start: 2 },
    ],
    unit: "cu yd",
    baseLabel: "getting the equipment there",
    step: 10,
  },
};

export const WATERWAY_LABELS: Record<WaterwayId, string> = {
  canal: "A Cape Coral canal",
  caloosahatchee: "The Caloosahatchee River",
  spreader: "A Spreader waterway",
  matlacha: "Matlacha Pass",
};
/** The projects as the office calls them (the back office is Hebrew). */
export const PROJECT_HE: Record<ProjectId, string> = {
  dock: "רציף (חדש או בנייה מחדש)",
  lift: "מעלית סירה",
  seawall: "קיר ים (חדש או החלפה)",
  cap: "כיפת קיר ים או תיקון",
  dredge: "העמקת תעלה (חפירה)",
};
/** The waterways as the office calls them (the price list's tab, the launch checklist). */
export const WATERWAY_HE: Record<WaterwayId, string> = {
  canal: "תעלה בקייפ קורל",
  caloosahatchee: "נהר קלוסהאצ׳י",
  spreader: "נתיבי הספרדר",
  matlacha: "מעבר מטלצ׳ה",
};
export const WATER_LABELS: Record<Water, string> = { fresh: "Fresh water", salt: "Salt water" };
export const ACCESS_LABELS: Record<Access, string> = { land: "From land", barge: "By barge" };
export const WITHIN_LABELS: Record<Within, string> = { yes: "Yes", no: "No", unsure: "Not sure" };

/** A dollar range, or a factor's range (low multiplies the low end, high the high end). */
export interface Range {
  low: number;
  high: number;
}

/** A kind of job's price: a fixed part per job plus a price per unit (sq ft, ft, 1,000 lb, cu yd). */
export interface KindPrice {
  base: Range;
  unit: Range;
}

export interface ProjectRules {
  /** Still the seed's sample numbers (public ranges), not the office's own: shown as such until confirmed. */
  sample: boolean;
  kinds: Record<string, KindPrice>;
  /** Factors per material (1 = the base price). */
  materials: Record<string, Range>;
  /** Factors for barge access and salt water (land and fresh water are 1). */
  barge: Range;
  salt: Range;
  /** The smallest job's price. */
  minimum: Range;
}

export interface PermitRule {
  id: string;
  /** As the homeowner reads it (English). */
  name: string;
  agency: string;
  note: string;
  /** Typical time from applying to holding it. */
  weeks: { min: number; max: number };
  /** Where it applies: per project, the waterways. */
  applies: Record<ProjectId, WaterwayId[]>;
  /** The state's exemptions: a private dock up to this many sq ft on a man-made canal; a replacement seawall within this many inches of the old one. null: none. */
  exemptions: { dockUpToSqFt: number | null; seawallWithinInches: number | null };
  /** The name and note in Spanish, as the office wrote them (issue 37); a missing one shows in English on /es/estimate. */
  es?: { name?: string; note?: string };
}

export interface WaterwayRules {
  /** A man-made canal (the state's small-dock exemption applies there). */
  manMade: boolean;
  /** What the homeowner should know about permits there (English), shown with the estimate. */
  note: string;
  /** The note in Spanish (issue 37). */
  es?: { note?: string };
}

export interface PriceRules {
  projects: Record<ProjectId, ProjectRules>;
  waterways: Record<WaterwayId, WaterwayRules>;
  permits: PermitRule[];
  /** The permit rules are still the seed's samples. */
  permitsSample: boolean;
}

/** The visitor's answers, flat (the JSON API's body; the form's fields map onto it). */
export interface EstimateAnswers {
  project: ProjectId;
  kind: string;
  material?: string;
  length?: number;
  width?: number;
  depth?: number;
  feet?: number;
  capacity?: number;
  within?: Within;
  water: Water;
  access: Access;
  waterway: WaterwayId;
}

export interface PermitResult {
  id: string;
  name: string;
  agency: string;
  weeks: { min: number; max: number };
  /** likely: needed; maybe: depends on an answer the visitor was not sure of; exempt: likely not needed. */
  status: "likely" | "maybe" | "exempt";
  note: string;
  /** On a Spanish page: the texts shown in English, with no Spanish from the office yet (issue 37). */
  english?: ("name" | "note")[];
}

export interface Driver {
  id: "size" | "kind" | "material" | "access" | "water" | "minimum";
  title: string;
  detail: string;
}

export interface Estimate {
  answers: EstimateAnswers;
  low: number;
  high: number;
  /** The size priced: "120 ft", "320 sq ft", "10,000 lb", "119 cu yd". */
  size: string;
  /** The three things that move it most, largest first. */
  drivers: Driver[];
  permits: PermitResult[];
  /** The longest typical wait for the permits likely needed (weeks), or null when none is. */
  permitWeeks: { min: number; max: number } | null;
  waterwayNote: string;
  /** On a Spanish page: the waterway's note is the English, with no Spanish from the office yet. */
  waterwayNoteEnglish?: boolean;
  /** Some numbers are still the seed's samples. */
  sample: boolean;
  /** The price rules' published version it was computed with (null: a draft or a test). */
  rulesVersion: number | null;
}

/** A field the visitor must correct, and what to tell them there. */
export interface EstimateProblem {
  field: string;
  message: string;
}

/** The most a price, a per-unit price or a minimum may be (a typo of three zeros too many is refused). */
export const MAX_PRICE = 10_000_000;
export const MAX_FACTOR = 10;
export const MAX_PERMITS = 12;
export const MAX_WEEKS = 104;

/** The public endpoint: JSON answers in, JSON out; the no-JavaScript form posts here too and gets a page. */
export const ESTIMATE_API = "/api/estimate";
/** A form or JSON body at most (the longest real one is under 1 KB). */
export const ESTIMATE_BODY_MAX_BYTES = 4 * 1024;
/** The price rules document as the back office saves it, at most. */
export const PRICE_RULES_MAX_BYTES = 64 * 1024;
/** The build publishes the price rules' version it was made from here; the back office polls it after "Publish". */
export const PRICE_RULES_VERSION_PATH = "/estimate-version.json";
