// No import cycles in src/ and functions/, type-only imports included (ESLint's no-cycle skips
// those, and a type-only import still ties two modules together for whoever reads or moves them).
import { describe, expect, it } from "vitest";
import { arrows, cycles, importGraph, type ImportGraph } from "../../scripts/import-graph.ts";

const graph = (edges: Record<string, string[]>): ImportGraph => ({
  files: Object.keys(edges),
  edges: new Map(Object.entries(edges).map(([f, to]) => [f, new Set(to)])),
});

describe("the import graph", () => {
  it("finds a loop of any length, and nothing in a tree", () => {
    expect(cycles(graph({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]]);
    expect(cycles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("has no cycle in src/ and functions/", () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it("runs from leads to the CRM client and never back", () => {
    const g = importGraph();
    expect(arrows(g, "src/server/leads/", "src/server/crm/").length).toBeGreaterThan(0);
    expect(arrows(g, "src/server/crm/", "src/server/leads/")).toEqual([]);
  });
});
