// Issue 37: the estimator in Spanish. The same answers give the same range in either language; only
// the words change: the questions, what to correct, what moves the price, the permits' exemptions,
// the weeks. The office's texts (a permit's name and note, a waterway's note) are its Spanish where
// it wrote one, else the English, flagged so the page marks it lang="en". The office's records stay English.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROJECTS, WATERWAYS, type PriceRules } from "../../src/lib/contracts/estimate.ts";
import { answersText, estimateFrom, estimateLines, parseAnswers, weeksText } from "../../src/lib/estimate.ts";
import { estimateWords, projectInfo } from "../../src/lib/i18n/estimate.ts";
import { priceRulesSchema } from "../../src/lib/estimate-rules.ts";
import { priceSpanishItems } from "../../src/server/site-content/spanish.ts";

const SEED = priceRulesSchema.parse(JSON.parse(readFileSync("content/estimate.json", "utf8"))) as PriceRules;
const SEAWALL = { project: "seawall", kind: "new", material: "concrete", feet: 120, water: "salt", access: "barge", waterway: "canal" };
const ok = (raw: Record<string, unknown>, locale: "en" | "es", rules = SEED) => {
  const out = estimateFrom(rules, raw, 3, locale);
  if ("problem" in out) throw new Error(out.problem.message);
  return out.estimate;
};

