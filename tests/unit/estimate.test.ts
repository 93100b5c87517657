// Issue 36: the estimator's one pure module. Worked examples a person can check by hand, the
// promises it keeps for any rules the office may publish (property tests), and the fields a visitor
// is told to correct.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROJECT_INFO, PROJECTS, WATERWAYS, type EstimateAnswers, type PriceRules, type ProjectId, type Range } from "../../src/lib/contracts/estimate.ts";
import { answersFromForm, computeEstimate, estimateFrom, estimateLines, parseAnswers, roundDown, roundUp } from "../../src/lib/estimate.ts";
import { priceRulesSchema } from "../../src/lib/estimate-rules.ts";

const r = (low: number, high: number): Range => ({ low, high });
const k = (base: Range, unit: Range) => ({ base, unit });
const ALL = [...WATERWAYS];
const OFF = ["caloosahatchee", "spreader", "matlacha"] as const;

/** The seed's numbers (content/estimate.json), fixed here so the arithmetic's tests never follow an edit of the seed. */
const RULES: PriceRules = {
  projects: {
    dock: { sample: true, kinds: { new: k(r(0, 0), r(55, 60)), rebuild: k(r(0, 0), r(65, 75)) }, materials: { wood: r(1, 1), composite: r(1.2, 1.4), concrete: r(1.3, 1.6) }, barge: r(1.1, 1.3), salt: r(1.1, 1.25), minimum: r(6000, 9000) },
    lift: { sample: true, kinds: { cable: k(r(1000, 3000), r(900, 1500)), hydraulic: k(r(8000, 12000), r(600, 850)) }, materials: {}, barge: r(1, 1.15), salt: r(1.05, 1.15), minimum: r(5000, 8000) },
    seawall: { sample: false, kinds: { new: k(r(0, 0), r(250, 400)), replacement: k(r(0, 0), r(300, 480)) }, materials: { concrete: r(1, 1), vinyl: r(1.05, 1.2) }, barge: r(1.6, 2), salt: r(1, 1.1), minimum: r(12000, 20000) },
    cap: { sample: true, kinds: { cap: k(r(0, 0), r(60, 110)), repair: k(r(0, 0), r(90, 220)) }, materials: {}, barge: r(1.2, 1.5), salt: r(1, 1.1), minimum: r(2500, 5000) },
    dredge: { sample: true, kinds: { dredge: k(r(2500, 4000), r(60, 120)) }, materials: {}, barge: r(1, 1.2), salt: r(1, 1), minimum: r(5000, 8000) },
  },
  waterways: { canal: { manMade: true, note: "" }, caloosahatchee: { manMade: false, note: "River note" }, spreader: { manMade: false, note: "" }, matlacha: { manMade: false, note: "Aquatic preserve" } },
  permits: [
    { id: "city", name: "City permit", agency: "City of Cape Coral", note: "", weeks: { min: 2, max: 6 }, applies: { dock: ["canal"], lift: ["canal"], seawall: ["canal"], cap: ["canal"], dredge: ["canal"] }, exemptions: { dockUpToSqFt: null, seawallWithinInches: null } },
    { id: "state", name: "State permit", agency: "Florida DEP", note: "", weeks: { min: 4, max: 12 }, applies: { dock: ALL, lift: [...OFF], seawall: ALL, cap: [], dredge: ALL }, exemptions: { dockUpToSqFt: 1000, seawallWithinInches: 18 } },
    { id: "corps", name: "Corps permit", agency: "U.S. Army Corps of Engineers", note: "", weeks: { min: 8, max: 20 }, applies: { dock: [...OFF], lift: [...OFF], seawall: [...OFF], cap: [], dredge: ALL }, exemptions: { dockUpToSqFt: null, seawallWithinInches: null } },
  ],
  permitsSample: false,
};

const at = { water: "fresh", access: "land", waterway: "canal" } as const;
const estimate = (a: Record<string, unknown>, rules = RULES) => {
  const out = estimateFrom(rules, a);
  if ("problem" in out) throw new Error(`${out.problem.field}: ${out.problem.message}`);
  return out.estimate;
};

