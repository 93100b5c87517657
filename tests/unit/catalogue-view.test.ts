import { describe, expect, it } from "vitest";
import { applyView, changeView, DEFAULT_VIEW, readView, writeView, type View } from "../../src/islands/catalogue/catalogue-view.ts";

const products = Array.from({ length: 14 }, (_, i) => ({
  name: i % 2 ? `Dock Cleat ${i}` : `Boat Lift Part ${i}`,
  price: i === 3 ? "" : `$${(i + 1) * 10}`,
  category: i % 2 ? "mooring" : i === 0 ? "" : "lifts",
}));
const view = (v: Partial<View>) => ({ ...DEFAULT_VIEW, ...v });

describe("URL view", () => {
  it.each([
    ["", DEFAULT_VIEW],
    ["?q=cleat&sort=asc&size=24&page=2", { q: "cleat", cat: "", sort: "asc", size: 24, page: 2 }],
    ["?sort=cheapest&size=7&page=-1", DEFAULT_VIEW],
    ["?page=2.5&size=abc", DEFAULT_VIEW],
    ["?size=6&sort=desc", { ...DEFAULT_VIEW, size: 6, sort: "desc" }],
    ["?cat=lifts", { ...DEFAULT_VIEW, cat: "lifts" }],
    // A category the catalogue does not have: all products.
    ["?cat=boats", DEFAULT_VIEW],
    // The spec's old sizes are not offered any more: the default instead.
    ["?size=9", DEFAULT_VIEW],
  ])("reads %j", (search, v) => {
    expect(readView(search)).toEqual(v);
  });

  it.each([
    [DEFAULT_VIEW, ""],
    [view({ q: "dock box", page: 3 }), "?q=dock+box&page=3"],
    [view({ sort: "desc", size: 6 }), "?sort=desc&size=6"],
    [view({ q: "cleat", cat: "mooring" }), "?q=cleat&cat=mooring"],
  ])("writes %j as %j and reads it back", (v, search) => {
    expect(writeView(v)).toBe(search);
    expect(readView(search)).toEqual(v);
  });
});

describe("changeView", () => {
  it.each([
    ["page size", { size: 24 }, 1],
    ["sort", { sort: "asc" as const }, 1],
    ["search", { q: "lift" }, 1],
    ["category", { cat: "lifts" as const }, 1],
    ["same size again", { size: 12 }, 3],
    ["page", { page: 4 }, 4],
  ])("changing %s leaves the page at the expected number", (_c, change, page) => {
    expect(changeView(view({ page: 3 }), change).page).toBe(page);
  });
});

describe("applyView", () => {
  it.each([
    ["first page", view({ size: 6 }), 6, 1, 6, 14, 3],
    ["last, partial page", view({ size: 6, page: 3 }), 2, 13, 14, 14, 3],
    ["page past the end clamps to the last", view({ size: 6, page: 99 }), 2, 13, 14, 14, 3],
    ["12 per page, the default", view({}), 12, 1, 12, 14, 2],
    ["search, any case", view({ q: "CLEAT", size: 6 }), 6, 1, 6, 7, 2],
    ["search with spaces trimmed", view({ q: "  lift part 1 " }), 2, 1, 2, 2, 1],
    ["nothing found", view({ q: "kayak" }), 0, 0, 0, 0, 1],
    // Issue 39: a category, and a search inside it; a product with none shows under all only.
    ["a category", view({ cat: "lifts" }), 6, 1, 6, 6, 1],
    ["a search inside a category", view({ cat: "mooring", q: "cleat 1" }), 3, 1, 3, 3, 1],
  ])("%s", (_c, v, count, from, to, total, pages) => {
    const r = applyView(products, v);
    expect([r.items.length, r.from, r.to, r.total, r.pages]).toEqual([count, from, to, total, pages]);
  });

  it("sorts before paging, priceless last", () => {
    const asc = applyView(products, view({ sort: "asc", size: 12, page: 2 }));
    expect(asc.items.at(-1)!.price).toBe("");
    const desc = applyView(products, view({ sort: "desc", size: 3 }));
    expect(desc.items.map((p) => p.price)).toEqual(["$140", "$130", "$120"]);
  });

  it("does not reorder the list it is given", () => {
    const copy = products.map((p) => p.name);
    applyView(products, view({ sort: "desc" }));
    expect(products.map((p) => p.name)).toEqual(copy);
  });
});