describe("the estimator in Spanish", () => {
  it("the issue's seawall: the same range, its words in Spanish, the permit's Spanish name", () => {
    const en = ok(SEAWALL, "en");
    const es = ok(SEAWALL, "es");
    expect([es.low, es.high]).toEqual([en.low, en.high]);
    expect(es.size).toBe("120 pies");
    expect(es.drivers.map((d) => d.title)).toEqual(["Tamaño: 120 pies", "En barcaza", "Un seawall nuevo"]);
    expect(es.drivers[0].detail).toMatch(/^Cada 10 pies de más o de menos cambia el precio en unos \$[\d,]+–\$[\d,]+\.$/);
    expect(es.drivers[1].detail).toMatch(/^Suma unos \$[\d,]+–\$[\d,]+ en comparación con “Por tierra”\.$/);
    expect(es.drivers[2].detail).toMatch(/^Elegir “Reemplazar un seawall viejo” sumaría unos \$[\d,]+–\$[\d,]+\.$/);
    expect(es.permits.map((p) => [p.name, p.english])).toEqual([
      ["Permiso de muelles y seawalls de la Ciudad de Cape Coral", undefined],
      ["Permiso estatal de recursos ambientales (ERP)", undefined],
    ]);
    expect(es.permits[0].note).toBe("Lo tramitamos nosotros, con planos y un levantamiento topográfico.");
    expect(answersText(es.answers, "es")).toBe("Un seawall nuevo · 120 pies · Paneles de concreto · En barcaza · Agua salada · Un canal de Cape Coral");
    expect(weeksText(es.permitWeeks!, "es")).toBe("4–12 semanas");
    // The office's records are computed from the answers, in English (the server's recompute).
    expect(estimateLines(ok(es.answers as unknown as Record<string, unknown>, "en"))).toEqual(estimateLines(en));
  });

  it("the state's exemptions and a waterway's note, in Spanish", () => {
    const dock = ok({ project: "dock", kind: "new", material: "wood", length: 40, width: 8, water: "salt", access: "land", waterway: "canal" }, "es");
    expect(dock.size).toBe("40 × 8 pies (320 pies cuadrados)");
    expect(dock.permits.find((p) => p.id === "state")).toMatchObject({ status: "exempt", note: "Probablemente no se necesita: un muelle privado de hasta 1,000 pies cuadrados en un canal artificial está exento." });
    const wall = ok({ ...SEAWALL, kind: "replacement", within: "unsure", waterway: "matlacha" }, "es");
    expect(wall.permits.find((p) => p.id === "state")?.note).toBe("No se necesita si el muro nuevo va a 18 pulgadas o menos del viejo; lo revisamos en la visita.");
    expect(wall.waterwayNote).toBe("Matlacha Pass es una reserva acuática del estado: lo que se puede construir es limitado y las revisiones tardan más.");
    expect(wall.waterwayNoteEnglish).toBeUndefined();
    const dredge = ok({ project: "dredge", length: 80, width: 20, depth: 2, water: "salt", access: "land", waterway: "canal" }, "es");
    expect(dredge.size).toBe("80 × 20 pies, 2 pies de profundidad (unas 119 yardas cúbicas)");
  });

  it("a text the office has not written in Spanish is the English, flagged", () => {
    const rules: PriceRules = structuredClone(SEED);
    delete rules.permits[0].es;
    delete rules.waterways.caloosahatchee.es;
    const es = ok({ ...SEAWALL, waterway: "canal" }, "es", rules);
    expect(es.permits[0]).toMatchObject({ name: "City of Cape Coral dock and seawall permit", english: ["name", "note"] });
    const river = ok({ ...SEAWALL, waterway: "caloosahatchee" }, "es", rules);
    expect(river.waterwayNoteEnglish).toBe(true);
    // English pages flag nothing.
    expect(ok(SEAWALL, "en", rules).permits[0].english).toBeUndefined();
    // ... and the launch checklist lists them.
    expect(priceSpanishItems(rules).map((i) => i.field)).toEqual(["prices.permits.es", "prices.waterways.es"]);
    expect(priceSpanishItems(SEED)).toEqual([]);
  });

  it("what to correct is said in Spanish, at the same field", () => {
    const say = (raw: Record<string, unknown>) => {
      const out = parseAnswers(raw, "es");
      return "problem" in out ? out.problem : null;
    };
    expect(say({ ...SEAWALL, feet: 10000 })).toEqual({ field: "feet", message: "El largo del muro puede ser de 2,000 pies como máximo aquí: para un trabajo más grande, llame a la oficina." });
    expect(say({ ...SEAWALL, feet: 2 })).toEqual({ field: "feet", message: "El largo del muro debe ser de al menos 10 pies (de 10 a 2,000 pies)." });
    expect(say({ ...SEAWALL, feet: "mucho" })).toEqual({ field: "feet", message: "Escriba el largo del muro como un número (de 10 a 2,000 pies)." });
    expect(say({ ...SEAWALL, material: "wood" })?.message).toBe("Elija un material de la lista: paneles de concreto o tablestacas de vinilo.");
    expect(say({ ...SEAWALL, water: "x" })?.message).toBe("Elija agua dulce o salada.");
    expect(say({ ...SEAWALL, extra: 1 })?.message).toBe("Esta no es una de las preguntas de la calculadora.");
  });

  it("every project's questions have Spanish words, with the English ids, numbers and order", () => {
    for (const p of PROJECTS) {
      const en = projectInfo(p, "en");
      const es = projectInfo(p, "es");
      expect(es.kinds.map((k) => k.id)).toEqual(en.kinds.map((k) => k.id));
      expect(es.sizes.map((q) => [q.field, q.min, q.max, q.start])).toEqual(en.sizes.map((q) => [q.field, q.min, q.max, q.start]));
      for (const text of [es.label, ...es.kinds.map((k) => k.label), ...es.materials.map((m) => m.label), ...es.sizes.map((q) => q.label), ...es.sizes.map((q) => q.hint ?? "")]) expect(text).not.toMatch(/\b(the|and|or|of|your|new|old)\b/i);
      expect(es.sizes.every((q) => !!q.hint === !!en.sizes.find((x) => x.field === q.field)!.hint)).toBe(true);
    }
    const w = estimateWords("es");
    for (const x of WATERWAYS) expect(w.waterway[x]).not.toBe(estimateWords("en").waterway[x] === "Matlacha Pass" ? "" : estimateWords("en").waterway[x]);
  });

  it("any answers give the same range and the same field to correct in either language", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROJECTS), fc.double({ min: -10, max: 5000, noNaN: true }), fc.constantFrom("salt", "fresh", "x"), (project, n, water) => {
        const material = projectInfo(project, "en").materials[0]?.id;
        const raw: Record<string, unknown> = { project, kind: projectInfo(project, "en").kinds[0].id, ...(material ? { material } : {}), length: n, width: n / 4, depth: 2, feet: n, capacity: n * 10, water, access: "land", waterway: "canal" };
        const en = estimateFrom(SEED, raw, null, "en");
        const es = estimateFrom(SEED, raw, null, "es");
        if ("problem" in en) expect("problem" in es && es.problem.field).toBe(en.problem.field);
        else expect("estimate" in es && [es.estimate.low, es.estimate.high]).toEqual([en.estimate.low, en.estimate.high]);
      }),
      { numRuns: 300 },
    );
  });
});