describe("worked examples (the seed's sample numbers)", () => {
  // [what, answers, low, high, permits likely (or maybe), exempt]
  const cases: [string, Record<string, unknown>, number, number, string[], string[]][] = [
    // 120 × $250 × barge 1.6 = $48,000; 120 × $400 × barge 2 × salt 1.1 = $105,600, up to $106,000 (rounded to $1,000 above $100,000).
    ["seawall 120 ft by barge on a salt canal", { project: "seawall", kind: "new", material: "concrete", feet: 120, ...at, water: "salt", access: "barge" }, 48_000, 106_000, ["city", "state"], []],
    // 120 × $250–$400: the "$250–400 per linear foot from land".
    ["seawall 120 ft from land, fresh", { project: "seawall", kind: "new", material: "concrete", feet: 120, ...at }, 30_000, 48_000, ["city", "state"], []],
    // 100 × $300 × vinyl 1.05 = $31,500; 100 × $480 × 1.2 × 1.1 = $63,360, up to $63,500. Within 18 in.: the state's exemption; the Corps still.
    ["replacement vinyl wall on Matlacha Pass, within 18 in.", { project: "seawall", kind: "replacement", material: "vinyl", feet: 100, within: "yes", ...at, water: "salt", waterway: "matlacha" }, 31_500, 63_500, ["corps"], ["state"]],
    // 320 sq ft × $55 × salt 1.1 = $19,360, down to $19,000; × $60 × 1.25 = $24,000. Under 1,000 sq ft on a man-made canal: no state permit.
    ["dock 40 × 8 ft of wood on a salt canal", { project: "dock", kind: "new", material: "wood", length: 40, width: 8, ...at, water: "salt" }, 19_000, 24_000, ["city"], ["state"]],
    // 1,200 sq ft × $55 × 1.2 = $79,200 → $79,000; × $60 × 1.4 = $100,800 → $101,000. Over the 1,000 sq ft exemption: the state permit is likely.
    ["dock 60 × 20 ft of composite", { project: "dock", kind: "new", material: "composite", length: 60, width: 20, ...at }, 79_000, 101_000, ["city", "state"], []],
    // $1,000 + 10 × $900 = $10,000; $3,000 + 10 × $1,500 = $18,000: the "$5k–18k up to 10,000 lb".
    ["cable lift, 10,000 lb", { project: "lift", kind: "cable", capacity: 10_000, ...at }, 10_000, 18_000, ["city"], []],
    // ($8,000 + 16 × $600) × 1.05 = $18,480 → $18,000; ($12,000 + 16 × $850) × 1.15 = $29,440 → $29,500.
    ["hydraulic lift, 16,000 lb, salt", { project: "lift", kind: "hydraulic", capacity: 16_000, ...at, water: "salt" }, 18_000, 29_500, ["city"], []],
    // 20 ft × $60–$110 = $1,200–$2,200, under the minimum: $2,500–$5,000.
    ["a short cap: the minimum", { project: "cap", kind: "cap", feet: 20, ...at }, 2_500, 5_000, ["city"], []],
    // 80 × 20 × 2 / 27 = 118.5 cu yd: $2,500 + 118.5 × $60 = $9,611 → $9,600; ($4,000 + 118.5 × $120) × 1.2 = $21,867 → $22,000.
    ["dredging 80 × 20 ft, 2 ft deep, by barge on the river", { project: "dredge", length: 80, width: 20, depth: 2, ...at, access: "barge", waterway: "caloosahatchee" }, 9_600, 22_000, ["state", "corps"], []],
  ];
  it.each(cases)("%s", (_what, answers, low, high, likely, exempt) => {
    const e = estimate(answers);
    expect([e.low, e.high]).toEqual([low, high]);
    expect(e.permits.filter((p) => p.status !== "exempt").map((p) => p.id)).toEqual(likely);
    expect(e.permits.filter((p) => p.status === "exempt").map((p) => p.id)).toEqual(exempt);
  });

  it("names the three things that move the price most, largest first, in plain words", () => {
    const e = estimate({ project: "seawall", kind: "new", material: "concrete", feet: 120, ...at, water: "salt", access: "barge" });
    expect(e.drivers.map((d) => d.id)).toEqual(["size", "access", "kind"]);
    expect(e.drivers[0]).toEqual({ id: "size", title: "Size: 120 ft", detail: "Each 10 ft more or less moves it about $4,000–$8,800." });
    expect(e.drivers[1].detail).toBe("Adds about $18,000–$53,000 compared with “From land”.");
    // From land, the barge is what would move it: said as what it would add.
    const land = estimate({ project: "seawall", kind: "new", material: "concrete", feet: 120, ...at });
    expect(land.drivers.find((d) => d.id === "access")?.detail).toBe("Choosing “By barge” would add about $18,000–$48,000.");
    // At the minimum, the size barely matters: the minimum is what the visitor is told.
    expect(estimate({ project: "cap", kind: "cap", feet: 20, ...at }).drivers).toEqual([{ id: "minimum", title: "Our smallest job", detail: "A job this size is priced at our minimum, $2,500–$5,000." }]);
  });

  it("a replacement wall whose distance is not known may need the state permit; one past 18 inches does", () => {
    const base = { project: "seawall", kind: "replacement", material: "concrete", feet: 80, ...at };
    expect(estimate({ ...base, within: "unsure" }).permits.find((p) => p.id === "state")?.status).toBe("maybe");
    expect(estimate({ ...base }).answers.within, "not answered: not sure").toBe("unsure");
    expect(estimate({ ...base, within: "no" }).permits.find((p) => p.id === "state")?.status).toBe("likely");
    expect(estimate({ ...base, within: "yes" }).permitWeeks).toEqual({ min: 2, max: 6 });
  });

  it("says where the waterway's own rules matter and whether the numbers are samples", () => {
    const e = estimate({ project: "dock", kind: "new", material: "wood", length: 30, width: 6, ...at, waterway: "caloosahatchee" });
    expect(e.waterwayNote).toBe("River note");
    // The river is not man-made: the small-dock exemption does not apply, and the City does not permit there.
    expect(e.permits.map((p) => [p.id, p.status])).toEqual([["state", "likely"], ["corps", "likely"]]);
    expect(e.sample).toBe(true);
    expect(estimate({ project: "seawall", kind: "new", material: "concrete", feet: 80, ...at }).sample).toBe(false);
  });

  it("puts the estimate in the office's words for the lead", () => {
    const e = computeEstimate(RULES, (parseAnswers({ project: "seawall", kind: "new", material: "concrete", feet: 120, ...at, water: "salt", access: "barge" }) as { answers: EstimateAnswers }).answers, 4);
    expect(estimateLines(e)).toEqual([
      "Online estimate: $48,000–$106,000 (ballpark, price rules v4)",
      "Seawalls: A new seawall · 120 ft · Concrete panels · By barge · Salt water · A Cape Coral canal",
      "Permits: City permit, 2–6 weeks; State permit, 4–12 weeks",
    ]);
  });

  it("the seed in content/ is valid price rules, all marked sample", () => {
    const seed = priceRulesSchema.parse(JSON.parse(readFileSync("content/estimate.json", "utf8")));
    expect(Object.values(seed.projects).every((p) => p.sample)).toBe(true);
    expect(seed.permitsSample).toBe(true);
    expect(priceRulesSchema.safeParse(RULES).success).toBe(true);
  });
});

