import { describe, expect, it } from "vitest";
import { compareByPrice, formatDollars, normalizePriceText, parsePrice } from "../../src/lib/price.ts";

describe("parsePrice", () => {
  it.each([
    ["$1,299", { low: 1299, high: 1299 }],
    ["$49.99", { low: 49.99, high: 49.99 }],
    ["$12.5", { low: 12.5, high: 12.5 }],
    ["$24 – $38", { low: 24, high: 38 }],
    ["$2,499 - $3,299", { low: 2499, high: 3299 }],
    ["From $89", { low: 89, high: 89 }],
    ["$300 to $150", { low: 150, high: 300 }],
    // With a dollar sign present, other numbers (sizes) do not count.
    ["10 in. cleat $42", { low: 42, high: 42 }],
    // Without any dollar sign, plain numbers are the amounts.
    ["1200-2400", { low: 1200, high: 2400 }],
    ["1299", { low: 1299, high: 1299 }],
    ["$ 75", { low: 75, high: 75 }],
    ["", null],
    [null, null],
    [undefined, null],
    ["Call for a quote", null],
    ["$", null],
    ["$99999999999", null],
  ])("reads %j as %j", (text, range) => {
    expect(parsePrice(text)).toEqual(range);
  });
});

describe("normalizePriceText", () => {
  it.each([
    ["", ""],
    ["   ", ""],
    ["1299", "$1,299"],
    ["1299.5", "$1,299.50"],
    ["$45", "$45"],
    ["45.00", "$45"],
    ["1,200", "$1,200"],
    ["  $24  –  $38 ", "$24 – $38"],
    ["Call us", "Call us"],
  ])("stores %j as %j", (input, out) => {
    expect(normalizePriceText(input)).toBe(out);
  });

  it("formats whole and fractional dollars", () => {
    expect([formatDollars(5), formatDollars(1234.5), formatDollars(0.99)]).toEqual(["$5", "$1,234.50", "$0.99"]);
  });
});

describe("compareByPrice", () => {
  const items = [
    { name: "No price B", price: "" },
    { name: "Range", price: "$20 – $90" },
    { name: "Cheap", price: "$10" },
    { name: "No price A", price: "Call us" },
    { name: "Dear", price: "$80" },
    { name: "Same low", price: "$10 – $15" },
  ];
  it.each([
    ["asc", ["Cheap", "Same low", "Range", "Dear", "No price A", "No price B"]],
    // Descending looks at the high end: the $90 range beats $80.
    ["desc", ["Range", "Dear", "Same low", "Cheap", "No price A", "No price B"]],
  ] as const)("sorts %s with priceless items last", (dir, names) => {
    expect([...items].sort(compareByPrice(dir)).map((i) => i.name)).toEqual(names);
  });
});
