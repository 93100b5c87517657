import { describe, expect, it } from "vitest";
import { normalisePath, rate } from "../../src/server/vitals/vitals.ts";

describe("rate (Google's web vitals thresholds)", () => {
  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4000, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["INP", 200, "good"],
    ["INP", 500, "needs-improvement"],
    ["INP", 501, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.25, "needs-improvement"],
    ["CLS", 0.26, "poor"],
    ["TTFB", 800, "good"],
    ["TTFB", 1800, "needs-improvement"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s %d is %s", (metric, value, rating) => {
    expect(rate(metric, value)).toBe(rating);
  });
});

describe("normalisePath", () => {
  it.each([
    ["/", "/"],
    ["/services/", "/services"],
    ["/services//", "/services"],
    ["/products/abc", "/products/abc"],
  ])("%s → %s", (input, output) => {
    expect(normalisePath(input)).toBe(output);
  });
});