describe("answers the visitor must correct, named at the field", () => {
  const seawall = { project: "seawall", kind: "new", material: "concrete", feet: 120, ...at };
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["0 ft", { ...seawall, feet: 0 }, "feet", /at least 10 ft/],
    ["10,000 ft", { ...seawall, feet: 10_000 }, "feet", /at most 2,000 ft.*call the office/],
    ["10,000 ft typed with a comma", { ...seawall, feet: "10,000" }, "feet", /at most 2,000 ft/],
    ["no length", { ...seawall, feet: "" }, "feet", /as a number/],
    ["a length in words", { ...seawall, feet: "a lot" }, "feet", /as a number/],
    ["Infinity", { ...seawall, feet: Infinity }, "feet", /as a number/],
    ["negative", { ...seawall, feet: -5 }, "feet", /at least 10/],
    ["an unknown material", { ...seawall, material: "gold" }, "material", /concrete panels or vinyl sheet piling/],
    ["a dock material on a seawall", { ...seawall, material: "composite" }, "material", /Choose a material/],
    ["an unknown project", { ...seawall, project: "pool" }, "project", /Choose a project/],
    ["an unknown kind", { ...seawall, kind: "gazebo" }, "kind", /a new seawall or replace an old seawall/],
    ["no waterway", { ...seawall, waterway: undefined }, "waterway", /Cape Coral canal/],
    ["an unknown field", { ...seawall, price: 1 }, "price", /not one of the estimator's questions/],
    ["a dock 0 ft wide", { project: "dock", kind: "new", material: "wood", length: 40, width: 0, ...at }, "width", /dock width must be at least 3 ft/],
    ["a 200,000 lb lift", { project: "lift", kind: "cable", capacity: 200_000, ...at }, "capacity", /at most 60,000 lb/],
    ["a 30 ft deep dredge", { project: "dredge", length: 80, width: 20, depth: 30, ...at }, "depth", /at most 10 ft/],
    ["an unknown answer to 'within 18 inches'", { ...seawall, kind: "replacement", within: "maybe" }, "within", /yes, no or not sure/],
  ];
  it.each(cases)("%s", (_what, answers, field, message) => {
    const out = parseAnswers(answers);
    expect("problem" in out && out.problem.field).toBe(field);
    expect("problem" in out && out.problem.message).toMatch(message);
  });

  it("reads the no-JavaScript form: each project's own fields, the shared ones, the others ignored", () => {
    const form = new URLSearchParams("project=seawall&dock.kind=new&dock.length=40&seawall.kind=new&seawall.material=vinyl&seawall.feet=120&water=salt&access=barge&waterway=canal");
    expect(answersFromForm(form)).toEqual({ project: "seawall", kind: "new", material: "vinyl", feet: "120", water: "salt", access: "barge", waterway: "canal" });
    expect(parseAnswers(answersFromForm(form))).toMatchObject({ answers: { project: "seawall", feet: 120 } });
    expect(parseAnswers(answersFromForm(new URLSearchParams("project=seawall&seawall.colour=red")))).toMatchObject({ problem: { field: "seawall.colour" } });
  });
});

// ---- Property tests: for any rules the office can publish and any valid answers. ----

const money = (max: number) => fc.integer({ min: 0, max }).chain((low) => fc.integer({ min: low, max: low + max }).map((high) => r(low, high)));
const factorRange = (min: number) => fc.double({ min, max: 4, noNaN: true }).chain((low) => fc.double({ min: low, max: 5, noNaN: true }).map((high) => r(low, high)));
const projectRules = (id: ProjectId) =>
  fc.record({
    sample: fc.boolean(),
    kinds: fc.record(Object.fromEntries(PROJECT_INFO[id].kinds.map((x) => [x.id, fc.record({ base: money(20_000), unit: money(1_000) })]))),
    materials: fc.record(Object.fromEntries(PROJECT_INFO[id].materials.map((m) => [m.id, factorRange(0.1)]))),
    barge: factorRange(1),
    salt: factorRange(1),
    minimum: money(30_000),
  });
const rulesArb: fc.Arbitrary<PriceRules> = fc.record({
  projects: fc.record(Object.fromEntries(PROJECTS.map((p) => [p, projectRules(p)])) as Record<ProjectId, ReturnType<typeof projectRules>>),
  waterways: fc.constant(RULES.waterways),
  permits: fc.constant(RULES.permits),
  permitsSample: fc.boolean(),
}) as fc.Arbitrary<PriceRules>;

const answersArb: fc.Arbitrary<EstimateAnswers> = fc.constantFrom(...PROJECTS).chain((project) => {
  const info = PROJECT_INFO[project];
  return fc.record({
    project: fc.constant(project),
    kind: fc.constantFrom(...info.kinds.map((x) => x.id)),
    ...(info.materials.length ? { material: fc.constantFrom(...info.materials.map((m) => m.id)) } : {}),
    ...Object.fromEntries(info.sizes.map((q) => [q.field, fc.integer({ min: q.min * 10, max: q.max * 10 }).map((n) => n / 10)])),
    ...(project === "seawall" ? { within: fc.constantFrom("yes", "no", "unsure") } : {}),
    water: fc.constantFrom("fresh", "salt"),
    access: fc.constantFrom("land", "barge"),
    waterway: fc.constantFrom(...WATERWAYS),
  }) as fc.Arbitrary<EstimateAnswers>;
});

const sizeField = (a: EstimateAnswers) => PROJECT_INFO[a.project].sizes[0];

describe("promises for any published rules (fast-check)", () => {
  it("every generated rule set is one the office could publish", () => {
    fc.assert(fc.property(rulesArb, (rules) => priceRulesSchema.safeParse(rules).success), { numRuns: 200 });
  });

  it("low ≤ high, both whole dollars ≥ 0", () => {
    fc.assert(
      fc.property(rulesArb, answersArb, (rules, a) => {
        const e = computeEstimate(rules, a);
        return e.low >= 0 && e.low <= e.high && Number.isInteger(e.low) && Number.isInteger(e.high);
      }),
      { numRuns: 2000 },
    );
  });

  it("more feet (or sq ft, lb, cu yd) never costs less", () => {
    fc.assert(
      fc.property(rulesArb, answersArb, fc.double({ min: 0, max: 1, noNaN: true }), (rules, a, t) => {
        const q = sizeField(a);
        const more = Math.min(q.max, a[q.field]! + t * (q.max - q.min));
        const e1 = computeEstimate(rules, a);
        const e2 = computeEstimate(rules, { ...a, [q.field]: more });
        return e2.low >= e1.low && e2.high >= e1.high;
      }),
      { numRuns: 2000 },
    );
  });

  it("by barge never costs less than from land", () => {
    fc.assert(
      fc.property(rulesArb, answersArb, (rules, a) => {
        const land = computeEstimate(rules, { ...a, access: "land" });
        const barge = computeEstimate(rules, { ...a, access: "barge" });
        return barge.low >= land.low && barge.high >= land.high;
      }),
      { numRuns: 2000 },
    );
  });

  it("salt water never costs less than fresh, and at most three drivers are named", () => {
    fc.assert(
      fc.property(rulesArb, answersArb, (rules, a) => {
        const fresh = computeEstimate(rules, { ...a, water: "fresh" });
        const salt = computeEstimate(rules, { ...a, water: "salt" });
        return salt.low >= fresh.low && salt.high >= fresh.high && salt.drivers.length <= 3 && salt.drivers.every((d) => d.title && d.detail);
      }),
      { numRuns: 1000 },
    );
  });

  it("rounding keeps order: down never above, up never below (to the cent), and both monotone", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5e7, noNaN: true }), fc.double({ min: 0, max: 5e7, noNaN: true }), (x, y) => {
        const [a, b] = x <= y ? [x, y] : [y, x];
        return roundDown(a) <= a + 0.005 && roundUp(a) >= a - 0.005 && roundDown(a) <= roundDown(b) && roundUp(a) <= roundUp(b);
      }),
      { numRuns: 5000 },
    );
  });

  it("parsing never throws, whatever is sent, and answers either a valid estimate or a named field", () => {
    const anyValue = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null), fc.boolean(), fc.constant(undefined), fc.constantFrom(...PROJECTS, ...WATERWAYS, "salt", "barge", "new", "concrete"));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("project", "kind", "material", "feet", "length", "width", "depth", "capacity", "water", "access", "waterway", "within", "other"), anyValue), (body) => {
        const out = estimateFrom(RULES, body);
        return "problem" in out ? out.problem.field.length > 0 && out.problem.message.length > 0 : out.estimate.low <= out.estimate.high;
      }),
      { numRuns: 3000 },
    );
  });
});
